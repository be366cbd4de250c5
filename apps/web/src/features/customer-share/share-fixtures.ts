/** Test fixtures of the customer's page (never imported by app code). */
import { SIGNATURE_ACCEPTANCE_TEXT, SIGNATURE_CONSENT_TEXT, customerStages, type PublicShare, type ShareGone } from '@sunin/contract';
import { makeEstimate } from '../../components/estimate/estimate-fixtures';

export const TOKEN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123456';

export const PARTNER = { name: 'Ana Lopez', company_name: 'Bright Solar LLC', phone_number: '5125550100', email: 'ana@bright.example', logo_url: `/api/public/shares/${TOKEN}/logo` };

export function buildPublicShare(overrides: Partial<PublicShare> = {}): PublicShare {
  return {
    recipient_name: 'Dana Owner',
    expires_at: '2026-12-28T10:00:00.000Z',
    signed_at: null,
    partner: PARTNER,
    customer: { company_name: 'Acme Foods', industry: 'Food processing', site_address: '100 Main St, Austin, TX 78701', utility_company: 'Austin Energy' },
    proposal: { version: 2, delivered_at: '2026-11-20T15:00:00.000Z', links: [{ title: 'Design proposal', url: 'https://docs.example/proposal-v2.pdf' }] },
    superseded: [{ version: 1, delivered_at: '2026-11-10T15:00:00.000Z' }],
    estimate: makeEstimate(),
    signature: null,
    archived: false,
    stage: 'Presentation Ready',
    stages: customerStages('Presentation Ready', '2026-11-20T15:00:00.000Z', {}, { 'Project Initiation': '2026-11-01T15:00:00.000Z' }, new Date('2026-11-25T12:00:00.000Z')),
    consent_text: SIGNATURE_CONSENT_TEXT,
    acceptance_text: SIGNATURE_ACCEPTANCE_TEXT,
    ...overrides,
  };
}

export function buildSignedShare(overrides: Partial<PublicShare> = {}): PublicShare {
  return buildPublicShare({
    signed_at: '2026-11-27T16:00:00.000Z',
    signature: {
      signed_at: '2026-11-27T16:00:00.000Z',
      signer_name: 'Dana Owner',
      signer_title: 'Owner',
      signer_email: 'dana@acme.example',
      proposal_version: 2,
      document_sha256: 'a'.repeat(64),
      document_url: `/api/public/shares/${TOKEN}/signature/document`,
    },
    stage: 'Financing and Documentation',
    stages: customerStages('Financing and Documentation', '2026-11-27T16:00:00.000Z', {}, {}, new Date('2026-11-28T12:00:00.000Z')),
    ...overrides,
  });
}

export function buildGone(reason: ShareGone['reason']): ShareGone {
  return { error: { code: 'gone', message: reason === 'expired' ? 'This link has expired.' : 'This link was withdrawn by the partner who sent it.' }, reason, partner: PARTNER };
}

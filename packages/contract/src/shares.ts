import { z } from 'zod';
import { PROJECT_STAGES, ALL_PROJECT_STAGES, type ProjectStage } from './enums.js';
import { emailField } from './users.js';
import { estimateSchema } from './estimate-schemas.js';

/**
 * The customer's side (issue 36; docs/decisions/040): a project's owner (or an administrator)
 * gives the business owner one link, APP_URL/p/{token}, that shows the proposal, takes an
 * electronic signature or a request for changes, and then follows the project to installation.
 */

export const SHARE_DEFAULT_DAYS = 30;
export const SHARE_MAX_DAYS = 90;
/** The web path of a customer link; the token follows. */
export const SHARE_PATH_PREFIX = '/p/';
/** 32 random bytes as base64url: 43 characters. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The emailed signature code: six digits, ten minutes, five tries (issue 36 item 4). */
export const SIGNATURE_CODE_DIGITS = 6;
export const SIGNATURE_CODE_TTL_MINUTES = 10;
export const SIGNATURE_CODE_MAX_TRIES = 5;
/** A drawn signature is a PNG data URL of at most this many bytes once decoded. */
export const DRAWN_SIGNATURE_MAX_BYTES = 200_000;

/**
 * The consent the signer ticks (ESIGN Act 15 U.S.C. 7001(c) and UETA section 7): agreement to
 * electronic records and signatures, the right to paper, and how to withdraw. The certificate
 * page of the signed PDF quotes it word for word.
 */
export const SIGNATURE_CONSENT_TEXT =
  'I agree to use electronic records and signatures for this proposal. My electronic signature is the legal equivalent of my handwritten signature, and I intend to sign. ' +
  'I can download the signed document, and I can ask the partner below for a paper copy at no charge or withdraw this consent before I sign by contacting them; withdrawing does not undo a signature already given.';

/** What the signer accepts by signing (shown above the signature and printed in the PDF). */
export const SIGNATURE_ACCEPTANCE_TEXT =
  'By signing I accept this proposal on behalf of the company named above and ask the partner and SunIn to proceed to financing and a site survey. ' +
  'Final pricing and terms follow in the installation contract.';

export const SHARE_MESSAGES = {
  notFound: 'This link is not valid. Please ask the person who sent it for a new one.',
  expired: 'This link has expired.',
  revoked: 'This link was withdrawn by the partner who sent it.',
  alreadySigned: 'This proposal has already been signed through this link.',
  noProposal: 'There is no proposal to sign yet. You can still ask for changes.',
  versionChanged: 'A newer version of the proposal was delivered while you were reading. The page now shows it: please review it before you sign.',
  codeWrong: 'The code is not right. Check the latest email and try again.',
  codeExpired: 'The code has expired or was used too many times. Ask for a new one.',
  codeMissing: 'Ask for a code first: we email it to the address you sign with.',
  consentRequired: 'Tick the box to agree to sign electronically.',
  signatureRequired: 'Type your name or draw your signature.',
  drawnInvalid: 'The drawn signature is not a PNG image.',
  tooManyActive: 'This project already has 20 active links. Revoke one first.',
} as const;

export const SHARE_MAX_ACTIVE_PER_PROJECT = 20;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

export const shareCreateSchema = z.object({
  recipient_name: requiredText('Recipient name', 100),
  recipient_email: emailField,
  expires_in_days: z.coerce
    .number({ error: 'expires_in_days must be a whole number.' })
    .int('expires_in_days must be a whole number.')
    .min(1, 'expires_in_days must be at least 1.')
    .max(SHARE_MAX_DAYS, `expires_in_days must be at most ${SHARE_MAX_DAYS}.`)
    .default(SHARE_DEFAULT_DAYS),
  /** Have the portal email the link to the recipient. */
  send_email: z.boolean({ error: 'send_email must be true or false.' }).default(false),
});
export const shareCreateBodySchema = z.object({ share: shareCreateSchema });
export type ShareCreateInput = z.input<typeof shareCreateSchema>;

export const SHARE_STATUSES = ['active', 'signed', 'expired', 'revoked'] as const;
export type ShareStatus = (typeof SHARE_STATUSES)[number];

export const shareSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  recipient_name: z.string(),
  recipient_email: z.string(),
  created_by_name: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  emailed_at: z.string().nullable(),
  status: z.enum(SHARE_STATUSES),
  view_count: z.number().int(),
  last_viewed_at: z.string().nullable(),
  signed_at: z.string().nullable(),
  /** The signed PDF as a project file, once signed. */
  signed_file_id: z.number().int().nullable(),
  change_requests: z.number().int(),
});
export type Share = z.infer<typeof shareSchema>;
/** The creation's answer: the only time the link itself is shown (only its hash is stored). */
export const shareCreatedSchema = shareSchema.extend({ url: z.string() });
export type ShareCreated = z.infer<typeof shareCreatedSchema>;
export const shareParamsSchema = z.object({
  id: z.coerce.number({ error: 'The id must be a number.' }).int().min(1).max(2_147_483_647),
  shareId: z.coerce.number({ error: 'The share id must be a number.' }).int().min(1).max(2_147_483_647),
});

export const shareTokenParamsSchema = z.object({ token: z.string().max(64) });

/** The partner as the customer sees them. */
export const sharePartnerSchema = z.object({
  name: z.string(),
  company_name: z.string(),
  phone_number: z.string(),
  email: z.string(),
  /** The partner's logo for this link (`/api/public/shares/{token}/logo`), or null. */
  logo_url: z.string().nullable(),
});
export type SharePartner = z.infer<typeof sharePartnerSchema>;

/** The answer of an expired or revoked link (410): who to ask for a new one. */
export const shareGoneSchema = z.object({
  error: z.object({ code: z.literal('gone'), message: z.string() }),
  reason: z.enum(['expired', 'revoked']),
  partner: sharePartnerSchema,
});
export type ShareGone = z.infer<typeof shareGoneSchema>;

/** One delivery of the engineering team's proposal: version n is the n-th delivery on the project. */
export const proposalVersionSchema = z.object({
  version: z.number().int(),
  delivered_at: z.string(),
  links: z.array(z.object({ title: z.string(), url: z.string() })),
});
export type ProposalVersion = z.infer<typeof proposalVersionSchema>;

export const shareSignatureSchema = z.object({
  signed_at: z.string(),
  signer_name: z.string(),
  signer_title: z.string(),
  signer_email: z.string(),
  proposal_version: z.number().int().nullable(),
  document_sha256: z.string(),
  /** `/api/public/shares/{token}/signature/document`. */
  document_url: z.string(),
});
export type ShareSignature = z.infer<typeof shareSignatureSchema>;

export const customerStageSchema = z.object({
  stage: z.enum(PROJECT_STAGES),
  title: z.string(),
  description: z.string(),
  state: z.enum(['done', 'current', 'next']),
  /** When the project entered it (done and current stages). */
  entered_at: z.string().nullable(),
  /** The expected day it is reached (next stages): median days per stage from now on. */
  expected_on: z.string().nullable(),
});
export type CustomerStage = z.infer<typeof customerStageSchema>;

export const publicShareSchema = z.object({
  recipient_name: z.string(),
  expires_at: z.string(),
  /** When this link was signed, or null. */
  signed_at: z.string().nullable(),
  partner: sharePartnerSchema,
  customer: z.object({ company_name: z.string(), industry: z.string(), site_address: z.string(), utility_company: z.string() }),
  /** The current proposal (latest delivery), or null before the first. */
  proposal: proposalVersionSchema.nullable(),
  /** Earlier deliveries, newest first, shown as superseded. */
  superseded: z.array(proposalVersionSchema.pick({ version: true, delivered_at: true })),
  estimate: estimateSchema,
  signature: shareSignatureSchema.nullable(),
  /** Archived projects show no stage line. */
  archived: z.boolean(),
  stage: z.enum(ALL_PROJECT_STAGES),
  stages: z.array(customerStageSchema),
  consent_text: z.string(),
  acceptance_text: z.string(),
});
export type PublicShare = z.infer<typeof publicShareSchema>;

export const signatureCodeBodySchema = z.object({ signature: z.object({ email: emailField }) });
export const signatureCodeResponseSchema = z.object({ message: z.string(), expires_at: z.string() });

const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;

export const signatureBodySchema = z.object({
  signature: z
    .object({
      name: requiredText('Name', 100),
      title: requiredText('Title', 100),
      email: emailField,
      code: z
        .string({ error: 'The code is required.' })
        .trim()
        .regex(new RegExp(`^\\d{${SIGNATURE_CODE_DIGITS}}$`), `The code is ${SIGNATURE_CODE_DIGITS} digits.`),
      consent: z.literal(true, { error: SHARE_MESSAGES.consentRequired }),
      /**
       * The version the signer read (the page sends it): another version delivered meanwhile
       * answers 409 rather than sign what they did not see.
       */
      proposal_version: z.number({ error: 'proposal_version must be a whole number.' }).int('proposal_version must be a whole number.').min(1).max(2_147_483_647).optional(),
      typed_signature: z.string().trim().min(1, SHARE_MESSAGES.signatureRequired).max(100, 'The typed signature must be at most 100 characters.').optional(),
      drawn_signature: z
        .string()
        // base64 of DRAWN_SIGNATURE_MAX_BYTES plus the prefix.
        .max(Math.ceil((DRAWN_SIGNATURE_MAX_BYTES * 4) / 3) + 32, 'The drawn signature is too large.')
        .regex(PNG_DATA_URL, SHARE_MESSAGES.drawnInvalid)
        .optional(),
    })
    .superRefine((value, context) => {
      const given = Number(value.typed_signature !== undefined) + Number(value.drawn_signature !== undefined);
      if (given !== 1) context.addIssue({ code: 'custom', path: ['typed_signature'], message: given === 0 ? SHARE_MESSAGES.signatureRequired : 'Give a typed or a drawn signature, not both.' });
    }),
});
export type SignatureInput = z.input<typeof signatureBodySchema>['signature'];

export const changeRequestBodySchema = z.object({
  change_request: z.object({
    name: requiredText('Name', 100),
    email: emailField,
    note: requiredText('The note', 4000),
  }),
});
export const changeRequestResponseSchema = z.object({ message: z.string(), created_at: z.string() });

/**
 * The five stages as a business owner reads them (issue 36 item 6). The stage names are the
 * spec's; the titles and descriptions are the customer's words.
 */
export const CUSTOMER_STAGE_TEXT: Readonly<Record<(typeof PROJECT_STAGES)[number], { title: string; description: string }>> = {
  'Project Initiation': { title: 'Getting started', description: 'Your partner has your site and utility details, and our engineers prepare the design proposal.' },
  'Presentation Ready': { title: 'Proposal ready', description: 'The proposal is ready to review with you: system size, savings and the price.' },
  'Financing and Documentation': { title: 'Financing and paperwork', description: 'Financing is arranged and the contract, incentives and utility applications are prepared.' },
  'Site Survey and Finalization': { title: 'Site survey and final design', description: 'An engineer visits the site, confirms the roof and electrical details, and the design and permits are finalised.' },
  'Project Completion': { title: 'Installed', description: 'The system is installed, inspected and connected: it produces power for your business.' },
};

/**
 * Days a project typically spends at each stage before the next, when fewer than
 * STAGE_MEDIAN_MIN_PROJECTS completed projects give a median of their own (decision 040).
 */
export const DEFAULT_STAGE_DAYS: Readonly<Record<(typeof PROJECT_STAGES)[number], number>> = {
  'Project Initiation': 10,
  'Presentation Ready': 14,
  'Financing and Documentation': 21,
  'Site Survey and Finalization': 45,
  'Project Completion': 0,
};
export const STAGE_MEDIAN_MIN_PROJECTS = 5;

/** The link's address from the portal's public address. */
export const shareUrl = (appUrl: string, token: string): string => `${appUrl.replace(/\/+$/, '')}${SHARE_PATH_PREFIX}${token}`;

/**
 * The customer-facing stages: done up to the current, expected days for the rest from the
 * medians (whole days added to the later of now and the current stage's entry plus its median).
 */
export function customerStages(stage: ProjectStage, enteredAt: string | null, medians: Readonly<Record<string, number>>, history: Readonly<Record<string, string>>, now: Date): CustomerStage[] {
  const current = (PROJECT_STAGES as readonly string[]).indexOf(stage);
  const DAY = 86_400_000;
  let cursor = enteredAt ? Date.parse(enteredAt) : now.getTime();
  return PROJECT_STAGES.map((name, index) => {
    const text = CUSTOMER_STAGE_TEXT[name];
    if (current >= 0 && index <= current) {
      return { stage: name, ...text, state: index === current ? 'current' : 'done', entered_at: index === current ? enteredAt : (history[name] ?? null), expected_on: null };
    }
    const previous = PROJECT_STAGES[index - 1] ?? name;
    cursor = Math.max(cursor + (medians[previous] ?? DEFAULT_STAGE_DAYS[previous]) * DAY, index === current + 1 ? now.getTime() : cursor);
    return { stage: name, ...text, state: 'next', entered_at: null, expected_on: current < 0 ? null : new Date(cursor).toISOString().slice(0, 10) };
  });
}

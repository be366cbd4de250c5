import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { SHARE_TOKEN_PATTERN, type PublicShare } from '@sunin/contract';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { fullPageTitle } from '../../../components/ui/page-meta';
import { ApiError } from '../../../lib/api-client';
import { usePublicShare } from '../api/get-public-share';
import { ShareGoneError } from '../api/public-request';
import { ChangeRequestForm } from '../components/change-request-form';
import { CustomerEstimate } from '../components/customer-estimate';
import { GonePage, NoticeCard } from '../components/gone-page';
import { PartnerContact, PartnerHeader } from '../components/partner-card';
import { ProposalSection } from '../components/proposal-section';
import { SignForm } from '../components/sign-form';
import { StageList } from '../components/stage-list';
import { customerDate } from '../share-format';

export const NOT_VALID_TITLE = 'This link is not valid';

/**
 * Rendered into <head> by React 19 (it hoists <title> and <meta> from anywhere): a personal link
 * is never indexed, and no address of it leaks to another site as a referrer (issue 36 item 1).
 * The server sends the same as headers.
 */
function PrivatePageHead({ title }: { title: string }) {
  return (
    <>
      <title>{fullPageTitle(title)}</title>
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
    </>
  );
}

/** "Signed on ... by ...", with the signed document; focused when the customer has just signed. */
function SignedBanner({ share, focus }: { share: PublicShare; focus: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  const signature = share.signature;
  return (
    <div ref={ref} tabIndex={-1} role="region" aria-labelledby="signed-title" className="rounded-2xl border border-brand-200 bg-brand-50 p-5 focus:outline-2 focus:outline-brand-600 sm:p-6">
      <h2 id="signed-title" className="text-lg font-semibold text-brand-900">
        Signed on {customerDate(share.signed_at)}
        {signature ? ` by ${signature.signer_name}` : ''}
      </h2>
      <p className="mt-1 text-sm text-brand-900">Thank you. We emailed a copy of the signed proposal; you can also download it here.</p>
      {signature && (
        <a href={signature.document_url} download className="mt-3 inline-block font-semibold text-brand-800 underline">
          Download the signed proposal
        </a>
      )}
      {signature?.proposal_version != null && share.proposal && share.proposal.version !== signature.proposal_version && (
        <p className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          Version {share.proposal.version} of the proposal was delivered after you signed version {signature.proposal_version}. A new version needs a new signature:{' '}
          {share.partner.name || 'your partner'} will send you a new link to review and sign it.
        </p>
      )}
    </div>
  );
}

function SharedProposal({ token, share }: { token: string; share: PublicShare }) {
  const [justSigned, setJustSigned] = useState(false);
  const signed = share.signed_at !== null;
  const company = share.customer.company_name || 'your business';
  return (
    <div className="min-h-screen bg-ink-50">
      <PrivatePageHead title={`Proposal for ${company}`} />
      <PartnerHeader partner={share.partner} />
      <main className="mx-auto max-w-5xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
        <div>
          <h1 className="text-2xl font-bold break-words text-ink-900 sm:text-3xl">Proposal for {company}</h1>
          {share.customer.site_address && <p className="mt-1 text-ink-700">{share.customer.site_address}</p>}
          <p className="mt-1 text-sm text-ink-600">Prepared for {share.recipient_name}</p>
        </div>

        {signed && <SignedBanner share={share} focus={justSigned} />}

        <section aria-labelledby="steps-title" className="rounded-2xl border border-ink-200 bg-white p-5 shadow-sm sm:p-6">
          <h2 id="steps-title" className="text-lg font-semibold text-ink-900">
            {signed ? 'Where your project is' : 'What happens next'}
          </h2>
          <div className="mt-4">
            {signed && share.archived ? (
              <p className="text-ink-700">This project is no longer active. For any question, contact {share.partner.name}.</p>
            ) : (
              <StageList stages={share.stages} progress={signed} />
            )}
          </div>
        </section>

        <ProposalSection share={share} />
        <CustomerEstimate estimate={share.estimate} />

        {!signed && (
          <section aria-labelledby="sign-title" className="rounded-2xl border border-ink-200 bg-white p-5 shadow-sm sm:p-6">
            <h2 id="sign-title" className="text-lg font-semibold text-ink-900">
              Accept and sign
            </h2>
            <div className="mt-4">
              {share.proposal ? (
                <SignForm token={token} share={share} onSigned={() => setJustSigned(true)} />
              ) : (
                <p className="text-ink-700">You can sign here once the proposal is ready. Until then you can ask for changes below.</p>
              )}
            </div>
          </section>
        )}
        {!signed && <ChangeRequestForm token={token} defaultName={share.recipient_name} />}

        <section aria-labelledby="partner-title" className="rounded-2xl border border-ink-200 bg-white p-5 shadow-sm sm:p-6">
          <h2 id="partner-title" className="text-lg font-semibold text-ink-900">
            Your partner
          </h2>
          <p className="mt-1 text-sm text-ink-600">Questions, a paper copy at no charge, or a change of mind before signing: contact them.</p>
          <PartnerContact partner={share.partner} className="mt-3" />
        </section>
      </main>
    </div>
  );
}

function NotValid() {
  return (
    <>
      <PrivatePageHead title={NOT_VALID_TITLE} />
      <NoticeCard title={NOT_VALID_TITLE}>
        <p>Please check that the whole address was copied, or ask the person who sent it for a new one.</p>
      </NoticeCard>
    </>
  );
}

/**
 * /p/:token, the customer's page (issue 36 items 2, 4, 5 and 6): public, outside the sign-in
 * guards, with its own header. It asks again every 30 seconds and on focus (customers have no
 * live channel), so an admin's stage move shows up.
 */
export function CustomerSharePage() {
  const token = useParams().token ?? '';
  // A malformed token is never sent: it cannot be a link of ours.
  if (!SHARE_TOKEN_PATTERN.test(token)) return <NotValid />;
  return <CustomerShare key={token} token={token} />;
}

function CustomerShare({ token }: { token: string }) {
  const share = usePublicShare(token);
  if (share.isPending) {
    return (
      <>
        <PrivatePageHead title="Proposal" />
        <PageSpinner label="Loading your proposal…" />
      </>
    );
  }
  if (share.isError) {
    if (share.error instanceof ShareGoneError) {
      return (
        <>
          <PrivatePageHead title={share.error.gone.reason === 'expired' ? 'This link has expired' : 'This link was withdrawn'} />
          <GonePage gone={share.error.gone} />
        </>
      );
    }
    if (share.error instanceof ApiError && share.error.status === 404) return <NotValid />;
    return (
      <>
        <PrivatePageHead title="Proposal" />
        <NoticeCard title="The proposal could not be loaded">
          <p>Check your connection and try again.</p>
          <Button variant="secondary" onClick={() => void share.refetch()} pending={share.isFetching}>
            Try again
          </Button>
        </NoticeCard>
      </>
    );
  }
  return <SharedProposal token={token} share={share.data} />;
}

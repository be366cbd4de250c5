import { referralRules } from '@sunin/contract';
import { Panel } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { PageSpinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/document-title';
import { useReferralLink } from '../api/get-referral';
import { useMyLeads } from '../api/list-leads';
import { LeadsList } from '../components/leads-list';
import { ReferralLinkPanel } from '../components/referral-link-panel';
import { RegisterLeadForm } from '../components/register-lead-form';

export const REFERRALS_TEXTS = {
  title: 'Referrals',
  linkFailed: 'Your referral link could not be loaded.',
  leadsFailed: 'Your leads could not be loaded.',
  noLeads: 'No leads yet',
} as const;

function LinkSection() {
  const referral = useReferralLink();
  if (referral.isPending) return <PageSpinner label="Loading your referral link…" />;
  if (referral.isError) return <LoadError message={REFERRALS_TEXTS.linkFailed} onRetry={() => referral.refetch()} retrying={referral.isFetching} />;
  return <ReferralLinkPanel referral={referral.data} />;
}

/** The rules in force, the registration form and the leads: all read from GET /api/user/leads. */
function LeadsSections() {
  const leads = useMyLeads();
  if (leads.isPending) return <PageSpinner label="Loading your leads…" />;
  if (leads.isError) return <LoadError message={REFERRALS_TEXTS.leadsFailed} onRetry={() => leads.refetch()} retrying={leads.isFetching} />;
  const { settings, open_registrations: open } = leads.data;
  return (
    <>
      <Panel title="The rules">
        <ul className="list-disc space-y-2 pl-5 text-sm text-ink-700">
          {referralRules(settings).map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      </Panel>
      <Panel title="Register a lead" description={`A business you are talking to, by its company and site address. You hold ${open} of ${settings.max_open_registrations} open registrations.`}>
        <RegisterLeadForm />
      </Panel>
      <Panel title="Your leads" description="What came through your link and what you registered, and how each is doing.">
        {leads.data.leads.length === 0 ? (
          <EmptyState title={REFERRALS_TEXTS.noLeads}>Share your link or register a business you are talking to: your leads show here.</EmptyState>
        ) : (
          <LeadsList leads={leads.data.leads} />
        )}
      </Panel>
    </>
  );
}

/**
 * /referrals (issue 39): the partner's link and QR code with what it has brought, the rules, a
 * form to register a lead by hand, and their leads with each one's progress. Live: the member
 * shell's socket re-reads every query under ['referrals'] on `leads_changed` and on each new
 * notification (a converted lead's project changing stage), so the page follows without a reload.
 */
export function ReferralsPage() {
  useDocumentTitle(REFERRALS_TEXTS.title);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-ink-900">{REFERRALS_TEXTS.title}</h1>
        <p className="mt-1 text-sm text-ink-600">Refer business owners with your link, register the ones you talk to, and follow each lead to its project.</p>
      </div>
      <LinkSection />
      <LeadsSections />
    </div>
  );
}

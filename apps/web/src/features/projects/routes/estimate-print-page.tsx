import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { Estimate, Project } from '@sunin/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { Logo } from '../../../components/ui/logo';
import { PageSpinner } from '../../../components/ui/spinner';
import { textLinkClasses } from '../../../components/ui/text-link';
import { fullName } from '../../../lib/current-user';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatLongDate, formatPhoneNumber } from '../../../lib/format';
import { useEstimate } from '../api/get-estimate';
import { useProject } from '../api/get-project';
import { projectPath, useProjectApi } from '../api/project-api';
import { AnnualBills, BillsTable, MeterLabel } from '../components/estimate/bills-section';
import { demandSavingsWords, projectBillRows } from '../../../components/estimate/bills-data';
import { AssumptionsList, EstimateWarnings, TaxCreditSummary } from '../../../components/estimate/estimate-details';
import { EstimateFigures, EstimateNotes, FinancingTable } from '../components/estimate/estimate-figures';
import { ESTIMATE_MESSAGES } from '../components/estimate/estimate-panel';
import { InvestmentFigures } from '../components/estimate/investment-figures';
import { parseRouteId } from './project-id';

const CashFlowChart = lazy(() => import('../components/estimate/cash-flow-chart'));

/**
 * Who prepared the estimate, as the customer reaches them (issue 35 item 8): the partner's name,
 * email and phone. Until their record arrives, or if it cannot be read, the project's owner name.
 */
function PartnerContact({ project }: { project: Project }) {
  const api = useProjectApi();
  const partner = useQuery({ queryKey: api.partner.key(project.user_id), queryFn: ({ signal }) => api.partner.get(project.user_id, signal) });
  const name = partner.data ? fullName(partner.data) || project.owner_name : project.owner_name;
  const phone = partner.data ? formatPhoneNumber(partner.data.phone_number) : '';
  return (
    <address aria-label="Your partner" className="text-sm text-ink-700 not-italic print:text-[9px]">
      <span className="font-semibold text-ink-900">Prepared by {name || 'your SunIn partner'}</span>
      {partner.data?.email && (
        <>
          {' · '}
          <a className={textLinkClasses} href={`mailto:${partner.data.email}`}>
            {partner.data.email}
          </a>
        </>
      )}
      {phone && (
        <>
          {' · '}
          <a className={textLinkClasses} href={`tel:${partner.data?.phone_number ?? ''}`}>
            {phone}
          </a>
        </>
      )}
    </address>
  );
}

/** The bills of the whole project by month, with how each meter was billed and the demand savings in words. */
function PrintBills({ estimate }: { estimate: Estimate }) {
  const { bills } = estimate;
  if (bills.meters.length === 0) return null;
  const words = demandSavingsWords(bills);
  return (
    <section className="space-y-2 break-inside-avoid print:space-y-0.5">
      <h2 className="text-sm font-semibold text-ink-900 print:text-[10px]">Bills before and after solar</h2>
      <AnnualBills annual={bills.annual} />
      {words && <p className="text-sm font-medium text-brand-800 print:text-[9px]">{words}</p>}
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs print:text-[8px]">
        {bills.meters.map((meter) => (
          <li key={meter.index}>
            <MeterLabel meter={meter} />
          </li>
        ))}
      </ul>
      <BillsTable rows={projectBillRows(bills)} caption="Monthly bills before and after solar, whole project" />
    </section>
  );
}

function PrintableEstimate({ projectId }: { projectId: number }) {
  const project = useProject(projectId);
  const estimate = useEstimate(projectId);
  const backTo = projectPath(useProjectApi(), projectId);
  useDocumentTitle(project.data ? `Savings estimate: ${project.data.company_name || `Project #${projectId}`}` : 'Savings estimate');

  if (project.isPending || estimate.isPending) return <PageSpinner label="Loading the estimate…" />;
  if (project.isError || estimate.isError) {
    return <LoadError message={ESTIMATE_MESSAGES.loadFailed} onRetry={() => Promise.all([project.refetch(), estimate.refetch()])} retrying={project.isFetching || estimate.isFetching} />;
  }
  const p = project.data;
  const e = estimate.data;
  const cityLine = [p.city, [p.state, p.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return (
    <article className="space-y-5 print:space-y-1.5">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={backTo} className={`${textLinkClasses} text-sm`}>
          Back to the project
        </Link>
        <Button onClick={() => window.print()}>Print</Button>
      </div>
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-ink-200 pb-4 print:pb-1">
        <div className="space-y-2 print:space-y-0.5">
          <Logo to={backTo} />
          <p className="inline-block rounded bg-sun-400/25 px-2 py-0.5 text-xs font-semibold tracking-wide text-ink-900 uppercase">Preliminary estimate · not a proposal</p>
          <PartnerContact project={p} />
        </div>
        <div className="text-right text-sm text-ink-600 print:text-[9px]">
          <p className="text-base font-semibold text-ink-900">{p.company_name || `Project #${p.id}`}</p>
          {p.address_1 && <p>{p.address_1}</p>}
          {cityLine && <p>{cityLine}</p>}
          <p className="mt-1">Prepared {formatLongDate(new Date().toISOString())}</p>
        </div>
      </header>
      <h1 className="text-2xl font-bold text-ink-900 print:text-base">{ESTIMATE_MESSAGES.title}</h1>
      {e.system.size_kw_dc === null ? (
        <Alert tone="info">
          {ESTIMATE_MESSAGES.needsUsage}{' '}
          <Link className={textLinkClasses} to={`${backTo}?tab=utility-info`}>
            Open Utility Info
          </Link>
        </Alert>
      ) : (
        <>
          <EstimateWarnings warnings={e.warnings} />
          <EstimateFigures estimate={e} />
          <section>
            <h2 className="mb-2 text-sm font-semibold text-ink-900 print:mb-0.5 print:text-[10px]">Returns</h2>
            <InvestmentFigures estimate={e} />
          </section>
          <PrintBills estimate={e} />
          <div className="grid gap-4 sm:grid-cols-2 print:grid-cols-2 print:gap-2">
            <section>
              <h2 className="mb-2 text-sm font-semibold text-ink-900 print:mb-0.5 print:text-[10px]">Federal tax credit</h2>
              <TaxCreditSummary estimate={e} />
            </section>
            <section>
              <h2 className="mb-2 text-sm font-semibold text-ink-900 print:mb-0.5 print:text-[10px]">Financing</h2>
              <FinancingTable estimate={e} />
            </section>
          </div>
          {/* On screen only: the page holds the figures the chart draws, and one sheet has no room for it. */}
          <section className="break-inside-avoid print:hidden">
            <h2 className="mb-2 text-sm font-semibold text-ink-900 print:mb-0.5 print:text-[10px]">Cumulative cash flow</h2>
            <Suspense fallback={<div className="h-64 rounded-lg bg-ink-100" />}>
              <CashFlowChart estimate={e} />
            </Suspense>
          </section>
          <section aria-labelledby="assumptions-title">
            <h2 id="assumptions-title" className="mb-2 text-sm font-semibold text-ink-900 print:mb-0.5 print:text-[10px]">
              Assumptions used
            </h2>
            <AssumptionsList assumptions={e.assumptions} />
          </section>
          <footer className="space-y-2 border-t border-ink-200 pt-3 print:pt-1">
            <p className="text-xs text-ink-600 print:text-[7px]">
              {ESTIMATE_MESSAGES.preliminary} The engineering team's proposal, based on a designed system, replaces these figures.
            </p>
            <EstimateNotes estimate={e} />
          </footer>
        </>
      )}
    </article>
  );
}

/**
 * /projects/:id/estimate (and /admin/projects/:id/estimate under the admin's ProjectApiProvider):
 * the one-page print view (issue 16 item 4, issue 35 item 8).
 */
export function EstimatePrintPage() {
  const projectId = parseRouteId(useParams().id);
  return (
    <main className="mx-auto max-w-4xl px-4 py-6 print:max-w-none print:p-0 print:text-[10px]">
      {projectId === null ? <Alert tone="error">This address names no project.</Alert> : <PrintableEstimate projectId={projectId} />}
    </main>
  );
}

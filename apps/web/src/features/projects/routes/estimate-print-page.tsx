import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { Logo } from '../../../components/ui/logo';
import { PageSpinner } from '../../../components/ui/spinner';
import { textLinkClasses } from '../../../components/ui/text-link';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatLongDate } from '../../../lib/format';
import { useEstimate } from '../api/get-estimate';
import { useProject } from '../api/get-project';
import { projectPath, useProjectApi } from '../api/project-api';
import { EstimateFigures, EstimateNotes, FinancingTable } from '../components/estimate/estimate-figures';
import { ESTIMATE_MESSAGES } from '../components/estimate/estimate-panel';
import { parseRouteId } from './project-id';

const CashFlowChart = lazy(() => import('../components/estimate/cash-flow-chart'));

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
  const cityLine = [p.city, [p.state, p.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return (
    <article className="space-y-5 print:space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={backTo} className={`${textLinkClasses} text-sm`}>
          Back to the project
        </Link>
        <Button onClick={() => window.print()}>Print</Button>
      </div>
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-ink-200 pb-4">
        <div>
          <Logo to={backTo} />
          <p className="mt-2 inline-block rounded bg-sun-400/25 px-2 py-0.5 text-xs font-semibold tracking-wide text-ink-900 uppercase">Preliminary estimate · not a proposal</p>
        </div>
        <div className="text-right text-sm text-ink-600">
          <p className="text-base font-semibold text-ink-900">{p.company_name || `Project #${p.id}`}</p>
          {p.address_1 && <p>{p.address_1}</p>}
          {cityLine && <p>{cityLine}</p>}
          <p className="mt-1">Prepared {formatLongDate(new Date().toISOString())}</p>
        </div>
      </header>
      <h1 className="text-2xl font-bold text-ink-900">{ESTIMATE_MESSAGES.title}</h1>
      {estimate.data.system.size_kw_dc === null ? (
        <Alert tone="info">
          {ESTIMATE_MESSAGES.needsUsage}{' '}
          <Link className={textLinkClasses} to={`${backTo}?tab=utility-info`}>
            Open Utility Info
          </Link>
        </Alert>
      ) : (
        <>
          <EstimateFigures estimate={estimate.data} />
          <section>
            <h2 className="mb-2 text-sm font-semibold text-ink-900">Financing</h2>
            <FinancingTable estimate={estimate.data} />
          </section>
          <section className="break-inside-avoid">
            <h2 className="mb-2 text-sm font-semibold text-ink-900">Cumulative cash flow</h2>
            <Suspense fallback={<div className="h-64 rounded-lg bg-ink-100" />}>
              <CashFlowChart estimate={estimate.data} />
            </Suspense>
          </section>
          <footer className="space-y-2 border-t border-ink-200 pt-3">
            <p className="text-xs text-ink-600">
              {ESTIMATE_MESSAGES.preliminary} The engineering team's proposal, based on a designed system, replaces these figures.
            </p>
            <EstimateNotes estimate={estimate.data} />
          </footer>
        </>
      )}
    </article>
  );
}

/**
 * /projects/:id/estimate (and /admin/projects/:id/estimate under the admin's ProjectApiProvider):
 * the one-page print view (issue 16 item 4).
 */
export function EstimatePrintPage() {
  const projectId = parseRouteId(useParams().id);
  return (
    <main className="mx-auto max-w-4xl px-4 py-6 print:max-w-none print:p-0">
      {projectId === null ? <Alert tone="error">This address names no project.</Alert> : <PrintableEstimate projectId={projectId} />}
    </main>
  );
}

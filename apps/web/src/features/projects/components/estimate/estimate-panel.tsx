import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { Estimate } from '@sunin/contract';
import { LoadError } from '../../../../components/ui/load-error';
import { Spinner } from '../../../../components/ui/spinner';
import { textLinkClasses } from '../../../../components/ui/text-link';
import { useEstimate } from '../../api/get-estimate';
import { projectPath as pathOf, useProjectApi } from '../../api/project-api';
import { MISSING_TAB } from './estimate-format';
import { CashFlowTable, EstimateFigures, EstimateNotes, FinancingTable } from './estimate-figures';

const CashFlowChart = lazy(() => import('./cash-flow-chart'));

export const ESTIMATE_MESSAGES = {
  title: 'Savings estimate',
  preliminary: 'A preliminary estimate from this project’s own data, not a proposal.',
  loadFailed: 'The savings estimate could not be loaded.',
  needsUsage: 'The estimate needs the monthly kWh of at least one meter.',
} as const;

/** Links to the tab holding each missing input (`?tab=` opens it, project-tabs.tsx). */
function MissingInputs({ estimate, projectPath }: { estimate: Estimate; projectPath: string }) {
  if (estimate.missing.length === 0) return null;
  return (
    <ul className="space-y-2 text-sm">
      {estimate.missing.map((entry) => (
        <li key={entry.field} className="rounded-lg border border-sun-400 bg-sun-400/10 px-3 py-2 text-ink-800">
          {entry.message}{' '}
          <Link className={textLinkClasses} to={`${projectPath}?tab=${MISSING_TAB[entry.field].tab}`}>
            Open {MISSING_TAB[entry.field].label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The project's "Savings estimate" panel below its tabs (issue 16 item 4), in the member's
 * project page and the admin's. Every figure says how it was computed; with the usage missing
 * the panel says what to fill in instead of showing numbers.
 */
export function EstimatePanel({ projectId }: { projectId: number }) {
  const estimate = useEstimate(projectId);
  const api = useProjectApi();
  const projectPath = pathOf(api, projectId);
  // The admin area reaches the assumptions from here (the spec's sidebar keeps its three items).
  const inAdminArea = api.basePath.startsWith('/admin');
  return (
    <section aria-labelledby="estimate-title" className="rounded-2xl border border-ink-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="estimate-title" className="text-lg font-semibold text-ink-900">
          {ESTIMATE_MESSAGES.title}
        </h2>
        {estimate.data && estimate.data.system.size_kw_dc !== null && (
          <Link className={`${textLinkClasses} text-sm`} to={`${projectPath}/estimate`}>
            Print view
          </Link>
        )}
      </div>
      <p className="mt-1 text-sm text-ink-600">
        {ESTIMATE_MESSAGES.preliminary}
        {inAdminArea && (
          <>
            {' '}
            <Link className={textLinkClasses} to="/admin/estimate-settings">
              Estimate Settings
            </Link>
            {' · '}
            <Link className={textLinkClasses} to="/admin/tariffs">
              Tariffs
            </Link>
          </>
        )}
      </p>
      <div className="mt-4 space-y-5">
        {estimate.isPending ? (
          <p className="flex items-center gap-2 text-sm text-ink-600">
            <Spinner /> Working out the estimate…
          </p>
        ) : estimate.isError ? (
          <LoadError message={ESTIMATE_MESSAGES.loadFailed} onRetry={() => estimate.refetch()} retrying={estimate.isFetching} />
        ) : (
          <>
            <MissingInputs estimate={estimate.data} projectPath={projectPath} />
            {estimate.data.system.size_kw_dc !== null && (
              <>
                <EstimateFigures estimate={estimate.data} />
                <div>
                  <h3 className="mb-2 text-sm font-semibold text-ink-900">Financing</h3>
                  <FinancingTable estimate={estimate.data} />
                </div>
                <div>
                  <h3 className="mb-2 text-sm font-semibold text-ink-900">Cumulative cash flow</h3>
                  <Suspense fallback={<div className="h-64 animate-pulse rounded-lg bg-ink-100" />}>
                    <CashFlowChart estimate={estimate.data} />
                  </Suspense>
                  <details className="mt-2">
                    <summary className="cursor-pointer text-sm font-medium text-brand-700">Show the cash flow as a table</summary>
                    <div className="mt-2">
                      <CashFlowTable estimate={estimate.data} />
                    </div>
                  </details>
                </div>
                <EstimateNotes estimate={estimate.data} />
              </>
            )}
          </>
        )}
      </div>
    </section>
  );
}

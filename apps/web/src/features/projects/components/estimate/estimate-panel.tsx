import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Estimate } from '@sunin/contract';
import { LoadError } from '../../../../components/ui/load-error';
import { Spinner } from '../../../../components/ui/spinner';
import { textLinkClasses } from '../../../../components/ui/text-link';
import { projectPath as pathOf, useProjectApi } from '../../api/project-api';
import { BillsSection } from './bills-section';
import { AssumptionsDisclosure, EstimateWarnings, TaxCreditSummary } from '../../../../components/estimate/estimate-details';
import { MISSING_TAB } from '../../../../components/estimate/estimate-format';
import { CashFlowTable, EstimateFigures, EstimateNotes, FinancingTable } from './estimate-figures';
import { DepreciationTable, InvestmentFigures } from './investment-figures';
import { useLiveEstimate } from './live-estimate';

const CashFlowChart = lazy(() => import('./cash-flow-chart'));

export const ESTIMATE_MESSAGES = {
  title: 'Savings estimate',
  preliminary: 'A preliminary estimate from this project’s own data, not a proposal.',
  loadFailed: 'The savings estimate could not be loaded.',
  needsUsage: 'The estimate needs the monthly kWh of at least one meter.',
  preview: 'Preview of unsaved changes',
  previewDetail: 'Computed from the values typed in Utility Info; save them to keep it.',
  previewFailed: 'The unsaved changes could not be previewed: this is the estimate of the saved values.',
} as const;

/** Links to the tab holding each missing input (`?tab=` opens it, project-tabs.tsx). */
function MissingInputs({ estimate, projectPath }: { estimate: Estimate; projectPath: string }) {
  if (estimate.missing.length === 0) return null;
  return (
    <ul className="space-y-2 text-sm">
      {estimate.missing.map((entry) => (
        <li key={`${entry.field}-${entry.message}`} className="rounded-lg border border-sun-400 bg-sun-400/10 px-3 py-2 text-ink-800">
          {entry.message}{' '}
          <Link className={textLinkClasses} to={`${projectPath}?tab=${MISSING_TAB[entry.field].tab}`}>
            Open {MISSING_TAB[entry.field].label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <h3 className="mb-2 text-sm font-semibold text-ink-900">{title}</h3>
      {children}
    </div>
  );
}

/** A complete estimate: the figures, bills, returns, credit, financing, cash flow and assumptions. */
function EstimateBody({ estimate }: { estimate: Estimate }) {
  return (
    <>
      <EstimateFigures estimate={estimate} />
      <Section title="Bills before and after solar">
        <BillsSection estimate={estimate} />
      </Section>
      <Section title="Returns">
        <InvestmentFigures estimate={estimate} />
      </Section>
      <Section title="Federal tax credit">
        <TaxCreditSummary estimate={estimate} />
      </Section>
      {estimate.investment && (
        <Section title="Depreciation">
          <DepreciationTable estimate={estimate} />
        </Section>
      )}
      <Section title="Financing">
        <FinancingTable estimate={estimate} />
      </Section>
      <Section title="Cumulative cash flow">
        <Suspense fallback={<div className="h-64 animate-pulse rounded-lg bg-ink-100" />}>
          <CashFlowChart estimate={estimate} />
        </Suspense>
        <details className="mt-2">
          <summary className="cursor-pointer text-sm font-medium text-brand-700">Show the cash flow as a table</summary>
          <div className="mt-2">
            <CashFlowTable estimate={estimate} />
          </div>
        </details>
      </Section>
      <AssumptionsDisclosure assumptions={estimate.assumptions} />
      <EstimateNotes estimate={estimate} />
    </>
  );
}

/**
 * The project's "Savings estimate" panel below its tabs (issue 16 item 4, issue 35 item 8), in
 * the member's project page and the admin's. Every figure says how it was computed; with the
 * usage missing the panel says what to fill in instead of showing numbers; while Utility Info
 * holds unsaved values it previews them (live-estimate.ts).
 */
export function EstimatePanel({ projectId }: { projectId: number }) {
  const live = useLiveEstimate(projectId);
  const api = useProjectApi();
  const projectPath = pathOf(api, projectId);
  // The admin area reaches the assumptions from here (the spec's sidebar keeps its three items).
  const inAdminArea = api.basePath.startsWith('/admin');
  const ready = live.status === 'ready' ? live : null;
  return (
    <section aria-labelledby="estimate-title" className="min-w-0 rounded-2xl border border-ink-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="estimate-title" className="text-lg font-semibold text-ink-900">
          {ESTIMATE_MESSAGES.title}
        </h2>
        {ready && !ready.preview && ready.estimate.system.size_kw_dc !== null && (
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
        {live.status === 'pending' ? (
          <p className="flex items-center gap-2 text-sm text-ink-600">
            <Spinner /> Working out the estimate…
          </p>
        ) : live.status === 'error' ? (
          <LoadError message={ESTIMATE_MESSAGES.loadFailed} onRetry={live.retry} retrying={live.retrying} />
        ) : (
          <>
            {live.preview && (
              <p role="status" className="rounded-lg border border-sun-400 bg-sun-400/15 px-3 py-2 text-sm text-ink-900">
                <strong>{ESTIMATE_MESSAGES.preview}</strong>. {ESTIMATE_MESSAGES.previewDetail}
              </p>
            )}
            {live.previewFailed && <p className="rounded-lg border border-ink-200 bg-ink-100 px-3 py-2 text-sm text-ink-700">{ESTIMATE_MESSAGES.previewFailed}</p>}
            <MissingInputs estimate={live.estimate} projectPath={projectPath} />
            <EstimateWarnings warnings={live.estimate.warnings} />
            {live.estimate.system.size_kw_dc !== null && <EstimateBody estimate={live.estimate} />}
          </>
        )}
      </div>
    </section>
  );
}

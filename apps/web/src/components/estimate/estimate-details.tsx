import type { Estimate } from '@sunin/contract';
import { amount, assumptionLabel, assumptionValue, percent } from './estimate-format';

/**
 * Whether the federal credit applies and why (issue 35 item 6: construction start, in-service
 * date, size and prevailing wage). A credit that does not apply says so plainly, in red.
 */
export function TaxCreditSummary({ estimate }: { estimate: Estimate }) {
  const credit = estimate.tax_credit;
  return (
    <div className={`rounded-xl border p-4 break-inside-avoid print:p-2 ${credit.eligible ? 'border-brand-200 bg-brand-50' : 'border-danger-200 bg-danger-50'}`}>
      <p className={`font-semibold print:text-[9px] ${credit.eligible ? 'text-brand-800' : 'text-danger-700'}`}>
        {credit.eligible ? `Eligible: a ${percent(credit.rate)} federal investment tax credit` : 'Not eligible: no federal investment tax credit'}
      </p>
      <p className="mt-1 text-sm text-ink-800 print:mt-0 print:text-[8px]">{credit.reason}</p>
      {credit.size_kw_ac !== null && <p className="mt-1 text-xs text-ink-600 print:mt-0 print:text-[7px]">Read against a system of {amount(credit.size_kw_ac, 'kW AC')}.</p>}
      {credit.notes.length > 0 && (
        <ul className="mt-2 list-disc space-y-1 pl-5 text-xs text-ink-700 print:mt-0.5 print:space-y-0 print:text-[7px]">
          {credit.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** What the estimate noticed and did about it (an unusable rate, a meter on the average rate). */
export function EstimateWarnings({ warnings }: { warnings: readonly string[] }) {
  if (warnings.length === 0) return null;
  return (
    <div className="rounded-lg border border-late-200 bg-late-50 px-4 py-3 text-sm text-late-800 break-inside-avoid print:px-2 print:py-1 print:text-[8px]">
      <h3 className="font-semibold">{warnings.length === 1 ? 'Warning' : 'Warnings'}</h3>
      <ul className="mt-1 list-disc space-y-1 pl-5 print:mt-0 print:space-y-0">
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
    </div>
  );
}

/** Every assumption the estimate used, with its value formatted by kind and its source. */
export function AssumptionsTable({ assumptions }: { assumptions: Estimate['assumptions'] }) {
  return (
    <div className="max-w-full overflow-x-auto">
      <table className="w-full text-left text-sm print:text-[9px]">
        <caption className="sr-only">Assumptions used</caption>
        <thead>
          <tr className="border-b border-ink-200 text-ink-500">
            <th scope="col" className="py-1.5 pr-3 font-medium">Assumption</th>
            <th scope="col" className="py-1.5 pr-3 font-medium">Value</th>
            <th scope="col" className="py-1.5 font-medium">Source</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(assumptions).map(([key, { value, source }]) => (
            <tr key={key} className="border-b border-ink-100 align-top">
              <th scope="row" className="py-1 pr-3 font-normal text-ink-900">{assumptionLabel(key)}</th>
              <td className="py-1 pr-3 text-ink-900">{assumptionValue(key, value)}</td>
              <td className="min-w-[12rem] py-1 text-xs text-ink-600">{source}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The assumptions, folded away on the project page (the print view shows them open). */
export function AssumptionsDisclosure({ assumptions }: { assumptions: Estimate['assumptions'] }) {
  return (
    <details>
      <summary className="cursor-pointer text-sm font-medium text-brand-700">Assumptions used ({Object.keys(assumptions).length})</summary>
      <div className="mt-2">
        <AssumptionsTable assumptions={assumptions} />
      </div>
    </details>
  );
}

/** Every assumption as a compact list in columns: the print view's form, one sheet in all. */
export function AssumptionsList({ assumptions }: { assumptions: Estimate['assumptions'] }) {
  return (
    <dl className="gap-6 text-xs sm:columns-2 print:columns-3 print:gap-3 print:text-[7px] print:leading-tight">
      {Object.entries(assumptions).map(([key, { value, source }]) => (
        <div key={key} className="mb-2 break-inside-avoid print:mb-0.5">
          <dt className="inline font-semibold text-ink-900">{assumptionLabel(key)}: </dt>
          <dd className="inline text-ink-900">{assumptionValue(key, value)}</dd>
          <dd className="text-ink-500">{source}</dd>
        </div>
      ))}
    </dl>
  );
}

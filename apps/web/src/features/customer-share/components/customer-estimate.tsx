import { lazy, Suspense } from 'react';
import type { Estimate } from '@sunin/contract';
import { BILL_PARTS, monthName, projectBillRows } from '../../../components/estimate/bills-data';
import { AssumptionsList } from '../../../components/estimate/estimate-details';
import { amount, cents, dollars, percent, rateOrNone, years } from '../../../components/estimate/estimate-format';

// Recharts is loaded only when there are bills to draw (it is bundled with the app: no other origin).
const BillsChart = lazy(() => import('../../../components/estimate/bills-chart'));

function Figure({ term, value }: { term: string; value: string }) {
  return (
    <div className="rounded-xl border border-ink-200 p-3 sm:p-4">
      <dt className="text-sm text-ink-500">{term}</dt>
      <dd className="mt-1 text-lg font-semibold break-words text-ink-900 sm:text-xl">{value}</dd>
    </div>
  );
}

/** Monthly bills before and after solar: the chart, and the same numbers as a table for screen readers and small screens. */
function MonthlyBills({ bills }: { bills: Estimate['bills'] }) {
  const rows = projectBillRows(bills);
  return (
    <div className="space-y-3">
      <h3 className="font-semibold text-ink-900">Monthly bills before and after solar</h3>
      <p className="text-sm text-ink-700">
        A year of bills: {dollars(bills.annual.before_usd)} before solar, {dollars(bills.annual.after_usd)} after, saving {dollars(bills.annual.savings_usd)}.
      </p>
      <ul aria-hidden="true" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-600">
        {BILL_PARTS.map((part) => (
          <li key={part.key} className="flex items-center gap-1.5">
            <span className="inline-block size-3 rounded-sm" style={{ backgroundColor: part.color }} />
            {part.label}
          </li>
        ))}
        <li>Lighter bar: before solar; darker bar: after.</li>
      </ul>
      <Suspense fallback={<p className="text-sm text-ink-500">Loading the chart…</p>}>
        <div aria-hidden="true">
          <BillsChart rows={rows} />
        </div>
      </Suspense>
      <details>
        <summary className="cursor-pointer text-sm font-medium text-brand-700">The monthly bills as a table</summary>
        <div className="mt-2 max-w-full overflow-x-auto">
          <table className="w-full text-right text-sm tabular-nums">
            <caption className="sr-only">Monthly bills before and after solar</caption>
            <thead>
              <tr className="border-b border-ink-200 text-ink-500">
                <th scope="col" className="py-1.5 pr-3 text-left font-medium">Month</th>
                <th scope="col" className="py-1.5 pr-3 font-medium">Before solar</th>
                <th scope="col" className="py-1.5 font-medium">After solar</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.month} className="border-b border-ink-100">
                  <th scope="row" className="py-1 pr-3 text-left font-normal">{monthName(row.month)} {row.month.slice(0, 4)}</th>
                  <td className="py-1 pr-3">{cents(row.before.total_usd)}</td>
                  <td className="py-1">{cents(row.after.total_usd)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}

/** Term, APR and monthly payment of each financing option. */
function FinancingOptions({ financing }: { financing: Estimate['financing'] }) {
  return (
    <section aria-labelledby="financing-title" className="space-y-2">
      <h3 id="financing-title" className="font-semibold text-ink-900">
        Financing options
      </h3>
      <div className="max-w-full overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Financing options</caption>
          <thead>
            <tr className="border-b border-ink-200 text-ink-500">
              <th scope="col" className="py-2 pr-3 font-medium">Term</th>
              <th scope="col" className="py-2 pr-3 font-medium">APR</th>
              <th scope="col" className="py-2 font-medium">Monthly payment</th>
            </tr>
          </thead>
          <tbody>
            {financing.map((option) => (
              <tr key={option.term_years} className="border-b border-ink-100">
                <th scope="row" className="py-2 pr-3 font-medium text-ink-900">{option.term_years} years</th>
                <td className="py-2 pr-3">{percent(option.apr)}</td>
                <td className="py-2 tabular-nums">{cents(option.monthly_payment_usd)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {financing[0]?.financed_usd != null && <p className="text-xs text-ink-500">Each loan is {dollars(financing[0].financed_usd)}. Final terms come with the financing offer.</p>}
    </section>
  );
}

/**
 * The savings estimate as a business owner reads it (issue 36 item 2): size, production, cost,
 * credit, net cost, first-year savings, payback and, when computed, NPV and IRR; the bills by
 * month; what it assumed; and the financing options. No partner earnings or internal notes:
 * the public answer carries none.
 */
export function CustomerEstimate({ estimate }: { estimate: Estimate }) {
  const { system, cost, savings, investment } = estimate;
  const sized = system.size_kw_dc !== null;
  return (
    <section aria-labelledby="estimate-title" className="space-y-5 rounded-2xl border border-ink-200 bg-white p-5 shadow-sm sm:p-6">
      <div>
        <h2 id="estimate-title" className="text-lg font-semibold text-ink-900">
          Your savings estimate
        </h2>
        <p className="mt-1 text-sm text-ink-600">An estimate from your utility use and typical figures; the proposal and the contract set the final numbers.</p>
      </div>
      {sized ? (
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Figure term="System size" value={amount(system.size_kw_dc, 'kW DC')} />
          <Figure term="Annual production" value={amount(system.annual_production_kwh, 'kWh')} />
          <Figure term="Cost" value={dollars(cost.gross_usd)} />
          <Figure term={`Federal tax credit (${percent(cost.itc_rate)})`} value={dollars(cost.itc_usd)} />
          <Figure term="Net cost" value={dollars(cost.net_usd)} />
          <Figure term="First-year savings" value={dollars(savings.first_year_usd)} />
          <Figure term="Payback" value={years(savings.payback_years)} />
          {investment && <Figure term="Net present value" value={dollars(investment.npv_usd)} />}
          {investment && <Figure term="Internal rate of return" value={rateOrNone(investment.irr, 'None')} />}
        </dl>
      ) : (
        <p className="text-ink-700">The savings estimate is being completed: your partner is adding the details it needs.</p>
      )}
      {sized && estimate.bills.meters.length > 0 && <MonthlyBills bills={estimate.bills} />}
      {sized && estimate.financing.length > 0 && <FinancingOptions financing={estimate.financing} />}
      <details>
        <summary className="cursor-pointer text-sm font-medium text-brand-700">What this estimate assumes ({Object.keys(estimate.assumptions).length})</summary>
        <div className="mt-3 space-y-3">
          <AssumptionsList assumptions={estimate.assumptions} />
          {estimate.simplifications.length > 0 && (
            <div>
              <h3 className="text-sm font-medium text-ink-700">Simplifications</h3>
              <ul className="mt-1 list-disc space-y-1 pl-5 text-xs text-ink-600">
                {estimate.simplifications.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </details>
    </section>
  );
}

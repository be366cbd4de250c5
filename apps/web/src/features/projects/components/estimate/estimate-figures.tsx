import type { ReactNode } from 'react';
import type { Estimate } from '@sunin/contract';
import { amount, cents, dollars, percent, rateExplanation } from '../../../../components/estimate/estimate-format';

export function Figure({ term, value, how }: { term: string; value: string; how: ReactNode }) {
  return (
    <div className="rounded-xl border border-ink-200 p-4 break-inside-avoid print:rounded-md print:px-1.5 print:py-1">
      <dt className="text-sm text-ink-500 print:text-[9px]">{term}</dt>
      <dd className="mt-1 text-xl font-semibold text-ink-900 print:mt-0 print:text-xs">{value}</dd>
      <dd className="mt-1 text-xs text-ink-500 print:mt-0 print:text-[7px] print:leading-tight">{how}</dd>
    </div>
  );
}

/**
 * The figures of a complete estimate, each with how it was computed (issue 16 item 4); shared
 * by the project page's panel and the print view. The returns (paybacks, lifetime savings, NPV)
 * are InvestmentFigures'.
 */
export function EstimateFigures({ estimate }: { estimate: Estimate }) {
  const { inputs, system, cost, savings, assumptions } = estimate;
  const offset = assumptions.target_offset?.value as number;
  const yieldWhere = inputs.yield_source === 'state' ? inputs.state_name : 'national figure';
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4 print:grid-cols-6 print:gap-1">
      <Figure
        term="System size"
        value={amount(system.size_kw_dc, 'kW DC')}
        how={`${amount(inputs.annual_kwh, 'kWh')} a year × ${percent(offset)} offset ÷ ${amount(inputs.specific_yield_kwh_per_kw)} kWh per kW (${yieldWhere})`}
      />
      <Figure term="First-year production" value={amount(system.annual_production_kwh, 'kWh')} how="System size × specific yield (NREL PVWatts, typical)" />
      <Figure term="Cost before the tax credit" value={dollars(cost.gross_usd)} how={`System size × $${cost.cost_per_watt_usd.toFixed(2)} per W DC`} />
      <Figure
        term="Cost after the tax credit"
        value={dollars(cost.net_usd)}
        how={`Less a ${percent(cost.itc_rate)} federal credit of ${dollars(cost.itc_usd)}${cost.elective_pay ? ', as elective pay' : ''}`}
      />
      <Figure
        term="First-year savings"
        value={dollars(savings.first_year_usd)}
        how={savingsExplanation(estimate)}
      />
      <Figure term="Annual usage" value={amount(inputs.annual_kwh, 'kWh')} how="Every month of every meter in Utility Info" />
    </dl>
  );
}

/** How the first-year savings were found: on the meters' tariffs, at the average rate, or both. */
export function savingsExplanation(estimate: Estimate): string {
  const priced = estimate.bills.meters.filter((meter) => meter.tariff_source === 'tariff').length;
  const averaged = `production up to usage × ${percent(estimate.assumptions.energy_share?.value as number)} of ${rateExplanation(estimate.inputs)}`;
  if (priced === 0) return averaged.charAt(0).toUpperCase() + averaged.slice(1);
  const hourly = 'The first year’s bills before solar less those after, hour by hour on each meter’s tariff';
  if (priced === estimate.bills.meters.length) return hourly;
  return `${hourly}; for the meters without a tariff, ${averaged}`;
}

/**
 * How a term's payment compares with the first-year savings, in words (issue 34 item 7): a
 * partner must not have to read the sign of "payment less savings" to tell whether the loan
 * costs the client more than solar saves.
 */
export function paymentAgainstSavings(netMonthly: number | null): string {
  if (netMonthly === null) return '—';
  if (Math.abs(netMonthly) < 0.005) return 'Costs the same as the first-year savings';
  return netMonthly > 0
    ? `Costs ${cents(netMonthly)} a month more than the first-year savings`
    : `Costs ${cents(-netMonthly)} a month less than the first-year savings`;
}

/**
 * The monthly loan payment per term beside the current monthly bill. The loan is the cost
 * before the tax credit times the financed share (DOMAIN.md 1: F = G x financed share), and the
 * page says so, since it differs from the cost after the credit shown above. No minimum width:
 * the table fits a 390 px phone, its last column wrapping.
 */
export function FinancingTable({ estimate }: { estimate: Estimate }) {
  const bill = estimate.inputs.average_monthly_bill_usd;
  const estimatedBill = estimate.inputs.annual_kwh === null ? null : (estimate.inputs.annual_kwh * estimate.inputs.effective_rate_usd_per_kwh) / 12;
  const financedShare = estimate.assumptions.financed_share?.value as number | undefined;
  const first = estimate.financing[0];
  return (
    <div>
      <p className="pb-2 text-sm text-ink-600 print:pb-0.5 print:text-[8px]">
        Current monthly bill: <strong className="text-ink-900">{bill !== null ? cents(bill) : `${cents(estimatedBill)} (estimated from the rate)`}</strong>. Each loan
        is <strong className="text-ink-900">{dollars(first?.financed_usd ?? null)}</strong>
        {financedShare !== undefined && (
          <>
            {' '}
            ({percent(financedShare)} of the {dollars(estimate.cost.gross_usd)} cost before the tax credit)
          </>
        )}{' '}
        at {percent(first?.apr ?? 0)} APR.
      </p>
      <table className="w-full text-left text-sm print:text-[8px]">
        <caption className="sr-only">Monthly loan payment per term</caption>
        <thead>
          <tr className="border-b border-ink-200 text-ink-500">
            <th scope="col" className="py-2 pr-3 font-medium print:py-0">Term</th>
            <th scope="col" className="py-2 pr-3 font-medium print:py-0">Monthly payment</th>
            <th scope="col" className="py-2 font-medium print:py-0">Against the savings</th>
          </tr>
        </thead>
        <tbody>
          {estimate.financing.map((row) => (
            <tr key={row.term_years} className="border-b border-ink-100 align-top">
              <th scope="row" className="py-2 pr-3 font-medium whitespace-nowrap text-ink-900 print:py-0">{row.term_years} years</th>
              <td className="py-2 pr-3 whitespace-nowrap tabular-nums print:py-0">{cents(row.monthly_payment_usd)}</td>
              <td className={`py-2 print:py-0 ${row.first_year_net_monthly_usd !== null && row.first_year_net_monthly_usd > 0 ? 'text-ink-700' : 'text-brand-800'}`}>
                {paymentAgainstSavings(row.first_year_net_monthly_usd)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The cumulative cash flow as a table: the chart's text alternative and its print form. Beside
 * the simple savings, the cash flow the NPV discounts (credit, tax benefit and O&M included).
 */
export function CashFlowTable({ estimate }: { estimate: Estimate }) {
  const investment = new Map(estimate.investment?.cash_flow.map((row) => [row.year, row.usd]) ?? []);
  return (
    <div className="max-w-full overflow-x-auto">
      <table className="w-full min-w-[20rem] text-right text-sm tabular-nums">
        <thead>
          <tr className="border-b border-ink-200 text-ink-500">
            <th scope="col" className="py-1.5 pr-4 text-left font-medium">Year</th>
            <th scope="col" className="py-1.5 pr-4 font-medium">Savings</th>
            <th scope="col" className="py-1.5 pr-4 font-medium">Cumulative</th>
            {investment.size > 0 && <th scope="col" className="py-1.5 font-medium">Cash flow with tax and O&amp;M</th>}
          </tr>
        </thead>
        <tbody>
          {estimate.savings.cash_flow.map((row) => (
            <tr key={row.year} className="border-b border-ink-100">
              <th scope="row" className="py-1 pr-4 text-left font-normal">{row.year === 0 ? 'Install (cost after credit)' : row.year}</th>
              <td className="py-1 pr-4">{dollars(row.savings_usd)}</td>
              <td className={`py-1 pr-4 ${row.cumulative_usd < 0 ? 'text-danger-700' : 'text-brand-800'}`}>{dollars(row.cumulative_usd)}</td>
              {investment.size > 0 && <td className="py-1">{dollars(investment.get(row.year) ?? null)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What the estimate leaves out and what must be confirmed (the credit's own notes sit with the credit). */
export function EstimateNotes({ estimate }: { estimate: Estimate }) {
  const creditNotes = new Set(estimate.tax_credit.notes);
  return (
    <ul className="list-disc space-y-1 pl-5 text-xs text-ink-600 print:space-y-0 print:text-[7px]">
      {estimate.cost.notes
        .filter((note) => !creditNotes.has(note))
        .map((note) => (
          <li key={note}>{note}</li>
        ))}
      {estimate.simplifications.length > 0 && (
        <li>
          Simplified:
          <ul className="list-[circle] pl-5">
            {estimate.simplifications.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </li>
      )}
    </ul>
  );
}

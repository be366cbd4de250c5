import type { Estimate } from '@sunin/contract';
import { Figure } from './estimate-figures';
import { cents, dollars, percent, perKwh, rateOrNone, years } from '../../../../components/estimate/estimate-format';

/**
 * The returns a business buyer reads (issue 35 item 6, DOMAIN.md 1c): NPV, IRR and the
 * discounted payback beside the simple payback and the undiscounted lifetime savings, LCOE and
 * the first year's O&M. Without investment measures (no system sized) only the simple ones show.
 */
export function InvestmentFigures({ estimate }: { estimate: Estimate }) {
  const { savings, investment, assumptions } = estimate;
  const escalation = assumptions.escalation?.value;
  const degradation = assumptions.degradation?.value;
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4 print:grid-cols-7 print:gap-1">
      {investment && (
        <>
          <Figure
            term="Net present value"
            value={dollars(investment.npv_usd)}
            how={`Every year’s cash flow (savings, tax benefit, credit, less O&M) discounted at ${percent(investment.discount_rate)} a year`}
          />
          <Figure term="Internal rate of return" value={rateOrNone(investment.irr, 'None')} how="The discount rate at which the net present value is zero" />
          <Figure term="Discounted payback" value={years(investment.discounted_payback_years)} how={`When the cash flows discounted at ${percent(investment.discount_rate)} add up to the cost`} />
        </>
      )}
      <Figure term="Simple payback" value={years(savings.payback_years)} how="When the savings add up to the cost after the credit, undiscounted" />
      <Figure
        term={`${savings.lifetime_years}-year savings (undiscounted)`}
        value={dollars(savings.lifetime_usd)}
        how={`Savings less the cost after the credit, not discounted${typeof escalation === 'number' && typeof degradation === 'number' ? `, with ${percent(escalation)} yearly rate rises and ${percent(degradation)} yearly panel loss` : ''}`}
      />
      {investment && (
        <>
          <Figure term="Levelized cost of energy" value={perKwh(investment.lcoe_usd_per_kwh)} how="Cost after the credit plus O&M, over the production, both discounted" />
          <Figure term="O&M, first year" value={dollars(investment.om_first_year_usd)} how="Operations and maintenance of the system, rising each year" />
        </>
      )}
    </dl>
  );
}

/** The MACRS depreciation and its tax benefit by year; a tax-exempt owner has none. */
export function DepreciationTable({ estimate }: { estimate: Estimate }) {
  const rows = estimate.investment?.depreciation ?? [];
  if (rows.length === 0) {
    return <p className="text-sm text-ink-600">No depreciation: {estimate.cost.elective_pay ? 'a tax-exempt owner takes no depreciation.' : 'none is taken in this estimate.'}</p>;
  }
  const total = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((sum, row) => sum + pick(row), 0);
  return (
    <div className="max-w-full overflow-x-auto">
      <table className="w-full text-right text-sm tabular-nums">
        <caption className="sr-only">Depreciation and its tax benefit by year</caption>
        <thead>
          <tr className="border-b border-ink-200 text-ink-500">
            <th scope="col" className="py-1.5 pr-4 text-left font-medium">Year</th>
            <th scope="col" className="py-1.5 pr-4 font-medium">Depreciation</th>
            <th scope="col" className="py-1.5 font-medium">Tax benefit</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.year} className="border-b border-ink-100">
              <th scope="row" className="py-1 pr-4 text-left font-normal">{row.year}</th>
              <td className="py-1 pr-4">{cents(row.depreciation_usd)}</td>
              <td className="py-1">{cents(row.tax_benefit_usd)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="font-semibold text-ink-900">
            <th scope="row" className="py-1 pr-4 text-left">Total</th>
            <td className="py-1 pr-4">{cents(total((row) => row.depreciation_usd))}</td>
            <td className="py-1">{cents(total((row) => row.tax_benefit_usd))}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

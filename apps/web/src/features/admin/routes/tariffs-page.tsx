import { Link, useSearchParams } from 'react-router';
import { EXPORT_CREDIT_LABELS, US_STATES, type Tariff } from '@sunin/contract';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextLink } from '../../../components/ui/text-link';
import { useAdminTariffs } from '../api/tariffs';
import { AdminPageHeader } from '../components/admin-page-header';
import { RecordTable, type Column } from '../components/record-tables';

export const TARIFF_EXAMPLE_BADGE = "Example: check against the utility's tariff sheet";
const STATE_CODES = US_STATES.map(([code]) => code);
const STATE_LABELS = Object.fromEntries(US_STATES.map(([code, name]) => [code, `${name} (${code})`]));

const COLUMNS: Array<Column<Tariff>> = [
  {
    header: 'Name',
    cell: (row) => (
      <div className="min-w-44">
        {/* The name opens the editor too: on a phone the View column is off to the side. */}
        <TextLink to={`/admin/tariffs/${row.id}`}>{row.name}</TextLink>
        {row.example && (
          <span className="mt-1 block">
            <Badge tone="amber" className="whitespace-normal!">
              {TARIFF_EXAMPLE_BADGE}
            </Badge>
          </span>
        )}
      </div>
    ),
  },
  { header: 'Utility', cell: (row) => row.utility },
  { header: 'State', cell: (row) => row.state },
  { header: 'Effective', cell: (row) => row.effective_date },
  { header: 'Exports', cell: (row) => EXPORT_CREDIT_LABELS[row.export_credit].split(':')[0] },
];

/**
 * /admin/tariffs (issue 35 item 4): the commercial tariffs members choose per meter, filtered by
 * state (kept in the address, so a link or a reload keeps it). Reached from Estimate Settings.
 */
export function TariffsPage() {
  const [params, setParams] = useSearchParams();
  const state = params.get('state') || null;
  const tariffs = useAdminTariffs(state);
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <AdminPageHeader
        title="Tariffs"
        description={
          <>
            The utility tariffs the estimate prices each meter on. <TextLink to="/admin/estimate-settings">Estimate Settings</TextLink>
          </>
        }
        actions={
          <Link to="/admin/tariffs/new" className={buttonClasses('primary')}>
            New tariff
          </Link>
        }
      />
      <SelectField
        label="State"
        className="max-w-xs"
        options={STATE_CODES}
        labels={STATE_LABELS}
        placeholder="All states"
        value={state ?? ''}
        onChange={(event) => setParams(event.target.value ? { state: event.target.value } : {}, { replace: true })}
      />
      <RecordTable
        caption="Tariffs"
        rows={tariffs.data}
        pending={tariffs.isPending}
        columns={COLUMNS}
        empty={state ? `No tariffs for ${STATE_LABELS[state] ?? state} yet` : 'No tariffs yet'}
        failure={tariffs.isError ? { message: 'The tariffs could not be loaded. Check your connection and try again.', onRetry: () => tariffs.refetch(), retrying: tariffs.isFetching } : undefined}
        linkTo={(row) => `/admin/tariffs/${row.id}`}
        linkLabel={(row) => `Edit tariff ${row.name}`}
      />
    </div>
  );
}

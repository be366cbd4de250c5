import { TaxFormSummary } from '../../../components/earnings/tax-form-summary';
import { Alert } from '../../../components/ui/alert';
import { Panel } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { PageSpinner } from '../../../components/ui/spinner';
import { useReviewTaxForm, useUserTaxForm } from '../api/tax-form';
import { ConfirmedActionButton } from './confirmed-action-button';

/**
 * A partner's W-9 on their admin page (issue 38 item 1): masked as everywhere, and "Mark
 * reviewed" once checked (confirmed first; a new form from the partner needs a new review).
 */
export function UserTaxFormPanel({ userId, name }: { userId: number; name: string }) {
  const taxForm = useUserTaxForm(userId);
  const review = useReviewTaxForm(userId);
  const form = taxForm.data?.tax_form ?? null;
  return (
    <Panel id="tax-form" title="Tax form (W-9)">
      {taxForm.isPending ? (
        <PageSpinner label="Loading the tax form…" />
      ) : taxForm.isError ? (
        <LoadError message="The tax form could not be loaded." onRetry={() => taxForm.refetch()} retrying={taxForm.isFetching} />
      ) : !form ? (
        <Alert tone="info">{name} has not given a W-9 yet: no payout can be made to them until they do, on their Earnings page.</Alert>
      ) : (
        <div className="space-y-4">
          <TaxFormSummary form={form} />
          {!form.reviewed_at && (
            <ConfirmedActionButton
              label="Mark reviewed"
              title={`Mark ${name}'s W-9 reviewed?`}
              pending={review.isPending}
              failedMessage="The tax form could not be marked reviewed."
              run={async () => {
                await review.mutateAsync();
                return `${name}'s W-9 is marked reviewed.`;
              }}
            >
              <p>Check the legal name, classification and address against what you know of {name}. If they give a new form later, it needs a new review.</p>
            </ConfirmedActionButton>
          )}
        </div>
      )}
    </Panel>
  );
}

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { LOCAL_FAILING_ACCOUNT_NUMBER, localBankAccountBodySchema } from '@sunin/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { usePayoutAccount, useSaveLocalBankAccount } from '../api/payout-account';

interface BankValues {
  holder_name: string;
  routing_number: string;
  account_number: string;
}
const FIELDS = ['holder_name', 'routing_number', 'account_number'] as const;
const isField = (name: unknown): name is (typeof FIELDS)[number] => FIELDS.includes(name as (typeof FIELDS)[number]);

/**
 * /earnings/payout-account (issue 38 item 2): the local test provider's stand-in for Stripe's
 * hosted onboarding. The partner enters a test bank account; the portal keeps only its last four
 * digits. With Stripe the page only points back to Earnings, where the setup is Stripe's.
 */
export function PayoutAccountPage() {
  useDocumentTitle('Payout account');
  const account = usePayoutAccount();
  const save = useSaveLocalBankAccount();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<BankValues>({ defaultValues: { holder_name: '', routing_number: '', account_number: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    clearErrors();
    const parsed = localBankAccountBodySchema.safeParse({ bank_account: values });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path.at(-1);
        if (isField(field)) setError(field, { message: issue.message });
      }
      return;
    }
    try {
      await save.mutateAsync(parsed.data);
      void navigate('/earnings#payout-account');
    } catch (error) {
      setFormError(errorMessage(error, 'The bank account could not be saved. Please try again.'));
      if (error instanceof ApiError) {
        for (const [key, message] of Object.entries(error.fields)) {
          const field = key.split('.').at(-1);
          if (isField(field)) setError(field, { message });
        }
      }
    }
  });

  const content = () => {
    if (account.isPending) return <PageSpinner label="Loading your payout account…" />;
    if (account.isError) return <LoadError message="Your payout account could not be loaded." onRetry={() => account.refetch()} retrying={account.isFetching} />;
    if (account.data.provider !== 'local') {
      return (
        <Alert tone="info">
          Payouts go through Stripe: set up your payout account from{' '}
          <Link to="/earnings#payout-account" className="font-semibold underline">
            your Earnings page
          </Link>
          .
        </Alert>
      );
    }
    const current = account.data.payout_account;
    return (
      <Panel title="Bank account" description={current?.bank_last4 ? `Payouts now go to the account ending ${current.bank_last4}. Enter another to change it.` : 'Where your payouts are sent.'}>
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Bank account">
          <Alert tone="info">
            This is the test payout provider: no money moves. Use the routing number 110000000 and any account number of 4 to 17 digits. The account number{' '}
            {LOCAL_FAILING_ACCOUNT_NUMBER} is a closed account: payouts to it fail, as they would at the bank.
          </Alert>
          {formError && <Alert tone="error">{formError}</Alert>}
          <TextField label="Account holder name" autoComplete="name" error={errors.holder_name?.message} {...register('holder_name')} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Routing number" inputMode="numeric" autoComplete="off" placeholder="110000000" error={errors.routing_number?.message} {...register('routing_number')} />
            <TextField label="Account number" inputMode="numeric" autoComplete="off" error={errors.account_number?.message} hint="Only its last four digits are kept." {...register('account_number')} />
          </div>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" pending={save.isPending}>
              Save bank account
            </Button>
            <Link to="/earnings" className="inline-flex min-h-10 items-center px-2 text-sm font-semibold text-ink-700 underline">
              Cancel
            </Link>
          </div>
        </form>
      </Panel>
    );
  };

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-ink-900">Payout account</h1>
        <p className="mt-1 text-sm text-ink-600">The bank account your earnings are paid to.</p>
      </div>
      {content()}
    </div>
  );
}

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { BILLING_MESSAGES, BILLING_PLANS, TEST_CARDS, localCardSchema, type BillingPlanId } from '@sunin/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useConfirmLocalCheckout } from '../api/confirm-local-checkout';

interface CardValues {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

type CardField = 'number' | 'expiry' | 'cvc';

/** "4242424242424242" -> "4242 4242 4242 4242" while typing; at most 19 digits. */
export function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1234" -> "12 / 34" while typing. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

function parseExpiry(value: string): { exp_month: number; exp_year: number } | null {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(value.trim());
  return match ? { exp_month: Number(match[1]), exp_year: Number(match[2]) } : null;
}

const SERVER_FIELDS: Record<string, CardField> = { number: 'number', exp_month: 'expiry', exp_year: 'expiry', cvc: 'cvc' };

/**
 * The local test provider's own card form (issue 6): it stands where Stripe's embedded form
 * would, takes Stripe's test cards and pays through POST /api/billing/local/confirm. A decline
 * keeps the member here with the provider's message ('Your card was declined.').
 */
export function LocalCheckoutForm({ clientSecret, plan, onPaid }: { clientSecret: string; plan: BillingPlanId; onPaid: () => void }) {
  const confirm = useConfirmLocalCheckout();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<CardValues>({ defaultValues: { number: '', expiry: '', cvc: '', name: '' } });

  const fillTestCard = () => {
    setValue('number', formatCardNumber(TEST_CARDS.success));
    setValue('expiry', formatExpiry(`12${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`));
    setValue('cvc', '123');
    clearErrors();
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    clearErrors();
    const expiry = parseExpiry(values.expiry);
    const parsed = localCardSchema.safeParse({ number: values.number, cvc: values.cvc, ...(expiry ?? { exp_month: 0, exp_year: 0 }) });
    if (!expiry || !parsed.success) {
      if (!expiry) setError('expiry', { message: BILLING_MESSAGES.expiryInvalid });
      for (const issue of parsed.success ? [] : parsed.error.issues) {
        const field = SERVER_FIELDS[String(issue.path[0])];
        if (field && !(field === 'expiry' && !expiry)) setError(field, { message: issue.message });
      }
      return;
    }
    try {
      await confirm.mutateAsync({
        client_secret: clientSecret,
        card: { number: values.number, exp_month: expiry.exp_month, exp_year: expiry.exp_year, cvc: values.cvc },
        ...(values.name.trim() ? { cardholder_name: values.name.trim() } : {}),
      });
      onPaid();
    } catch (error) {
      // Paid meanwhile in another tab with another session: nothing more to pay here.
      if (error instanceof ApiError && error.code === 'conflict' && error.message === BILLING_MESSAGES.alreadySubscribed) {
        onPaid();
        return;
      }
      const message = errorMessage(error, 'The payment could not be completed. Please try again.');
      setFormError(message);
      if (error instanceof ApiError) {
        for (const [key, fieldMessage] of Object.entries(error.fields)) {
          const field = SERVER_FIELDS[key];
          if (field) setError(field, { message: fieldMessage });
        }
      }
    }
  });

  const numberField = register('number');
  const expiryField = register('expiry');

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Card payment">
      {formError && <Alert tone="error">{formError}</Alert>}
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        error={errors.number?.message}
        {...numberField}
        onChange={(event) => {
          event.target.value = formatCardNumber(event.target.value);
          void numberField.onChange(event);
        }}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label="Expiration date"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          error={errors.expiry?.message}
          {...expiryField}
          onChange={(event) => {
            event.target.value = formatExpiry(event.target.value);
            void expiryField.onChange(event);
          }}
        />
        <TextField label="Security code" inputMode="numeric" autoComplete="cc-csc" placeholder="CVC" maxLength={4} error={errors.cvc?.message} {...register('cvc')} />
      </div>
      <TextField label="Name on card" autoComplete="cc-name" optional {...register('name')} />
      <Button type="submit" className="w-full" pending={confirm.isPending}>
        Subscribe — {BILLING_PLANS[plan].priceLabel}
      </Button>
      <div className="rounded-lg border border-dashed border-sun-500 bg-sun-400/10 px-4 py-3 text-sm text-ink-700">
        <p>
          Test mode: no real payment is taken. Pay with <span className="font-mono whitespace-nowrap">4242 4242 4242 4242</span>, any future date
          and any CVC; <span className="font-mono whitespace-nowrap">4000 0000 0000 0002</span> is declined.
        </p>
        <button type="button" onClick={fillTestCard} className="mt-2 font-medium text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline">
          Fill in the test card
        </button>
      </div>
    </form>
  );
}

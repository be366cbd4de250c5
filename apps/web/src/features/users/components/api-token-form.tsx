import { useState, type FormEvent } from 'react';
import { ADMIN_API_TOKEN_SCOPES, API_TOKEN_EXPIRY_CHOICES, API_TOKEN_SCOPE_LABELS, API_TOKEN_SCOPES, apiTokenCreateBodySchema, type ApiTokenCreated, type ApiTokenScope } from '@sunin/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckboxGroup } from '../../../components/ui/checkbox-group';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { fieldErrorsOf, serverFieldErrors } from '../../../lib/field-errors';
import { useCreateApiToken } from '../api/create-api-token';

export const API_TOKEN_FORM_TEXTS = {
  submit: 'Create token',
  failed: 'The token could not be created.',
  expiryLabel: 'Expires',
} as const;

const NEVER = 'never';
const EXPIRY_OPTIONS = API_TOKEN_EXPIRY_CHOICES.map((days) => (days === null ? NEVER : String(days)));
const EXPIRY_LABELS: Record<string, string> = Object.fromEntries(EXPIRY_OPTIONS.map((option) => [option, option === NEVER ? 'Never' : `In ${option} days`]));

type Errors = Partial<Record<'name' | 'scopes' | 'expires_in_days' | 'form', string>>;

/**
 * "Create token" (issue 40 item 1): a name, the scopes, and how long it lasts (30, 90 or 365
 * days, or never). The admin scope is offered to full access administrators only; the server
 * refuses it for anyone else anyway. Checked with the contract's schema before sending.
 */
export function ApiTokenForm({ admin, onCreated }: { admin: boolean; onCreated: (created: ApiTokenCreated) => void }) {
  const create = useCreateApiToken();
  const scopes = admin ? API_TOKEN_SCOPES : API_TOKEN_SCOPES.filter((scope) => !ADMIN_API_TOKEN_SCOPES.includes(scope));
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<ApiTokenScope[]>(['projects:read']);
  const [expiry, setExpiry] = useState('90');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = apiTokenCreateBodySchema.safeParse({ api_token: { name, scopes: chosen, expires_in_days: expiry === NEVER ? null : Number(expiry) } });
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
    setErrors({});
    create.mutate(parsed.data.api_token, {
      onSuccess: (created) => {
        setName('');
        onCreated(created);
        create.reset();
      },
      onError: (failure) => {
        const fields = serverFieldErrors(failure);
        setErrors(Object.keys(fields).length > 0 ? fields : { form: errorMessage(failure, API_TOKEN_FORM_TEXTS.failed) });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Create an API token" className="space-y-4">
      {errors.form && <Alert tone="error">{errors.form}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Token name" hint="Say what uses it, e.g. “HubSpot sync”." maxLength={100} autoComplete="off" value={name} onChange={(event) => setName(event.target.value)} error={errors.name} />
        <SelectField
          label={API_TOKEN_FORM_TEXTS.expiryLabel}
          options={EXPIRY_OPTIONS}
          labels={EXPIRY_LABELS}
          placeholder={null}
          value={expiry}
          onChange={(event) => setExpiry(event.target.value)}
          error={errors.expires_in_days}
        />
      </div>
      <CheckboxGroup legend="Scopes" hint="What the token may do, as you." options={scopes} labels={API_TOKEN_SCOPE_LABELS} value={chosen} onChange={setChosen} error={errors.scopes} />
      <div className="flex justify-end">
        <Button type="submit" pending={create.isPending} className="w-full sm:w-auto">
          {create.isPending ? 'Creating…' : API_TOKEN_FORM_TEXTS.submit}
        </Button>
      </div>
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  webhookEndpointCreateBodySchema,
  webhookEndpointUpdateBodySchema,
  type WebhookEndpoint,
  type WebhookEndpointCreated,
  type WebhookEventType,
} from '@sunin/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckboxGroup } from '../../../components/ui/checkbox-group';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { fieldErrorsOf, serverFieldErrors } from '../../../lib/field-errors';
import { useCreateWebhookEndpoint } from '../api/create-webhook-endpoint';
import { useUpdateWebhookEndpoint } from '../api/update-webhook-endpoint';

export const ENDPOINT_FORM_TEXTS = {
  createFailed: 'The endpoint could not be added.',
  saveFailed: 'The endpoint could not be saved.',
  companyWide: 'Company-wide (every partner’s data)',
} as const;

type Errors = Partial<Record<'url' | 'description' | 'events' | 'company_wide' | 'form', string>>;

interface EndpointFormProps {
  /** The endpoint being edited; absent for "Add endpoint". */
  endpoint?: WebhookEndpoint;
  /** Offers "Company-wide" (full access administrators only; the server refuses it to anyone else). */
  admin?: boolean;
  onCreated?: (created: WebhookEndpointCreated) => void;
  onSaved?: (endpoint: WebhookEndpoint) => void;
}

/**
 * A webhook endpoint's URL, description and events (issue 40 item 3), to add one or edit it.
 * Checked with the contract's schemas first; the server's field messages (an address it
 * refuses, a private network) land under the same fields.
 */
export function EndpointForm({ endpoint, admin = false, onCreated, onSaved }: EndpointFormProps) {
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>(endpoint?.events ?? []);
  const [companyWide, setCompanyWide] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const pending = create.isPending || update.isPending;

  const failed = (fallback: string) => (failure: unknown) => {
    const fields = serverFieldErrors(failure);
    setErrors(Object.keys(fields).length > 0 ? fields : { form: errorMessage(failure, fallback) });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changes = { url, events, description: description.trim() === '' && !endpoint ? undefined : description };
    if (endpoint) {
      const parsed = webhookEndpointUpdateBodySchema.safeParse({ webhook_endpoint: changes });
      if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
      setErrors({});
      update.mutate({ id: endpoint.id, changes: parsed.data.webhook_endpoint }, { onSuccess: (saved) => onSaved?.(saved), onError: failed(ENDPOINT_FORM_TEXTS.saveFailed) });
      return;
    }
    const parsed = webhookEndpointCreateBodySchema.safeParse({ webhook_endpoint: { ...changes, ...(admin && companyWide ? { company_wide: true } : {}) } });
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
    setErrors({});
    create.mutate(parsed.data.webhook_endpoint, {
      onSuccess: (created) => {
        setUrl('');
        setDescription('');
        setEvents([]);
        setCompanyWide(false);
        onCreated?.(created);
        create.reset();
      },
      onError: failed(ENDPOINT_FORM_TEXTS.createFailed),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={endpoint ? 'Edit the endpoint' : 'Add an endpoint'} className="space-y-4">
      {errors.form && <Alert tone="error">{errors.form}</Alert>}
      <TextField
        label="Endpoint URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://example.com/webhooks/sunin"
        hint="Where SunIn sends each event, as a signed POST request."
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        error={errors.url}
      />
      <TextField label="Description" optional maxLength={200} autoComplete="off" value={description} onChange={(event) => setDescription(event.target.value)} error={errors.description} />
      <CheckboxGroup legend="Events" hint="The changes this endpoint is told about." options={WEBHOOK_EVENT_TYPES} labels={WEBHOOK_EVENT_LABELS} value={events} onChange={setEvents} error={errors.events} />
      {admin && !endpoint && (
        <div>
          <div className="flex items-start gap-2">
            <input
              id="webhook-company-wide"
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 rounded border-ink-300 text-brand-700 focus:ring-brand-600"
              checked={companyWide}
              onChange={(event) => setCompanyWide(event.target.checked)}
              aria-describedby="webhook-company-wide-hint"
            />
            <label htmlFor="webhook-company-wide" className="text-sm font-medium text-ink-800">
              {ENDPOINT_FORM_TEXTS.companyWide}
            </label>
          </div>
          <p id="webhook-company-wide-hint" className="mt-1 pl-6 text-xs text-ink-500">
            Without it, the endpoint receives only your own data.
          </p>
          {errors.company_wide && <p className="mt-1 pl-6 text-sm text-danger-700">{errors.company_wide}</p>}
        </div>
      )}
      <div className="flex justify-end">
        <Button type="submit" pending={pending} className="w-full sm:w-auto">
          {endpoint ? (pending ? 'Saving…' : 'Save changes') : pending ? 'Adding…' : 'Add endpoint'}
        </Button>
      </div>
    </form>
  );
}

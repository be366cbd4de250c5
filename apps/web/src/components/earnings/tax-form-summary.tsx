import { BUSINESS_TYPE_LABELS, type TaxForm } from '@sunin/contract';
import { formatLongDate } from '../../lib/format';
import { Badge } from '../ui/badge';

/** The saved form as shown to its owner and to administrators: the TIN masked, never in full. */
export function TaxFormSummary({ form }: { form: TaxForm }) {
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-2">
      <div>
        <dt className="text-ink-600">Legal name</dt>
        <dd className="font-medium break-words text-ink-900">{form.legal_name}</dd>
      </div>
      <div>
        <dt className="text-ink-600">Federal tax classification</dt>
        <dd className="font-medium text-ink-900">{BUSINESS_TYPE_LABELS[form.business_type]}</dd>
      </div>
      <div>
        <dt className="text-ink-600">{form.tin_type === 'ssn' ? 'SSN' : 'EIN'}</dt>
        <dd className="font-medium text-ink-900 tabular-nums">{form.tin_masked}</dd>
      </div>
      <div>
        <dt className="text-ink-600">Address</dt>
        <dd className="font-medium break-words text-ink-900">
          {form.address_1}, {form.city}, {form.state} {form.zip}
        </dd>
      </div>
      <div>
        <dt className="text-ink-600">Certified</dt>
        <dd className="font-medium text-ink-900">{formatLongDate(form.certified_at)}</dd>
      </div>
      <div>
        <dt className="text-ink-600">Review</dt>
        <dd className="font-medium text-ink-900">
          {form.reviewed_at ? (
            `Reviewed${form.reviewed_by_name ? ` by ${form.reviewed_by_name}` : ''} on ${formatLongDate(form.reviewed_at)}`
          ) : (
            <Badge tone="grey">Not reviewed yet</Badge>
          )}
        </dd>
      </div>
    </dl>
  );
}

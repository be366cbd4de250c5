import { useId, useState } from 'react';
import { PARTNER_ACCOUNT_TYPES } from '@sunin/contract';
import { fieldClasses, labelClasses } from '../../../components/ui/field-styles';
import { Spinner } from '../../../components/ui/spinner';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useAdminUsers } from '../api/list-users';
import { SEARCH_DEBOUNCE_MS } from './list-toolbar';

export interface PickedPartner {
  id: number;
  name: string;
}

const fullName = (user: { first_name: string; last_name: string; user_name: string }) => `${user.first_name} ${user.last_name}`.trim() || user.user_name;

/**
 * Who will own the project of a lead that belongs to no partner: members searched through the
 * admin users list (GET /api/admin/users?q), partners only, chosen with a radio each.
 */
export function PartnerPicker({ value, onChange, error }: { value: PickedPartner | null; onChange: (partner: PickedPartner) => void; error?: string | undefined }) {
  const id = useId();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const users = useAdminUsers({ page: 1, perPage: 8, q: q || undefined });
  const partners = (users.data?.rows ?? []).filter((user) => PARTNER_ACCOUNT_TYPES.includes(user.account_type));
  return (
    <div className="space-y-2">
      <label htmlFor={`${id}-search`} className={labelClasses}>
        Search partners
      </label>
      <input id={`${id}-search`} type="search" autoComplete="off" className={fieldClasses(Boolean(error))} placeholder="Name, email or username" value={text} onChange={(event) => setText(event.target.value)} />
      <fieldset aria-describedby={error ? `${id}-error` : undefined}>
        <legend className="sr-only">Partner who will own the project</legend>
        {users.isPending ? (
          <Spinner label="Searching partners…" />
        ) : users.isError ? (
          <p className="text-sm text-danger-700">The members could not be searched. Please try again.</p>
        ) : partners.length === 0 ? (
          <p className="text-sm text-ink-600">No partner matches.</p>
        ) : (
          <ul className="max-h-56 space-y-1 overflow-y-auto">
            {partners.map((user) => (
              <li key={user.id}>
                <label className="flex items-start gap-2 rounded-lg px-2 py-1.5 text-sm text-ink-800 hover:bg-ink-50">
                  <input type="radio" name={`${id}-partner`} className="mt-0.5 size-4 accent-brand-700" checked={value?.id === user.id} onChange={() => onChange({ id: user.id, name: fullName(user) })} />
                  <span className="min-w-0 break-words">
                    <span className="font-medium">{fullName(user)}</span>
                    <span className="text-ink-600">{` · ${user.company_name ? `${user.company_name} · ` : ''}${user.email}`}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger-700">
          {error}
        </p>
      )}
    </div>
  );
}

import { useState } from 'react';
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Label, Field } from '@headlessui/react';
import { useQuery } from '@tanstack/react-query';
import type { AdminUser } from '@sunin/contract';
import { fieldClasses, labelClasses } from '../../../../components/ui/field-styles';
import { fullName } from '../../../../lib/current-user';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { adminUserKey, getAdminUser } from '../../api/get-user';
import { useAdminUsers } from '../../api/list-users';

const PARTNER_CHOICES = 10;

/**
 * The board's partner filter: type a name, email or phone to find a partner (the Members
 * search, the first ten), choose one; Clear shows every partner's projects again.
 */
export function PartnerFilter({ ownerId, onChange }: { ownerId: number | undefined; onChange: (ownerId: number | undefined) => void }) {
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query.trim(), 300);
  const choices = useAdminUsers({ page: 1, perPage: PARTNER_CHOICES, q: search || undefined });
  const chosen = useQuery({ queryKey: adminUserKey(ownerId ?? 0), queryFn: ({ signal }) => getAdminUser(ownerId!, signal), enabled: ownerId !== undefined });
  const value = ownerId === undefined ? null : (chosen.data ?? null);

  return (
    <Field className="min-w-0 sm:w-72">
      <Label className={labelClasses}>Partner</Label>
      <div className="flex gap-2">
        <Combobox
          value={value}
          onChange={(user: AdminUser | null) => {
            setQuery('');
            onChange(user?.id);
          }}
          onClose={() => setQuery('')}
        >
          <div className="relative min-w-0 flex-1">
            <ComboboxInput
              className={fieldClasses(false)}
              placeholder={ownerId !== undefined && !chosen.data ? `Partner #${ownerId}` : 'All partners'}
              displayValue={(user: AdminUser | null) => (user ? fullName(user) : '')}
              onChange={(event) => setQuery(event.target.value)}
            />
            <ComboboxOptions anchor="bottom start" className="z-30 mt-1 w-(--input-width) rounded-xl border border-ink-200 bg-white py-1 shadow-lg empty:invisible">
              {(choices.data?.rows ?? []).map((user) => (
                <ComboboxOption key={user.id} value={user} className="cursor-default px-4 py-2 text-sm text-ink-700 data-focus:bg-ink-100 data-focus:text-ink-900">
                  {fullName(user)} <span className="text-ink-500">{user.email}</span>
                </ComboboxOption>
              ))}
            </ComboboxOptions>
          </div>
        </Combobox>
        {ownerId !== undefined && (
          <button type="button" className="shrink-0 rounded-md px-2 text-sm font-medium text-brand-700 hover:underline" onClick={() => onChange(undefined)}>
            Clear<span className="sr-only"> the partner filter</span>
          </button>
        )}
      </div>
    </Field>
  );
}

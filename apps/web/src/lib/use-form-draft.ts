import { useEffect } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import { discardDraft, readDraft, saveDraft } from './form-drafts';

function pick<T extends FieldValues>(values: Partial<T> | undefined, fields: readonly (keyof T & string)[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field, values?.[field]]));
}

const sameValues = (left: unknown, right: unknown) => JSON.stringify(left) === JSON.stringify(right);

/**
 * Keeps a react-hook-form's unsaved `fields` as a draft under `key` (lib/form-drafts.ts): a draft
 * found when the form mounts is typed back in over the saved values (which stay the form's
 * defaults, so Discard changes returns to them and the form counts as changed); every edit
 * updates the draft, and one that matches the saved values again removes it. Only the named
 * fields are kept: never a password.
 *
 * `beforeSave` is for the submit: it removes the draft before the request, because a successful
 * save can re-seed the form (re-keyed on the record's new saved values) before the save's own
 * promise settles; `afterFailedSave` puts it back.
 */
export function useFormDraft<T extends FieldValues>(form: UseFormReturn<T>, key: string, fields: readonly (keyof T & string)[]) {
  useEffect(() => {
    const draft = readDraft(key);
    if (draft) {
      const restored = { ...form.getValues(), ...pick(draft as Partial<T>, fields) } as DefaultValues<T>;
      form.reset(restored, { keepDefaultValues: true });
    }
    const subscription = form.watch((values) => {
      const current = pick(values as Partial<T>, fields);
      if (sameValues(current, pick(form.formState.defaultValues as Partial<T>, fields))) discardDraft(key);
      else saveDraft(key, current);
    });
    return () => subscription.unsubscribe();
    // The fields are a constant list of each form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form, key]);

  return {
    beforeSave: () => discardDraft(key),
    afterFailedSave: () => {
      const current = pick(form.getValues() as Partial<T>, fields);
      if (!sameValues(current, pick(form.formState.defaultValues as Partial<T>, fields))) saveDraft(key, current);
    },
  };
}

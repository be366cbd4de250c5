import { Description, Field, Label, Switch } from '@headlessui/react';
import type { ReactNode } from 'react';

interface SwitchFieldProps {
  label: string;
  description?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  className?: string;
}

/**
 * An on/off setting that takes effect at once (no Save button): Headless UI's Switch, so it is a
 * labelled `role="switch"` that Space toggles, and its label toggles it too. The description is
 * read out as the switch's description.
 */
export function SwitchField({ label, description, checked, onChange, disabled = false, className = '' }: SwitchFieldProps) {
  return (
    <Field disabled={disabled} className={`flex items-start justify-between gap-4 ${className}`}>
      <span className="min-w-0">
        <Label className="block text-sm font-medium text-ink-900 data-disabled:text-ink-400">{label}</Label>
        {description && <Description className="mt-0.5 block text-sm text-ink-600">{description}</Description>}
      </span>
      <Switch
        checked={checked}
        onChange={onChange}
        className="group relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-ink-300 transition-colors data-checked:bg-brand-700 data-disabled:cursor-not-allowed data-disabled:opacity-60"
      >
        <span aria-hidden className="size-5 translate-x-0.5 rounded-full bg-white shadow-sm transition-transform group-data-checked:translate-x-[1.375rem]" />
      </Switch>
    </Field>
  );
}

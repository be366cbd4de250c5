import { useEffect, useRef } from 'react';
import type { RowSelection } from '../hooks/use-row-selection';

interface SelectionCheckboxProps {
  label: string;
  checked: boolean;
  /** The header's "some rows are ticked" look. */
  indeterminate?: boolean;
  /** `shift`: the click (or Shift+Space) extends a range from the last row clicked. */
  onToggle: (shift: boolean) => void;
}

/** A row's (or the header's) checkbox for bulk actions: a native checkbox, so browsers announce indeterminate as mixed. */
export function SelectionCheckbox({ label, checked, indeterminate = false, onToggle }: SelectionCheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={label}
      checked={checked}
      onChange={(event) => onToggle((event.nativeEvent as MouseEvent).shiftKey === true)}
      // A shift-click would otherwise select the text between the two rows.
      onMouseDown={(event) => event.shiftKey && event.preventDefault()}
      className="size-5 cursor-pointer rounded border-ink-400 text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    />
  );
}

/** The header's "select all on this page", for a list using `useRowSelection`. */
export function SelectAllCheckbox({ selection, label = 'Select all projects on this page' }: { selection: RowSelection; label?: string }) {
  return <SelectionCheckbox label={label} checked={selection.header === 'all'} indeterminate={selection.header === 'some'} onToggle={() => selection.toggleAll()} />;
}

/** One row's checkbox; shift-click ticks the range from the last row clicked. */
export function RowCheckbox({ selection, id, label }: { selection: RowSelection; id: number; label: string }) {
  return <SelectionCheckbox label={label} checked={selection.isSelected(id)} onToggle={(shift) => selection.toggle(id, shift)} />;
}

/** Above cards (below md), where there is no header row: the same checkbox with its label shown. */
export function SelectAllOnPage({ selection }: { selection: RowSelection }) {
  return (
    <label className="flex min-h-10 items-center gap-3 text-sm font-medium text-ink-800">
      <SelectAllCheckbox selection={selection} label="Select all on this page" />
      Select all on this page
    </label>
  );
}

import { useCallback, useMemo, useState } from 'react';

/** Which rows are ticked, and the last one clicked (where a shift-click range starts). */
export interface SelectionState {
  selected: ReadonlySet<number>;
  anchor: number | null;
}

export const EMPTY_SELECTION: SelectionState = { selected: new Set(), anchor: null };

/**
 * A click on row `id`'s checkbox. Without shift it ticks or unticks that row. With shift, every
 * row from the last one clicked to this one (in the order of `ids`, either direction) takes the
 * clicked row's new state, as in a mail client. The clicked row becomes the next anchor.
 */
export function toggleRow(state: SelectionState, ids: readonly number[], id: number, shift = false): SelectionState {
  const selected = new Set(state.selected);
  const ticked = !selected.has(id);
  const from = state.anchor === null ? -1 : ids.indexOf(state.anchor);
  const to = ids.indexOf(id);
  const range = shift && from !== -1 && to !== -1 ? ids.slice(Math.min(from, to), Math.max(from, to) + 1) : [id];
  for (const row of range) {
    if (ticked) selected.add(row);
    else selected.delete(row);
  }
  return { selected, anchor: id };
}

/** The header checkbox: ticks every row shown, or unticks them when all already are. */
export function toggleAllRows(state: SelectionState, ids: readonly number[]): SelectionState {
  const selected = new Set(state.selected);
  const all = ids.length > 0 && ids.every((id) => selected.has(id));
  for (const id of ids) {
    if (all) selected.delete(id);
    else selected.add(id);
  }
  return { selected, anchor: null };
}

/** The header checkbox's look: ticked, indeterminate (some) or empty. */
export function headerState(selected: ReadonlySet<number>, ids: readonly number[]): 'all' | 'some' | 'none' {
  const count = ids.filter((id) => selected.has(id)).length;
  if (count === 0) return 'none';
  return count === ids.length ? 'all' : 'some';
}

export interface RowSelection {
  /** The ticked rows among those shown, in their order: a row that left the page is never acted on. */
  selectedIds: number[];
  isSelected: (id: number) => boolean;
  toggle: (id: number, shift?: boolean) => void;
  toggleAll: () => void;
  header: 'all' | 'some' | 'none';
  clear: () => void;
}

/**
 * Row selection over the rows shown (`ids`): checkboxes, select all on this page and shift-click
 * ranges. The state is kept by id, so a live refresh that reorders the rows keeps the ticks.
 */
export function useRowSelection(ids: readonly number[]): RowSelection {
  const [state, setState] = useState<SelectionState>(EMPTY_SELECTION);
  const selectedIds = useMemo(() => ids.filter((id) => state.selected.has(id)), [ids, state.selected]);
  const toggle = useCallback((id: number, shift = false) => setState((current) => toggleRow(current, ids, id, shift)), [ids]);
  const toggleAll = useCallback(() => setState((current) => toggleAllRows(current, ids)), [ids]);
  const clear = useCallback(() => setState(EMPTY_SELECTION), []);
  return { selectedIds, isSelected: (id) => state.selected.has(id), toggle, toggleAll, header: headerState(state.selected, ids), clear };
}

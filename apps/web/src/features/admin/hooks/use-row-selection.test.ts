import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EMPTY_SELECTION, headerState, toggleAllRows, toggleRow, useRowSelection, type SelectionState } from './use-row-selection';

const ids = [10, 11, 12, 13, 14];
const ticked = (state: SelectionState) => [...state.selected].sort((a, b) => a - b);

describe('row selection (pure)', () => {
  it('ticks and unticks one row, and remembers it as the anchor', () => {
    const one = toggleRow(EMPTY_SELECTION, ids, 12);
    expect(ticked(one)).toEqual([12]);
    expect(one.anchor).toBe(12);
    expect(ticked(toggleRow(one, ids, 12))).toEqual([]);
  });

  it('shift-click ticks the range from the anchor, in either direction', () => {
    const down = toggleRow(toggleRow(EMPTY_SELECTION, ids, 11), ids, 13, true);
    expect(ticked(down)).toEqual([11, 12, 13]);
    expect(down.anchor).toBe(13);
    const up = toggleRow(toggleRow(EMPTY_SELECTION, ids, 14), ids, 12, true);
    expect(ticked(up)).toEqual([12, 13, 14]);
  });

  it('shift-click on a ticked row unticks the range', () => {
    const all = toggleAllRows(EMPTY_SELECTION, ids);
    const anchored = toggleRow(toggleRow(all, ids, 10), ids, 10); // untick then tick again: anchor 10
    expect(ticked(toggleRow(anchored, ids, 12, true))).toEqual([13, 14]);
  });

  it('shift-click without an anchor, or with one no longer shown, ticks only the row', () => {
    expect(ticked(toggleRow(EMPTY_SELECTION, ids, 13, true))).toEqual([13]);
    const gone = toggleRow(EMPTY_SELECTION, [1, 2], 2);
    expect(ticked(toggleRow(gone, ids, 13, true))).toEqual([2, 13]);
  });

  it('select all ticks every row shown, then unticks them; the header says all, some or none', () => {
    const some = toggleRow(EMPTY_SELECTION, ids, 11);
    expect(headerState(some.selected, ids)).toBe('some');
    const all = toggleAllRows(some, ids);
    expect(ticked(all)).toEqual(ids);
    expect(headerState(all.selected, ids)).toBe('all');
    const none = toggleAllRows(all, ids);
    expect(ticked(none)).toEqual([]);
    expect(headerState(none.selected, ids)).toBe('none');
    expect(headerState(new Set(), [])).toBe('none');
  });
});

describe('useRowSelection', () => {
  it('acts only on the rows shown, and clears', () => {
    const { result, rerender } = renderHook(({ rows }) => useRowSelection(rows), { initialProps: { rows: ids } });
    act(() => result.current.toggle(10));
    act(() => result.current.toggle(12, true));
    expect(result.current.selectedIds).toEqual([10, 11, 12]);
    expect(result.current.header).toBe('some');
    rerender({ rows: [12, 13] });
    expect(result.current.selectedIds).toEqual([12]);
    expect(result.current.isSelected(12)).toBe(true);
    act(() => result.current.clear());
    expect(result.current.selectedIds).toEqual([]);
  });
});

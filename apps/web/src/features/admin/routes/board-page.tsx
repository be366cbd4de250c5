import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { BoardCard } from '@sunin/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { failureMessage } from '../../../lib/failure-message';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { adminToast } from '../admin-messages';
import { useBoard, useMoveCard, type BoardFilters } from '../api/board';
import { AdminPageHeader } from '../components/admin-page-header';
import { BoardColumnView, moveQuestion, type CardMove } from '../components/board/board-column';
import { PartnerFilter } from '../components/board/partner-filter';

const BOARD_LOAD_ERROR = 'The board could not be loaded. Check your connection and try again.';
const MOVE_FAILED = 'The stage could not be changed.';

/** The filters in the address (owner_id, state, stalled=true), so Back, reload and a shared link keep them. */
function useBoardFilters(): [BoardFilters, (change: Record<string, string | undefined>) => void] {
  const [params, setParams] = useSearchParams();
  const owner = Number(params.get('owner_id'));
  const filters: BoardFilters = {
    ownerId: Number.isInteger(owner) && owner > 0 ? owner : undefined,
    state: params.get('state')?.trim() || undefined,
    stalled: params.get('stalled') === 'true',
  };
  const set = (change: Record<string, string | undefined>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(change)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });
  return [filters, set];
}

/** The state filter: typed, committed after a pause (or Enter), replaced when the address changes. */
function StateFilter({ value, onChange }: { value: string; onChange: (state: string) => void }) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    // The address changed under the field (Back, Clear filters): show what it holds.
    setShown(value);
    setText(value);
  }
  const settled = useDebouncedValue(text.trim(), 400);
  useEffect(() => {
    if (settled !== value) onChange(settled);
    // Only a settled change commits.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  return <TextField label="State" placeholder="Any state" maxLength={50} value={text} onChange={(event) => setText(event.target.value)} className="sm:w-36" />;
}

/**
 * The pipeline board (/admin/board, issue 37 item 4): a column per stage in pipeline order with
 * its count and deal value total; cards with the company, partner, days in stage and Stalled.
 * Dragging a card to another column, or a card's "Move to…" menu, asks first and then changes
 * the stage as the project page does. Other admins' changes refresh it live (admin_changed).
 * From md up the columns sit side by side (scrolling sideways); on a phone each stage is a
 * section of one list.
 */
export function BoardPage() {
  const [filters, setFilters] = useBoardFilters();
  const board = useBoard(filters);
  const move = useMoveCard();
  const [dragging, setDragging] = useState<BoardCard | null>(null);
  const [pending, setPending] = useState<CardMove | null>(null);
  useEffect(() => {
    if (board.isError) console.error('Failed to load the board.', board.error);
  }, [board.isError, board.error]);

  const ask = (next: CardMove) => {
    move.reset();
    setPending(next);
  };
  const confirm = () => {
    if (!pending) return;
    move.mutate(pending, {
      onSuccess: () => {
        adminToast.success(`${pending.card.company_name || `Project ${pending.card.id}`} moved to ${pending.to}.`);
        setPending(null);
      },
    });
  };
  const narrowed = filters.ownerId !== undefined || filters.state !== undefined || filters.stalled;
  const empty = board.data?.columns.every((column) => column.count === 0 && column.cards.length === 0);

  return (
    <div className="space-y-4">
      <AdminPageHeader title="Pipeline Board" description="Every project by stage, the longest in its stage first. Drag a card, or use its Move to… menu, to change the stage." />
      <div role="search" aria-label="Board filters" className="flex flex-col gap-3 rounded-2xl border border-ink-200 bg-white p-4 shadow-sm sm:flex-row sm:flex-wrap sm:items-end">
        <PartnerFilter ownerId={filters.ownerId} onChange={(ownerId) => setFilters({ owner_id: ownerId === undefined ? undefined : String(ownerId) })} />
        <StateFilter value={filters.state ?? ''} onChange={(state) => setFilters({ state })} />
        <label className="flex items-center gap-2 text-sm font-medium text-ink-700 sm:pb-2.5">
          <input type="checkbox" className="size-4 rounded border-ink-300 accent-brand-700" checked={filters.stalled} onChange={(event) => setFilters({ stalled: event.target.checked ? 'true' : undefined })} />
          Stalled only
        </label>
        {narrowed && (
          <Button variant="ghost" onClick={() => setFilters({ owner_id: undefined, state: undefined, stalled: undefined })}>
            Clear filters
          </Button>
        )}
      </div>
      {board.isPending ? (
        <PageSpinner label="Loading the board…" />
      ) : board.isError ? (
        <LoadError message={BOARD_LOAD_ERROR} onRetry={() => board.refetch()} retrying={board.isFetching} />
      ) : empty ? (
        <EmptyState title={narrowed ? 'No projects match these filters' : 'No Projects Yet'}>{narrowed ? 'Clear the filters to see every project.' : 'Projects show here by stage once partners create them.'}</EmptyState>
      ) : (
        <div className="flex flex-col gap-4 md:flex-row md:items-start md:overflow-x-auto md:pb-2" aria-busy={board.isFetching}>
          {board.data.columns.map((column) => (
            <BoardColumnView
              // Read again (a move, another admin's change): the column starts from its new first page.
              key={`${column.stage}-${board.dataUpdatedAt}`}
              column={column}
              filters={filters}
              dragging={dragging}
              onDragCard={setDragging}
              onMove={ask}
            />
          ))}
        </div>
      )}
      <ConfirmDialog open={pending !== null} title={pending ? moveQuestion(pending) : ''} confirmLabel="Move" onConfirm={confirm} onCancel={() => setPending(null)} pending={move.isPending}>
        <p>The partner is notified of the new stage, and its history, earnings entry and audit log follow as on the project page.</p>
        {move.isError && (
          <Alert tone="error" className="mt-3">
            {failureMessage(MOVE_FAILED, move.error)}
          </Alert>
        )}
      </ConfirmDialog>
    </div>
  );
}

import { useState, type DragEvent } from 'react';
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { ALL_PROJECT_STAGES, type BoardCard, type BoardColumn, type ProjectStage } from '@sunin/contract';
import { Button } from '../../../../components/ui/button';
import { DaysInStage } from '../../../../components/ui/days-in-stage';
import { TextLink } from '../../../../components/ui/text-link';
import { failureMessage } from '../../../../lib/failure-message';
import { formatUsd } from '../../../../lib/format';
import { getColumnPage, type BoardFilters } from '../../api/board';

/** A move the admin asked for, by dragging or by a card's menu, waiting for confirmation. */
export interface CardMove {
  card: BoardCard;
  to: ProjectStage;
}

/** "Move Bayside Brewing from Presentation Ready to Financing and Documentation?" */
export const moveQuestion = ({ card, to }: CardMove) => `Move ${card.company_name || `project ${card.id}`} from ${card.project_stage} to ${to}?`;

const projectCount = (count: number) => `${count.toLocaleString('en-US')} project${count === 1 ? '' : 's'}`;
const headingId = (stage: ProjectStage) => `board-${stage.toLowerCase().replace(/[^a-z]+/g, '-')}`;

interface ColumnProps {
  column: BoardColumn;
  filters: BoardFilters;
  /** The card being dragged, if any (drops on its own column do nothing). */
  dragging: BoardCard | null;
  onDragCard: (card: BoardCard | null) => void;
  onMove: (move: CardMove) => void;
}

/**
 * One stage of the board: its name, count and deal value total, its cards (the longest in the
 * stage first) and "Load more". A column side by side with the others from md up, a section of
 * the page's list below it. A card dragged from another column may be dropped here.
 */
export function BoardColumnView({ column, filters, dragging, onDragCard, onMove }: ColumnProps) {
  // The next pages, read on from the board's cursor; the page mounts the column afresh (key)
  // whenever the board is read again, so they never outlive the first page they follow.
  const [more, setMore] = useState<BoardCard[]>([]);
  const [cursor, setCursor] = useState(column.next_cursor);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const droppable = dragging !== null && dragging.project_stage !== column.stage;

  const loadMore = async () => {
    if (!cursor) return;
    setLoading(true);
    setLoadError(null);
    try {
      const page = await getColumnPage(column.stage, cursor, filters);
      setMore((cards) => [...cards, ...page.cards]);
      setCursor(page.next_cursor);
    } catch (error) {
      setLoadError(failureMessage('More cards could not be loaded. Try again.', error));
    } finally {
      setLoading(false);
    }
  };
  const dragOver = (event: DragEvent) => {
    if (!droppable) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    setOver(true);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (dragging && droppable) onMove({ card: dragging, to: column.stage });
    onDragCard(null);
  };
  const cards = [...column.cards, ...more];
  const id = headingId(column.stage);

  return (
    <section
      aria-labelledby={id}
      data-testid={`board-column-${column.stage}`}
      onDragOver={dragOver}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      className={`flex flex-col rounded-2xl border bg-ink-100/60 p-3 md:w-72 md:shrink-0 ${over ? 'border-brand-500 ring-2 ring-brand-300' : 'border-ink-200'}`}
    >
      <header className="mb-3 px-1">
        <h2 id={id} className="text-sm font-semibold text-ink-900">
          {column.stage}
        </h2>
        <p className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-ink-600">
          <span>{projectCount(column.count)}</span>
          <span aria-hidden="true">·</span>
          <span>{formatUsd(column.deal_value_usd)} in deals</span>
        </p>
      </header>
      {cards.length === 0 ? (
        <p className="rounded-xl border border-dashed border-ink-300 bg-white px-3 py-6 text-center text-xs text-ink-600">No projects at this stage.</p>
      ) : (
        <ul aria-labelledby={id} className="space-y-2">
          {cards.map((card) => (
            <BoardCardView key={card.id} card={card} onDragCard={onDragCard} onMove={onMove} />
          ))}
        </ul>
      )}
      {loadError && (
        <p role="alert" className="mt-2 text-xs text-danger-700">
          {loadError}
        </p>
      )}
      {cursor && (
        <Button variant="secondary" className="mt-3 w-full" onClick={() => void loadMore()} pending={loading} aria-label={`Load more in ${column.stage}`}>
          Load more
        </Button>
      )}
    </section>
  );
}

const menuItemClasses = 'block w-full px-4 py-2 text-left text-sm text-ink-700 data-focus:bg-ink-100 data-focus:text-ink-900';

/** A card: the company (to the admin project page), the partner, days in stage, Stalled, the deal value and "Move to…". */
function BoardCardView({ card, onDragCard, onMove }: { card: BoardCard; onDragCard: (card: BoardCard | null) => void; onMove: (move: CardMove) => void }) {
  const name = card.company_name || `Project ${card.id}`;
  return (
    <li
      draggable
      data-testid={`board-card-${card.id}`}
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', String(card.id));
        onDragCard(card);
      }}
      onDragEnd={() => onDragCard(null)}
      className="cursor-grab rounded-xl border border-ink-200 bg-white p-3 text-sm shadow-sm active:cursor-grabbing"
    >
      <div className="flex items-start justify-between gap-2">
        <TextLink to={`/admin/projects/${card.id}`} className="min-w-0 font-medium break-words">
          {name}
        </TextLink>
        <Menu as="div" className="relative shrink-0">
          <MenuButton aria-label={`Move ${name} to…`} className="rounded-md px-2 py-1 text-xs font-medium text-ink-700 hover:bg-ink-100 data-open:bg-ink-100">
            Move to…
          </MenuButton>
          <MenuItems anchor="bottom end" className="z-30 mt-1 w-64 rounded-xl border border-ink-200 bg-white py-1 shadow-lg focus:outline-none">
            {ALL_PROJECT_STAGES.filter((stage) => stage !== card.project_stage).map((stage) => (
              <MenuItem key={stage}>
                <button type="button" className={menuItemClasses} onClick={() => onMove({ card, to: stage })}>
                  {stage}
                </button>
              </MenuItem>
            ))}
          </MenuItems>
        </Menu>
      </div>
      <p className="mt-1 text-ink-700">{card.owner_name || 'No partner name'}</p>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-xs text-ink-600">
        <DaysInStage since={card.stage_entered_at} stalled={card.stalled} long />
        {card.deal_value_usd > 0 && <span className="font-medium text-ink-800">{formatUsd(card.deal_value_usd)}</span>}
      </div>
    </li>
  );
}

import { useState, type KeyboardEvent } from 'react';
import { InfoDialog } from '../../../components/ui/info-dialog';
import { MARKET_STATES, STATE_TILES, type MarketState } from '../content/us-states';

const CELL = 48;
const TILE = 44;
const COLUMNS = 11;
const ROWS = 8;

/**
 * The US market map (public-site-and-admin.md 2.3): an inline SVG tile grid of the 50 states.
 * Only the five markets are highlighted and interactive; each is a focusable button (Enter and
 * Space activate it) that changes colour on hover and on focus and opens a modal with the
 * state's blurb. The other states are decoration and hidden from assistive technology.
 */
export function UsMarketMap({ markets = MARKET_STATES }: { markets?: readonly MarketState[] }) {
  const [selected, setSelected] = useState<MarketState | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const marketByCode = new Map(markets.map((market) => [market.code as string, market]));
  const openMarket = (market: MarketState) => {
    setSelected(market);
    setIsOpen(true);
  };
  const onKeyDown = (event: KeyboardEvent, market: MarketState) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openMarket(market);
    }
  };
  const selectedName = STATE_TILES.find((tile) => tile.code === selected?.code)?.name ?? '';

  return (
    <>
      <svg
        viewBox={`0 0 ${CELL * COLUMNS} ${CELL * ROWS}`}
        width={CELL * COLUMNS}
        height={CELL * ROWS}
        role="group"
        aria-label="United States market map"
        className="h-auto w-full max-w-3xl"
      >
        {STATE_TILES.map((tile) => {
          const market = marketByCode.get(tile.code);
          const x = tile.col * CELL;
          const y = tile.row * CELL;
          const text = (
            <text
              x={x + TILE / 2}
              y={y + TILE / 2}
              textAnchor="middle"
              dominantBaseline="central"
              fontSize="15"
              fontWeight={market ? 700 : 500}
              pointerEvents="none"
              className={market ? 'fill-white transition-colors group-hover:fill-ink-900 group-focus:fill-ink-900' : 'fill-ink-600'}
            >
              {tile.code}
            </text>
          );
          if (!market) {
            return (
              <g key={tile.code} aria-hidden="true" data-state={tile.code}>
                <rect x={x} y={y} width={TILE} height={TILE} rx="8" className="fill-ink-200" />
                {text}
              </g>
            );
          }
          return (
            <g
              key={tile.code}
              role="button"
              tabIndex={0}
              aria-haspopup="dialog"
              aria-label={`${tile.name}: open market details`}
              data-state={tile.code}
              data-market="true"
              onClick={() => openMarket(market)}
              onKeyDown={(event) => onKeyDown(event, market)}
              className="group cursor-pointer outline-none"
            >
              <rect
                x={x}
                y={y}
                width={TILE}
                height={TILE}
                rx="8"
                strokeWidth="3"
                className="fill-brand-700 stroke-transparent transition-colors group-hover:fill-sun-400 group-focus:fill-sun-400 group-focus-visible:stroke-ink-900"
              />
              {text}
            </g>
          );
        })}
      </svg>
      <InfoDialog open={isOpen} onClose={() => setIsOpen(false)} title={selectedName} eyebrow={selected?.headline}>
        {selected?.blurb.map((paragraph) => <p key={paragraph}>{paragraph}</p>)}
      </InfoDialog>
    </>
  );
}

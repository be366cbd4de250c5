import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import statePaths, { type UsStatePaths } from 'virtual:us-state-paths';
import { stateName } from '@sunin/contract';
import { InfoDialog } from '../../../components/ui/info-dialog';
import { MARKET_STATES, type MarketState } from '../content/us-states';

type MarketCode = MarketState['code'];

/** The viewBox the build fits the states to (vite-plugins/us-state-paths.ts; a test holds them together). */
export const MAP_VIEW_BOX = { width: 975, height: 610 } as const;

/**
 * Where each market's code is written, in viewBox units. CA, NV and TX carry it inside the
 * state. MA and CT are too small to tap on a phone: each gets a callout in the Atlantic, a pill
 * with the code joined to the state by a leader line (from `x`, `y`), part of the same button,
 * whose hit area is at least 24 CSS px square on a 360 px wide phone (WCAG 2.5.8).
 */
export const MARKET_LABELS: Record<MarketCode, { x: number; y: number; callout?: { x: number; y: number } }> = {
  CA: { x: 140, y: 315 },
  NV: { x: 185, y: 245 },
  TX: { x: 440, y: 455 },
  CT: { x: 862, y: 200, callout: { x: 925, y: 335 } },
  MA: { x: 878, y: 176, callout: { x: 925, y: 250 } },
};
/** The callout's pill and, around it, its transparent hit area. */
export const CALLOUT = { width: 76, height: 44, hitWidth: 96, hitHeight: 76 } as const;

/** The id of a market's shape, drawn once hidden (in <defs>) and shown by its button's <use>. */
const shapeId = (code: string) => `us-map-${code}`;

/**
 * The US market map (public-site-and-admin.md 2.3): the 50 states and DC as drawn from the
 * Census Bureau's boundaries at build time (virtual:us-state-paths). Only the five markets are
 * highlighted and interactive; each is a focusable button (Enter and Space activate it) that
 * changes colour on hover and on focus and opens a modal with the state's blurb. The other
 * states are decoration and hidden from assistive technology.
 */
export function UsMarketMap({ markets = MARKET_STATES }: { markets?: readonly MarketState[] }) {
  const [selected, setSelected] = useState<MarketState | null>(null);
  const [isOpen, setIsOpen] = useState(false);
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
  // West to east, the order of the tab key.
  const ordered = [...markets].sort((a, b) => MARKET_LABELS[a.code].x - MARKET_LABELS[b.code].x);

  return (
    <>
      <svg
        viewBox={`0 0 ${MAP_VIEW_BOX.width} ${MAP_VIEW_BOX.height}`}
        width={MAP_VIEW_BOX.width}
        height={MAP_VIEW_BOX.height}
        role="group"
        aria-label="United States market map"
        className="h-auto w-full max-w-3xl"
      >
        <StateShapes marketCodes={markets.map((market) => market.code).join(' ')} />
        {ordered.map((market) => {
          const label = MARKET_LABELS[market.code];
          return (
            <g
              key={market.code}
              role="button"
              tabIndex={0}
              aria-haspopup="dialog"
              aria-label={`${stateName(market.code)}: open market details`}
              data-market={market.code}
              onClick={() => openMarket(market)}
              onKeyDown={(event) => onKeyDown(event, market)}
              className="group cursor-pointer outline-none"
            >
              <use
                href={`#${shapeId(market.code)}`}
                strokeWidth="0.75"
                className="fill-brand-700 stroke-white transition-colors group-hover:fill-sun-400 group-focus:fill-sun-400 group-focus-visible:stroke-ink-900 group-focus-visible:stroke-3"
              />
              {label.callout ? (
                <MarketCallout code={market.code} from={label} at={label.callout} />
              ) : (
                <MarketCodeLabel code={market.code} x={label.x} y={label.y} />
              )}
            </g>
          );
        })}
      </svg>
      <InfoDialog open={isOpen} onClose={() => setIsOpen(false)} title={selected ? stateName(selected.code) : ''} eyebrow={selected?.headline}>
        {selected?.blurb.map((paragraph) => <p key={paragraph}>{paragraph}</p>)}
      </InfoDialog>
    </>
  );
}

function MarketCodeLabel({ code, x, y }: { code: string; x: number; y: number }) {
  return (
    <text
      x={x}
      y={y}
      textAnchor="middle"
      dominantBaseline="central"
      fontSize="30"
      fontWeight={700}
      pointerEvents="none"
      className="fill-white transition-colors group-hover:fill-ink-900 group-focus:fill-ink-900"
    >
      {code}
    </text>
  );
}

function MarketCallout({ code, from, at }: { code: string; from: { x: number; y: number }; at: { x: number; y: number } }) {
  return (
    <g data-callout={code}>
      <line x1={from.x} y1={from.y} x2={at.x} y2={at.y} strokeWidth="1.5" vectorEffect="non-scaling-stroke" className="stroke-ink-700" />
      <circle cx={from.x} cy={from.y} r="4" className="fill-ink-700" />
      <rect
        data-hit-area=""
        x={at.x - CALLOUT.hitWidth / 2}
        y={at.y - CALLOUT.hitHeight / 2}
        width={CALLOUT.hitWidth}
        height={CALLOUT.hitHeight}
        fill="transparent"
      />
      <rect
        x={at.x - CALLOUT.width / 2}
        y={at.y - CALLOUT.height / 2}
        width={CALLOUT.width}
        height={CALLOUT.height}
        rx={CALLOUT.height / 2}
        strokeWidth="3"
        className="fill-brand-700 stroke-transparent transition-colors group-hover:fill-sun-400 group-focus:fill-sun-400 group-focus-visible:stroke-ink-900"
      />
      <MarketCodeLabel code={code} x={at.x} y={at.y} />
    </g>
  );
}

/**
 * The state shapes as markup, in an element whose inner HTML React leaves as it finds it. The
 * prerender writes them into the page's HTML; the public pages' JavaScript does not carry them
 * (its budget is 100 KiB, decision 024, and / was at 95): `import.meta.env.SSR` is false in the
 * browser builds, which drop the static import. Hydration keeps the prerendered shapes (React
 * does not patch inner HTML; suppressHydrationWarning quiets its development build). A map
 * rendered from scratch (in the app's router, on the dev server) loads them as a chunk of their
 * own, through the plugin's second module id.
 */
function StateShapes({ marketCodes }: { marketCodes: string }) {
  const ref = useRef<SVGGElement>(null);
  const [markup, setMarkup] = useState(() => (import.meta.env.SSR ? shapesMarkup(statePaths, marketCodes) : ''));
  useEffect(() => {
    if (ref.current?.hasChildNodes()) return;
    let current = true;
    void import('virtual:us-state-paths-lazy').then(({ default: paths }) => {
      if (current) setMarkup(shapesMarkup(paths, marketCodes));
    });
    return () => {
      current = false;
    };
  }, [marketCodes]);
  return <g ref={ref} aria-hidden="true" dangerouslySetInnerHTML={{ __html: markup }} suppressHydrationWarning />;
}

/**
 * Every state a grey path with a white border; a market's path goes into <defs> without a
 * colour of its own, for its button's <use> to colour on hover and focus.
 */
function shapesMarkup(paths: UsStatePaths, marketCodes: string): string {
  const markets = new Set(marketCodes.split(' '));
  const path = (state: UsStatePaths['states'][number], id = '') =>
    `<path${id && ` id="${id}"`} data-state="${state.code}" vector-effect="non-scaling-stroke" d="${state.d}"/>`;
  const inert = paths.states.filter((state) => !markets.has(state.code)).map((state) => path(state));
  const shown = paths.states.filter((state) => markets.has(state.code)).map((state) => path(state, shapeId(state.code)));
  return `<defs>${shown.join('')}</defs><g class="fill-ink-200 stroke-white" stroke-width="0.75">${inert.join('')}</g>`;
}

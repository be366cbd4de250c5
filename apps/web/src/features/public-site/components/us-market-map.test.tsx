import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import statePaths from 'virtual:us-state-paths';
import { describe, expect, it, vi } from 'vitest';
import { stateName, US_STATE_CODES } from '@sunin/contract';
import { MARKET_STATES } from '../content/us-states';
import { CALLOUT, MAP_VIEW_BOX, MARKET_LABELS, UsMarketMap } from './us-market-map';

describe('UsMarketMap (public-site-and-admin.md 2.3 "Market map")', () => {
  it('draws the 50 states and DC as paths of their own outlines, where they lie on a map', async () => {
    const { container } = render(<UsMarketMap />);
    const shapes = await drawnShapes(container);
    expect(shapes.map((shape) => shape.getAttribute('data-state')).sort()).toEqual([...US_STATE_CODES].sort());
    const outlines = new Map(shapes.map((shape) => [shape.getAttribute('data-state')!, parsePath(shape.getAttribute('d')!)]));
    for (const [code, rings] of outlines) expect(rings.flat().length, code).toBeGreaterThanOrEqual(3);
    // Coastlines, not boxes.
    expect(outlines.get('CA')!.flat().length).toBeGreaterThan(60);
    expect([...outlines.values()].flat(2).length).toBeGreaterThan(2000);

    // Albers USA keeps areas in the lower 48: Texas has about 250 times Rhode Island's land.
    const area = (code: string) => outlines.get(code)!.reduce((sum, ring) => sum + Math.abs(ringArea(ring)), 0);
    expect(area('TX') / area('RI')).toBeGreaterThan(200);
    expect(area('TX') / area('RI')).toBeLessThan(300);
    const center = (code: string) => boundingBox(outlines.get(code)!.flat()).center;
    expect(center('CA')[0]).toBeLessThan(center('TX')[0]);
    expect(center('TX')[0]).toBeLessThan(center('MA')[0]);
    expect(center('ME')[1]).toBeLessThan(center('FL')[1]);
    // Alaska and Hawaii are insets in the lower left, below the northwest.
    expect(center('AK')[0]).toBeLessThan(center('TX')[0]);
    expect(center('AK')[1]).toBeGreaterThan(center('WA')[1]);
    expect(center('HI')[1]).toBeGreaterThan(center('CA')[1]);
  });

  it('makes only CA, TX, MA, NV and CT interactive: focusable buttons; the other states are hidden decoration', async () => {
    const { container } = render(<UsMarketMap />);
    const shapes = await drawnShapes(container);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.getAttribute('data-market')).sort()).toEqual(['CA', 'CT', 'MA', 'NV', 'TX']);
    expect(MARKET_STATES.map((market) => market.code).sort()).toEqual(['CA', 'CT', 'MA', 'NV', 'TX']);
    for (const button of buttons) {
      expect(button).toHaveAttribute('tabindex', '0');
      // The button shows its own state's outline.
      const shown = container.querySelector(button.querySelector('use')!.getAttribute('href')!);
      expect(shown).toHaveAttribute('data-state', button.getAttribute('data-market'));
    }
    expect(screen.getByRole('button', { name: 'California: open market details' })).toBeInTheDocument();

    for (const shape of shapes) {
      expect(shape.closest('[aria-hidden="true"]')).not.toBeNull();
      expect(shape.closest('[tabindex], [role="button"]')).toBeNull();
    }
    expect(container.querySelectorAll('[tabindex]')).toHaveLength(5);
  });

  it('opens the state blurb in a modal on click; Close closes it; other states open nothing', async () => {
    const user = userEvent.setup();
    const { container } = render(<UsMarketMap />);
    await drawnShapes(container);
    await user.click(container.querySelector('path[data-state="NY"]')!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'California: open market details' }));
    const dialog = await screen.findByRole('dialog', { name: 'California' });
    expect(dialog).toHaveTextContent(MARKET_STATES.find((market) => market.code === 'CA')!.blurb[0]!);
    expect(dialog).toHaveTextContent('The largest commercial solar market in the country');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitForNoDialog();

    // A tap on Massachusetts's callout, away from the state itself.
    await user.click(container.querySelector('[data-callout="MA"] [data-hit-area]')!);
    expect(await screen.findByRole('dialog', { name: 'Massachusetts' })).toHaveTextContent(
      MARKET_STATES.find((market) => market.code === 'MA')!.blurb[1]!,
    );
  });

  it('opens with Enter and with Space from the keyboard, west to east, and gives focus back to the state on close', async () => {
    const user = userEvent.setup();
    render(<UsMarketMap />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'California: open market details' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Nevada: open market details' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Nevada' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitForNoDialog();
    // Focus goes back to the state, though the dialog's code loaded after it was focused.
    expect(screen.getByRole('button', { name: 'Nevada: open market details' })).toHaveFocus();

    screen.getByRole('button', { name: 'Connecticut: open market details' }).focus();
    await user.keyboard(' ');
    expect(await screen.findByRole('dialog', { name: 'Connecticut' })).toHaveTextContent(MARKET_STATES.find((market) => market.code === 'CT')!.blurb[0]!);
  });

  it('labels each market inside its state, and gives MA and CT callouts a phone can tap', () => {
    const { container } = render(<UsMarketMap />);
    const outline = (code: string) => parsePath(statePaths.states.find((state) => state.code === code)!.d);
    for (const [code, label] of Object.entries(MARKET_LABELS)) {
      if (label.callout) continue;
      // The code's text (two capitals, 30 units high) with a margin: corners and centre.
      const box: Point[] = [[0, 0], [-26, -14], [26, -14], [-26, 14], [26, 14]].map(([dx, dy]) => [label.x + dx!, label.y + dy!]);
      for (const point of box) expect(insideShape(point, outline(code)), `${code} label at ${point.join(',')}`).toBe(true);
    }

    // The map is as wide as a 360 px phone less the page's 16 px margins.
    const cssPixelsPerUnit = (360 - 2 * 16) / MAP_VIEW_BOX.width;
    const hitAreas = ['MA', 'CT'].map((code) => {
      const callout = container.querySelector(`[data-market="${code}"] [data-callout="${code}"]`)!;
      const line = callout.querySelector('line')!;
      expect(insideShape([Number(line.getAttribute('x1')), Number(line.getAttribute('y1'))], outline(code)), code).toBe(true);
      const rect = callout.querySelector('[data-hit-area]')!;
      const [x, y, width, height] = ['x', 'y', 'width', 'height'].map((name) => Number(rect.getAttribute(name))) as [number, number, number, number];
      expect(Math.min(width, height) * cssPixelsPerUnit).toBeGreaterThanOrEqual(24);
      expect(x >= 0 && y >= 0 && x + width <= MAP_VIEW_BOX.width && y + height <= MAP_VIEW_BOX.height).toBe(true);
      // Off the coast: the pill covers no state.
      const pill = { x: x + (width - CALLOUT.width) / 2, y: y + (height - CALLOUT.height) / 2 };
      for (const state of statePaths.states) {
        const corners: Array<[number, number]> = [
          [pill.x, pill.y],
          [pill.x + CALLOUT.width, pill.y],
          [pill.x, pill.y + CALLOUT.height],
          [pill.x + CALLOUT.width, pill.y + CALLOUT.height],
        ];
        for (const corner of corners) expect(insideShape(corner, parsePath(state.d)), `${code} callout on ${state.code}`).toBe(false);
      }
      return { x, y, width, height };
    });
    const [ma, ct] = hitAreas as [(typeof hitAreas)[0], (typeof hitAreas)[0]];
    const overlap = ma.x < ct.x + ct.width && ct.x < ma.x + ma.width && ma.y < ct.y + ct.height && ct.y < ma.y + ma.height;
    expect(overlap).toBe(false);
  });

  it('prerenders the shapes into the HTML, and hydration keeps them without loading them again', async () => {
    vi.stubEnv('SSR', true);
    let html: string;
    try {
      html = renderToString(<UsMarketMap />);
    } finally {
      vi.unstubAllEnvs();
    }
    expect(html.match(/<path /g)).toHaveLength(51);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const newYork = container.querySelector('path[data-state="NY"]');
    const errors = vi.spyOn(console, 'error');
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const root = await act(async () => hydrateRoot(container, <UsMarketMap />));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    try {
      // React's development build reports a mismatch with console.error.
      expect(errors).not.toHaveBeenCalled();
      expect(container.querySelector('path[data-state="NY"]')).toBe(newYork);
      expect(container.querySelectorAll('path[data-state]')).toHaveLength(51);
    } finally {
      act(() => root.unmount());
      container.remove();
      errors.mockRestore();
    }
  });
});

describe('virtual:us-state-paths (vite-plugins/us-state-paths.ts)', () => {
  it('holds the 50 states and DC by USPS code, with their names, inside the map viewBox', () => {
    expect(statePaths.viewBox).toBe(`0 0 ${MAP_VIEW_BOX.width} ${MAP_VIEW_BOX.height}`);
    expect(statePaths.states.map((state) => state.code)).toEqual([...US_STATE_CODES].sort());
    for (const state of statePaths.states) {
      expect(state.name).toBe(stateName(state.code));
      const box = boundingBox(parsePath(state.d).flat());
      expect(box.minX, state.code).toBeGreaterThanOrEqual(0);
      expect(box.minY, state.code).toBeGreaterThanOrEqual(0);
      expect(box.maxX, state.code).toBeLessThanOrEqual(MAP_VIEW_BOX.width);
      expect(box.maxY, state.code).toBeLessThanOrEqual(MAP_VIEW_BOX.height);
    }
    const all = boundingBox(statePaths.states.flatMap((state) => parsePath(state.d).flat()));
    // Fitted: the map fills the width it is given.
    expect(all.maxX - all.minX).toBeGreaterThan(MAP_VIEW_BOX.width * 0.9);
  });
});

type Point = [number, number];

async function drawnShapes(container: HTMLElement): Promise<Element[]> {
  return waitFor(() => {
    const shapes = [...container.querySelectorAll('path[data-state]')];
    expect(shapes).toHaveLength(51);
    return shapes;
  });
}

async function waitForNoDialog() {
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

/** The rings of the plugin's path data: an absolute moveto, relative linetos, closepath. */
function parsePath(d: string): Point[][] {
  const rings: Point[][] = [];
  const tokens = d.match(/[MlLz]|-?(?:\d+\.?\d*|\.\d+)/g) ?? [];
  let command = '';
  let current: Point = [0, 0];
  for (let index = 0; index < tokens.length; ) {
    const token = tokens[index]!;
    if (/[MlLz]/.test(token)) {
      command = token;
      index++;
      continue;
    }
    const x = Number(token);
    const y = Number(tokens[index + 1]);
    index += 2;
    if (command === 'M') rings.push([]);
    current = command === 'l' ? [current[0] + x, current[1] + y] : [x, y];
    rings[rings.length - 1]!.push(current);
  }
  return rings;
}

function ringArea(ring: Point[]): number {
  return ring.reduce((sum, [x, y], index) => {
    const [nextX, nextY] = ring[(index + 1) % ring.length]!;
    return sum + (x * nextY - nextX * y) / 2;
  }, 0);
}

/** Even-odd rule over every ring of the shape. */
function insideShape([x, y]: Point, rings: Point[][]): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

function boundingBox(points: Point[]) {
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  return { minX, maxX, minY, maxY, center: [(minX + maxX) / 2, (minY + maxY) / 2] as Point };
}

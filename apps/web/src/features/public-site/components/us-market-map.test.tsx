import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MARKET_STATES, STATE_TILES } from '../content/us-states';
import { UsMarketMap } from './us-market-map';

describe('UsMarketMap (public-site-and-admin.md 2.3 "Market map")', () => {
  it('draws all 50 states once each, on distinct tiles', () => {
    const { container } = render(<UsMarketMap />);
    const codes = STATE_TILES.map((tile) => tile.code);
    expect(new Set(codes).size).toBe(50);
    expect(new Set(STATE_TILES.map((tile) => `${tile.row},${tile.col}`)).size).toBe(50);
    expect(container.querySelectorAll('[data-state]')).toHaveLength(50);
  });

  it('makes only CA, TX, MA, NV and CT interactive: focusable buttons', () => {
    const { container } = render(<UsMarketMap />);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.getAttribute('data-state')).sort()).toEqual(['CA', 'CT', 'MA', 'NV', 'TX']);
    expect(MARKET_STATES.map((market) => market.code).sort()).toEqual(['CA', 'CT', 'MA', 'NV', 'TX']);
    for (const button of buttons) expect(button).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('button', { name: 'California: open market details' })).toBeInTheDocument();

    const newYork = container.querySelector('[data-state="NY"]');
    expect(newYork).not.toHaveAttribute('role');
    expect(newYork).not.toHaveAttribute('tabindex');
    expect(newYork).toHaveAttribute('aria-hidden', 'true');
  });

  it('opens the state blurb in a modal on click; Close closes it; other states open nothing', async () => {
    const user = userEvent.setup();
    const { container } = render(<UsMarketMap />);
    await user.click(container.querySelector('[data-state="NY"]')!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'California: open market details' }));
    const dialog = await screen.findByRole('dialog', { name: 'California' });
    expect(dialog).toHaveTextContent(MARKET_STATES.find((market) => market.code === 'CA')!.blurb[0]!);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitForNoDialog();
  });

  it('opens with Enter and with Space from the keyboard, and gives focus back to the state on close', async () => {
    const user = userEvent.setup();
    render(<UsMarketMap />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Massachusetts: open market details' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Massachusetts' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitForNoDialog();
    // Focus goes back to the state, though the dialog's code loaded after it was focused.
    expect(screen.getByRole('button', { name: 'Massachusetts: open market details' })).toHaveFocus();

    screen.getByRole('button', { name: 'Texas: open market details' }).focus();
    await user.keyboard(' ');
    expect(await screen.findByRole('dialog', { name: 'Texas' })).toBeInTheDocument();
  });
});

async function waitForNoDialog() {
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

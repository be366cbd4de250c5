import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { HeaderMenu, TYPE_AHEAD_RESET_MS } from './header-menu';
import { PublicShell } from './public-shell';

const LINKS = [
  { to: '/mission', label: 'Our Mission' },
  { to: '/businessfaq', label: 'Business FAQs' },
  { to: '/team', label: 'Our Team' },
];

function renderMenu() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <HeaderMenu label="Businesses" links={LINKS} />
            <button type="button">After the menu</button>
          </>
        ),
      },
      { path: '*', element: <p>Another page</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return { router, button: screen.getByRole('button', { name: 'Businesses' }) };
}

const activeItem = () => screen.getByRole('menu').querySelector('[data-focus]')?.textContent ?? null;

describe('HeaderMenu (public-site-and-admin.md 2.2 and 9)', () => {
  it('opens from the keyboard on the first item, moves with the arrows, Home and End, and follows the item on Enter', async () => {
    const user = userEvent.setup();
    const { router, button } = renderMenu();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    button.focus();
    await user.keyboard('{Enter}');
    const menu = screen.getByRole('menu');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('data-open');
    expect(menu).toHaveFocus();
    expect(menu).toHaveAttribute('aria-labelledby', button.id);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Our Mission', 'Business FAQs', 'Our Team']);
    expect(activeItem()).toBe('Our Mission');
    expect(menu.getAttribute('aria-activedescendant')).toBe(screen.getByRole('menuitem', { name: 'Our Mission' }).id);

    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(activeItem()).toBe('Our Team');
    await user.keyboard('{Home}');
    expect(activeItem()).toBe('Our Mission');
    await user.keyboard('{End}{ArrowUp}');
    expect(activeItem()).toBe('Business FAQs');

    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/businessfaq');
  });

  it('opens on the last item with ArrowUp; Escape closes it and gives focus back to the button', async () => {
    const user = userEvent.setup();
    const { button } = renderMenu();
    button.focus();
    await user.keyboard('{ArrowUp}');
    expect(activeItem()).toBe('Our Team');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('jumps by typing, from the item after the active one, and forgets what was typed after 350 ms', () => {
    vi.useFakeTimers();
    const { button } = renderMenu();
    fireEvent.keyDown(button, { key: 'Enter' });
    const menu = screen.getByRole('menu');
    const type = (key: string) => fireEvent.keyDown(menu, { key });

    // "o" looks from the item after Our Mission on: Our Team. "our t" keeps it.
    for (const key of 'our t') type(key);
    expect(activeItem()).toBe('Our Team');

    act(() => vi.advanceTimersByTime(TYPE_AHEAD_RESET_MS - 1));
    type('b');
    expect(activeItem()).toBe('Our Team');
    act(() => vi.advanceTimersByTime(TYPE_AHEAD_RESET_MS));
    type('b');
    expect(activeItem()).toBe('Business FAQs');
  });

  it('opens on a click with no item active, follows a clicked item, and closes on a click outside', async () => {
    const user = userEvent.setup();
    const { router, button } = renderMenu();
    await user.click(button);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(activeItem()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'After the menu' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(button);
    await user.hover(screen.getByRole('menuitem', { name: 'Our Team' }));
    expect(activeItem()).toBe('Our Team');
    await user.click(screen.getByRole('menuitem', { name: 'Our Team' }));
    expect(router.state.location.pathname).toBe('/team');
  });

  it('closes on Tab and moves focus on past the button', async () => {
    const user = userEvent.setup();
    const { button } = renderMenu();
    button.focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{Tab}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'After the menu' })).toHaveFocus();
  });
});

describe('PublicShell below md', () => {
  it('has a Menu button whose panel holds every header link and closes when one is followed', async () => {
    const user = userEvent.setup();
    const router = createMemoryRouter([{ path: '*', element: <PublicShell>Page</PublicShell> }], { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);
    const menuButton = screen.getByRole('button', { name: 'Menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();

    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const nav = screen.getByRole('navigation', { name: 'Mobile' });
    expect(menuButton).toHaveAttribute('aria-controls', nav.parentElement?.id);
    const names = [...nav.querySelectorAll('a')].map((link) => link.textContent);
    expect(names).toEqual(['Free savings estimate', 'Our Mission', 'Business FAQs', 'Our Team', 'The Platform', 'Partner FAQs', 'Pricing', 'Request a Quote', 'Contact Us', 'Become an Install Partner', 'Login', 'Sign Up']);

    await user.click(within(nav).getByRole('link', { name: 'Partner FAQs' }));
    expect(router.state.location.pathname).toBe('/memberfaq');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });
});

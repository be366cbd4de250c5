import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUBLIC_PAGE_PATHS } from '@sunin/contract';
import { documentNavigator, startPublicPage } from './entry-public';
import { renderPage } from './entry-server';
import { PRERENDERED_PATH_ATTRIBUTE } from './entry-shared';
import { saveSession } from './lib/session';
import { buildUser } from './lib/test-fixtures';
import { stubFetch } from './lib/test-utils';

/**
 * The prerender (entry-server) and the public pages' browser entry (entry-public) must produce
 * the same tree:
 * React's development build reports any text or attribute difference (useId values included)
 * with console.error, which these tests treat as a failure.
 */
// React's act() warns unless the environment says it is a test (Testing Library sets this only
// inside its own render calls when vitest globals are off).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/** Page loads the public page's navigator asked for: [href, replace]. */
let loads: Array<[string, boolean]> = [];

async function mountPrerendered(path: string) {
  const page = await renderPage(path);
  document.body.innerHTML = `<div id="root" ${PRERENDERED_PATH_ATTRIBUTE}="${path}">${page.html}</div>`;
  window.history.replaceState(null, '', path);
  const container = document.getElementById('root')!;
  const firstChild = container.firstElementChild;
  const errors = vi.spyOn(console, 'error');
  loads = [];
  await act(async () => {
    root = await startPublicPage({ navigator: documentNavigator((href, replace) => loads.push([href, replace])) });
  });
  return { page, container, firstChild, errors };
}

describe('prerendered public pages', () => {
  it.each(PUBLIC_PAGE_PATHS)('%s renders with its own title and description and hydrates without a mismatch', async (path) => {
    stubFetch(() => {
      throw new Error(`No public page should call the API while loading (${path}).`);
    });
    const { page, container, firstChild, errors } = await mountPrerendered(path);

    expect(page.title).toMatch(/ · SunIn$|^SunIn$/);
    expect(page.description.length).toBeGreaterThan(40);
    expect(page.html).toContain('<h1');
    expect(errors).not.toHaveBeenCalled();
    // Hydrated, not re-rendered: the server's DOM nodes are still there.
    expect(container.firstElementChild).toBe(firstChild);
    expect(document.title).toBe(page.title);
  });

  it('follows a link with a page load, not inside the page (the next page is prerendered, or the app)', async () => {
    stubFetch(() => {
      throw new Error('No public page should call the API while loading.');
    });
    const { container } = await mountPrerendered('/');
    const teamLink = [...container.querySelectorAll('footer a')].find((link) => link.textContent === 'Our Team') as HTMLAnchorElement;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    act(() => {
      teamLink.dispatchEvent(click);
    });
    expect(loads).toEqual([['/team', false]]);
    expect(click.defaultPrevented).toBe(true);
    expect(container.querySelector('h1')?.textContent).toBe('Unleash the Power of Commercial Solar');
  });

  it('sends a signed-in member from /login on to /home with a page load, rendered rather than hydrated', async () => {
    saveSession('jwt', buildUser());
    stubFetch(() => {
      throw new Error('/login should not call the API for a signed-in member.');
    });
    const { container, errors } = await mountPrerendered('/login');
    expect(container).not.toHaveAttribute(PRERENDERED_PATH_ATTRIBUTE);
    expect(loads).toEqual([['/home', true]]);
    expect(errors).not.toHaveBeenCalled();
  });

  it('gives every page a distinct title and description', async () => {
    const pages = await Promise.all(PUBLIC_PAGE_PATHS.map((path) => renderPage(path)));
    expect(new Set(pages.map((page) => page.title)).size).toBe(PUBLIC_PAGE_PATHS.length);
    expect(new Set(pages.map((page) => page.description)).size).toBe(PUBLIC_PAGE_PATHS.length);
  });

  it('refuses to prerender a path that has no page', async () => {
    await expect(renderPage('/no-such-page')).rejects.toThrow(/no public page has this path/);
  });

  it('renders from scratch when the HTML was prerendered for another path', async () => {
    const page = await renderPage('/team');
    document.body.innerHTML = `<div id="root" ${PRERENDERED_PATH_ATTRIBUTE}="/team">${page.html}</div>`;
    window.history.replaceState(null, '', '/pricing');
    const container = document.getElementById('root')!;
    const errors = vi.spyOn(console, 'error');
    await act(async () => {
      root = await startPublicPage({ navigator: documentNavigator(() => undefined) });
    });
    expect(container).not.toHaveAttribute(PRERENDERED_PATH_ATTRIBUTE);
    expect(await findHeading(container, 'Choose how you partner with SunIn')).toBe(true);
    expect(errors).not.toHaveBeenCalled();
  });
});

async function findHeading(container: HTMLElement, text: string): Promise<boolean> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    if (container.querySelector('h1')?.textContent === text) return true;
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  }
  return false;
}

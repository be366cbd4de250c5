import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUBLIC_PAGE_PATHS } from '@sunin/contract';
import { startApp } from './entry-client';
import { renderPage } from './entry-server';
import { PRERENDERED_PATH_ATTRIBUTE } from './entry-shared';
import { stubFetch } from './lib/test-utils';

/**
 * The prerender (entry-server) and the browser (entry-client) must produce the same tree:
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

async function mountPrerendered(path: string) {
  const page = await renderPage(path);
  document.body.innerHTML = `<div id="root" ${PRERENDERED_PATH_ATTRIBUTE}="${path}">${page.html}</div>`;
  window.history.replaceState(null, '', path);
  const container = document.getElementById('root')!;
  const firstChild = container.firstElementChild;
  const errors = vi.spyOn(console, 'error');
  await act(async () => {
    root = await startApp();
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

  it('gives every page a distinct title and description', async () => {
    const pages = await Promise.all(PUBLIC_PAGE_PATHS.map((path) => renderPage(path)));
    expect(new Set(pages.map((page) => page.title)).size).toBe(PUBLIC_PAGE_PATHS.length);
    expect(new Set(pages.map((page) => page.description)).size).toBe(PUBLIC_PAGE_PATHS.length);
  });

  it('refuses to prerender a path that has no page', async () => {
    await expect(renderPage('/no-such-page')).rejects.toThrow(/set no title/);
  });

  it('renders from scratch when the HTML was prerendered for another path', async () => {
    const page = await renderPage('/team');
    document.body.innerHTML = `<div id="root" ${PRERENDERED_PATH_ATTRIBUTE}="/team">${page.html}</div>`;
    window.history.replaceState(null, '', '/pricing');
    const container = document.getElementById('root')!;
    const errors = vi.spyOn(console, 'error');
    await act(async () => {
      root = await startApp();
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

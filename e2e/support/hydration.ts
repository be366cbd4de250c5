import type { Page } from '@playwright/test';

/**
 * Waits until React has taken over the page (hydrateRoot or createRoot marks the container)
 * and the page's chunks have loaded. Prerendered pages show their HTML before that, and a
 * click on it would do nothing yet.
 */
export async function waitForReact(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
  await page.waitForLoadState('networkidle');
}

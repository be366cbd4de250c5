/**
 * Gives the history entry of a full page load its own key (issue 14). React Router keys each
 * entry it creates, and <ScrollRestoration> saves scroll positions per key; but an entry the
 * browser created (a typed address, a link from outside, a reload) carries no key, and React
 * Router calls every such entry "default". All full loads then shared one saved position: after
 * scrolling the landing page, typing /pricing opened it scrolled down to the landing page's
 * offset. Keyed here before the router starts, each full load opens at the top, while a reload
 * or a return through history (the key lives in history.state) still restores its own place.
 */
export function keyInitialHistoryEntry(history: History = window.history): void {
  const state: unknown = history.state;
  const current = typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
  if (typeof current.key === 'string' && current.key !== '') return;
  // The same shape React Router gives the keys it makes itself.
  history.replaceState({ ...current, key: Math.random().toString(36).slice(2, 10) }, '');
}

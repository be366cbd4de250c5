import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { APP_NAME } from '../../lib/config';

/** index.html's description: what a page without its own description shows. */
export const DEFAULT_DESCRIPTION =
  'SunIn Partner Portal: sign up as a partner, submit commercial solar projects and track them to completion.';

export interface PageMetaRecord {
  title?: string;
  description?: string;
}

/** "Pricing" becomes "Pricing · SunIn"; an empty title is the bare app name. */
export function fullPageTitle(title: string): string {
  return title ? `${title} · ${APP_NAME}` : APP_NAME;
}

/**
 * Filled during the build's prerender (react-dom/server runs no effects): the page writes its
 * title and description here while rendering, and the prerender script puts them into <head>.
 */
const PageMetaCollectorContext = createContext<((meta: Required<PageMetaRecord>) => void) | null>(null);

/** `record` is given on the server only; in the browser the pages set <head> in an effect. */
export function PageMetaCollector({ record, children }: { record?: PageMetaRecord | undefined; children: ReactNode }) {
  const collect = record ? (meta: Required<PageMetaRecord>) => Object.assign(record, meta) : null;
  return <PageMetaCollectorContext.Provider value={collect}>{children}</PageMetaCollectorContext.Provider>;
}

function descriptionTag(): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  return tag;
}

/**
 * The document title and meta description of a page, on the prerendered HTML and on every
 * client-side navigation. Leaving the page restores the default description, so that a page
 * that sets only its title (the auth pages) never shows the previous page's description.
 */
export function usePageMeta(title: string, description: string): void {
  const collect = useContext(PageMetaCollectorContext);
  collect?.({ title: fullPageTitle(title), description });
  useEffect(() => {
    document.title = fullPageTitle(title);
    const tag = descriptionTag();
    tag.content = description;
    return () => {
      tag.content = DEFAULT_DESCRIPTION;
    };
  }, [title, description]);
}

/**
 * `<meta name="robots" content="noindex">` while the page is shown: for pages reached by a
 * personal link (an email's unsubscribe link), which search engines should never list.
 */
export function useNoIndex(): void {
  useEffect(() => {
    const tag = document.createElement('meta');
    tag.name = 'robots';
    tag.content = 'noindex';
    document.head.append(tag);
    return () => tag.remove();
  }, []);
}

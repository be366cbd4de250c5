import { useEffect } from 'react';
import { APP_NAME } from './config';

/** Sets the tab title to "<page> · SunIn" while the page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}

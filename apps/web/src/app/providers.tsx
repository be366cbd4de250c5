import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toaster } from 'react-hot-toast';
import { TOAST_DURATIONS, useToastArea } from '../lib/toast-area';
import { useHydrated } from '../lib/use-hydrated';

/**
 * Toasts at the top centre (member-app.md 8) with the durations of the area the page belongs to
 * (lib/toast-area.ts): member area 4 s for blank and error, 2 s for success (member-app.md 9);
 * admin area and public pages 5 s and 3 s (public-site-and-admin.md 9). Loading toasts never
 * expire (Infinity, also react-hot-toast's own default, set here so it cannot drift). The
 * spec's limit of 20 toasts at once (TOAST_LIMIT) is react-hot-toast's built-in cap:
 * TOAST_LIMIT = 20 in node_modules/react-hot-toast/src/core/store.ts (2.6.1); <Toaster> offers
 * no prop to change it.
 */
export function AppToaster() {
  const durations = TOAST_DURATIONS[useToastArea()];
  return (
    <Toaster
      position="top-center"
      toastOptions={{
        duration: durations.blank,
        blank: { duration: durations.blank },
        error: { duration: durations.error },
        success: { duration: durations.success },
        loading: { duration: Infinity },
        className: 'text-sm',
      }}
    />
  );
}

/**
 * The toaster lives in its own element directly under <body>, outside #root. An open Headless UI
 * dialog makes #root inert and aria-hidden; a toast raised from inside the dialog ("Saved", an
 * error) must still be announced, so the toaster cannot be part of that tree. It mounts after
 * hydration: the prerendered HTML has no toaster, and the first client render must match it.
 */
function BodyToaster() {
  return useHydrated() ? createPortal(<AppToaster />, document.body) : null;
}

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <BodyToaster />
    </QueryClientProvider>
  );
}

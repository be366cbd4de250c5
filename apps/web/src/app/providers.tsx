import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toaster } from 'react-hot-toast';
import { TOAST_DURATION_MS } from '@sunin/contract';

/**
 * Toasts at the top centre (member-app.md 8) with the durations of member-app.md 9: 4 s for
 * blank and error, 2 s for success, and loading toasts never expire (Infinity, also
 * react-hot-toast's own default, set here so it cannot drift). The spec's limit of 20 toasts
 * at once (TOAST_LIMIT) is react-hot-toast's built-in cap: TOAST_LIMIT = 20 in
 * node_modules/react-hot-toast/src/core/store.ts (2.6.1); <Toaster> offers no prop to change it.
 */
export function AppToaster() {
  return (
    <Toaster
      position="top-center"
      toastOptions={{
        duration: TOAST_DURATION_MS.blank,
        blank: { duration: TOAST_DURATION_MS.blank },
        error: { duration: TOAST_DURATION_MS.error },
        success: { duration: TOAST_DURATION_MS.success },
        loading: { duration: Infinity },
        className: 'text-sm',
      }}
    />
  );
}

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <AppToaster />
    </QueryClientProvider>
  );
}

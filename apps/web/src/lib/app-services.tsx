import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { TOAST_DURATIONS, useToastArea } from './toast-area';
import { useHydrated } from './use-hydrated';

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
export function BodyToaster() {
  return useHydrated() ? createPortal(<AppToaster />, document.body) : null;
}

/**
 * Toasts that were on screen when a public page handed over to the app with a page load (the
 * signup wizard's success message on its way to /home): the app shows them again as it starts.
 */
const CARRIED_TOASTS_KEY = 'sunin.carried-toasts';
type CarriedToast = { type: 'success' | 'error' | 'blank'; message: string };

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The toasts a public page carried over, once: reading them removes them. */
function takeCarriedToasts(): CarriedToast[] {
  const store = sessionStore();
  try {
    const raw = store?.getItem(CARRIED_TOASTS_KEY);
    store?.removeItem(CARRIED_TOASTS_KEY);
    const carried: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(carried) ? (carried as CarriedToast[]) : [];
  } catch {
    return [];
  }
}

/** Shows the toasts a public page carried over; the app's toaster calls it as it mounts. */
export function showCarriedToasts(): void {
  for (const { type, message } of takeCarriedToasts()) {
    if (type === 'success') toast.success(message);
    else if (type === 'error') toast.error(message);
    else toast(message);
  }
}

/** The public page's toaster: what is still showing when the page unloads goes with the visitor. */
function PublicPageToaster() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    const carry = () => {
      const showing = toasts
        .filter((item) => item.visible && item.type !== 'loading' && item.type !== 'custom' && typeof item.message === 'string')
        .map((item): CarriedToast => ({ type: item.type as CarriedToast['type'], message: item.message as string }));
      if (showing.length > 0) sessionStore()?.setItem(CARRIED_TOASTS_KEY, JSON.stringify(showing));
    };
    window.addEventListener('pagehide', carry);
    return () => window.removeEventListener('pagehide', carry);
  }, [toasts]);
  return <BodyToaster />;
}

const AppServicesContext = createContext(false);

/** The app's query client and toaster (app/providers.tsx), and the mark that they are there. */
export function AppServices({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  useEffect(showCarriedToasts, []);
  return (
    <AppServicesContext.Provider value={true}>
      <QueryClientProvider client={queryClient}>
        {children}
        <BodyToaster />
      </QueryClientProvider>
    </AppServicesContext.Provider>
  );
}

/**
 * For a part of a prerendered public page that loads later and needs the app's services (the
 * signup wizard past its first step: TanStack Query and toasts). Inside the app they are
 * already there; a public page's own entry leaves them out of its first load
 * (docs/decisions/024-public-first-load.md), so this part brings a query client and a
 * toaster of its own.
 */
export function WithAppServices({ children }: { children: ReactNode }) {
  const inApp = useContext(AppServicesContext);
  // A client of its own only where the page has none (QueryClientContext: TanStack's own).
  const hasClient = useContext(QueryClientContext) !== undefined;
  const [ownClient] = useState(() => (inApp || hasClient ? null : new QueryClient({ defaultOptions: { mutations: { retry: false } } })));
  if (inApp) return children;
  return (
    <>
      {ownClient ? <QueryClientProvider client={ownClient}>{children}</QueryClientProvider> : children}
      <PublicPageToaster />
    </>
  );
}

import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { AppServices } from '../lib/app-services';

/** The app's query client and toaster (lib/app-services.tsx) around the router. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return <AppServices queryClient={queryClient}>{children}</AppServices>;
}

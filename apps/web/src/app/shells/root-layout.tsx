import { Outlet, ScrollRestoration } from 'react-router';
import { ToastLifecycle } from '../../lib/toast-lifecycle';

export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
      <ToastLifecycle />
    </>
  );
}

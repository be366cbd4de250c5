import { act, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppToaster } from '../lib/app-services';
import type { ToastAreaHandle } from '../lib/toast-area';
import { followToNextPage, ToastLifecycle, useFailureToast } from '../lib/toast-lifecycle';

const member: ToastAreaHandle = { toastArea: 'member' };
const admin: ToastAreaHandle = { toastArea: 'admin' };

function LoadingPage({ failed }: { failed: boolean }) {
  useFailureToast(failed, 'Failed to fetch project data.', 'project-load');
  return <p>{failed ? 'Failed' : 'Loaded'}</p>;
}

function renderApp(initial = '/') {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <ToastLifecycle />
          </>
        ),
        children: [
          { path: '/', element: <p>Landing</p> },
          { path: '/pricing', element: <p>Pricing</p> },
          { path: '/home', handle: member, element: <p>Home</p> },
          { path: '/projects', handle: member, element: <p>Projects</p> },
          { path: '/admin', handle: admin, element: <p>Admin</p> },
        ],
      },
    ],
    { initialEntries: [initial] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <AppToaster />
    </>,
  );
  return router;
}

/** Moves the clock in small steps, letting React commit (and the toaster schedule) between them. */
async function advance(ms: number) {
  for (let left = ms; left > 0; left -= 50) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(Math.min(50, left));
    });
  }
}

/** react-hot-toast removes a dismissed toast from the page 1 s after dismissing it. */
const REMOVE_DELAY = 1000;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(async () => {
  act(() => toast.remove());
  vi.useRealTimers();
});

describe('toast durations per area (member-app.md 9, public-site-and-admin.md 9)', () => {
  it.each([
    ['/', 'public', 5000, 3000],
    ['/home', 'member', 4000, 2000],
    ['/admin', 'admin', 5000, 3000],
  ])('on %s (%s area) errors stay %i ms and successes %i ms', async (path, _area, errorMs, successMs) => {
    renderApp(path);
    await advance(10);
    act(() => {
      toast.error('It failed.');
      toast.success('It worked.');
    });
    // Dismissed after its duration, then off the page REMOVE_DELAY later.
    await advance(successMs + REMOVE_DELAY - 200);
    expect(screen.getByText('It worked.')).toBeInTheDocument();
    await advance(300);
    expect(screen.queryByText('It worked.')).not.toBeInTheDocument();
    await advance(errorMs - successMs - 300);
    expect(screen.getByText('It failed.')).toBeInTheDocument();
    await advance(300);
    expect(screen.queryByText('It failed.')).not.toBeInTheDocument();
  });
});

describe('error toasts that no longer apply (issue 14)', () => {
  it('go when the page changes; those marked to follow the member stay', async () => {
    const router = renderApp('/home');
    await advance(10);
    act(() => {
      toast.error('Error updating information!');
      followToNextPage(toast.error('Please log in again.'));
    });
    await act(async () => router.navigate('/projects'));
    await advance(REMOVE_DELAY + 100);
    expect(screen.queryByText('Error updating information!')).not.toBeInTheDocument();
    expect(screen.getByText('Please log in again.')).toBeInTheDocument();
  });

  it('go when a later attempt succeeds', async () => {
    renderApp('/home');
    await advance(10);
    act(() => void toast.error('Error updating information!'));
    await advance(500);
    act(() => void toast.success('Updated site information successfully!'));
    await advance(REMOVE_DELAY + 100);
    expect(screen.queryByText('Error updating information!')).not.toBeInTheDocument();
    expect(screen.getByText('Updated site information successfully!')).toBeInTheDocument();
  });

  it('a load failure toast goes once the data loads', async () => {
    const { rerender } = render(
      <>
        <LoadingPage failed />
        <AppToaster />
      </>,
    );
    await advance(10);
    expect(screen.getByText('Failed to fetch project data.')).toBeInTheDocument();
    rerender(
      <>
        <LoadingPage failed={false} />
        <AppToaster />
      </>,
    );
    await advance(REMOVE_DELAY + 100);
    expect(screen.queryByText('Failed to fetch project data.')).not.toBeInTheDocument();
  });
});

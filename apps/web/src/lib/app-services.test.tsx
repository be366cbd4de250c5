import { act, render, screen } from '@testing-library/react';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import { AppServices, WithAppServices } from './app-services';
import { createTestQueryClient } from './test-utils';

afterEach(() => {
  act(() => toast.remove());
});

/** Needs both services: useQueryClient throws without a client, and the toast needs a toaster. */
function UsesServices({ message }: { message: string }) {
  useQueryClient();
  return (
    <button type="button" onClick={() => toast.success(message)}>
      Say it
    </button>
  );
}

describe('WithAppServices (docs/decisions/024-public-first-load.md)', () => {
  it('on a public page, brings a query client and a toaster of its own', async () => {
    render(
      <WithAppServices>
        <UsesServices message="Signed up successfully." />
      </WithAppServices>,
    );
    act(() => screen.getByRole('button', { name: 'Say it' }).click());
    expect(await screen.findByText('Signed up successfully.')).toBeInTheDocument();
    expect(document.querySelectorAll('[data-rht-toaster]')).toHaveLength(1);
  });

  it("inside the app, uses the app's: one toaster, one query client", () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(['whose'], 'the app');
    function ReadsClient() {
      return <p>{useQueryClient().getQueryData<string>(['whose'])}</p>;
    }
    render(
      <AppServices queryClient={queryClient}>
        <WithAppServices>
          <ReadsClient />
        </WithAppServices>
      </AppServices>,
    );
    expect(screen.getByText('the app')).toBeInTheDocument();
    expect(document.querySelectorAll('[data-rht-toaster]')).toHaveLength(1);
  });

  it('carries the toasts still showing when the public page unloads over to the app, which shows them once', async () => {
    const page = render(
      <WithAppServices>
        <UsesServices message="Welcome aboard." />
      </WithAppServices>,
    );
    act(() => screen.getByRole('button').click());
    await screen.findByText('Welcome aboard.');
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    page.unmount();
    act(() => toast.remove());

    render(
      <AppServices queryClient={createTestQueryClient()}>
        <main>Home</main>
      </AppServices>,
    );
    expect(await screen.findByText('Welcome aboard.')).toBeInTheDocument();
    expect(sessionStorage.length).toBe(0);
  });
});

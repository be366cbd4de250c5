import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { act, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestQueryClient } from '../lib/test-utils';
import { Providers } from './providers';

afterEach(() => {
  act(() => toast.remove());
});

describe('Providers', () => {
  it('keeps toasts announced while a dialog makes the page inert', async () => {
    render(
      <Providers queryClient={createTestQueryClient()}>
        <main>Page</main>
        <Dialog open onClose={() => undefined}>
          <DialogPanel>
            <DialogTitle>Edit contact</DialogTitle>
            <button type="button">Save</button>
          </DialogPanel>
        </Dialog>
      </Providers>,
    );
    await screen.findByRole('dialog');
    act(() => {
      toast.success('Contact updated');
    });

    const message = await screen.findByText('Contact updated');
    // The page behind the dialog is hidden from assistive technology...
    expect(screen.getByText('Page').closest('[aria-hidden="true"]')).not.toBeNull();
    // ...but the toast is not, and it sits in a live region.
    expect(message.closest('[aria-hidden="true"]')).toBeNull();
    expect(message.closest('[aria-live]')).not.toBeNull();
  });
});

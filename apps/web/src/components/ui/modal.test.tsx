import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';
import { Modal } from './modal';

function FormModal() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="New Link">
        <form>
          <input type="hidden" name="token" value="x" />
          <input aria-label="Disabled" disabled />
          <label>
            Link Title <input name="title" />
          </label>
          <label>
            Link URL <input name="url" />
          </label>
        </form>
      </Modal>
    </>
  );
}

describe('Modal (issue 14 item 12)', () => {
  it('puts focus in the first field when it opens, past the close button, hidden and disabled inputs', async () => {
    const user = userEvent.setup();
    render(<FormModal />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(screen.getByLabelText('Link Title')).toHaveFocus());

    // And again on the next opening.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(screen.getByLabelText('Link Title')).toHaveFocus());
  });

  it('leaves a dialog without fields to its default focus', async () => {
    render(
      <ConfirmDialog open title="Delete this link?" confirmLabel="Delete" onConfirm={() => {}} onCancel={() => {}}>
        It cannot be undone.
      </ConfirmDialog>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete this link?' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  });
});

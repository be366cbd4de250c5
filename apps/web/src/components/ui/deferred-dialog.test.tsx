import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { InfoDialog } from './info-dialog';

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Learn more
      </button>
      <InfoDialog open={open} onClose={() => setOpen(false)} title="Tailored financing">
        <p>Fixed-rate financing.</p>
      </InfoDialog>
    </main>
  );
}

describe('deferredDialog (docs/decisions/024-public-first-load.md)', () => {
  it('renders nothing until first opened, then opens with the page behind it hidden, and returns focus on close', async () => {
    const user = userEvent.setup();
    const { container } = render(<Page />);
    expect(container.querySelector('main')?.children).toHaveLength(1);

    const opener = screen.getByRole('button', { name: 'Learn more' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Tailored financing' });
    expect(dialog).toHaveTextContent('Fixed-rate financing.');
    // The first opening mounts the dialog closed and opens it after: Headless UI then hides
    // the page behind it, as it does for a dialog that was there all along.
    await waitFor(() => expect(container).toHaveAttribute('aria-hidden', 'true'));

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();

    await user.click(opener);
    expect(await screen.findByRole('dialog', { name: 'Tailored financing' })).toBeInTheDocument();
  });
});

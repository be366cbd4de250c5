import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppToaster } from '../lib/app-services';
import { showUpdateReadyToast } from './update-ready-toast';

afterEach(() => {
  act(() => toast.remove());
});

describe('showUpdateReadyToast', () => {
  it('waits for the member: Reload takes the new version, Not now leaves the page as it is', async () => {
    const user = userEvent.setup();
    render(<AppToaster />);
    const reload = vi.fn();
    act(() => showUpdateReadyToast(reload));
    // Shown once however often the worker says so.
    act(() => showUpdateReadyToast(reload));
    expect(await screen.findAllByText('A new version is ready')).toHaveLength(1);
    expect(reload).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);

    const later = vi.fn();
    act(() => showUpdateReadyToast(later));
    await user.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(later).not.toHaveBeenCalled();
  });
});

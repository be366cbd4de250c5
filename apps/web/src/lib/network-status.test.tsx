import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useOnlineStatus } from './network-status';

function Probe() {
  return <p>{useOnlineStatus() ? 'online' : 'offline'}</p>;
}

describe('useOnlineStatus', () => {
  afterEach(() => vi.restoreAllMocks());

  it('follows the browser between offline and online', () => {
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(true);
    render(<Probe />);
    expect(screen.getByText('online')).toBeInTheDocument();
    onLine.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByText('offline')).toBeInTheDocument();
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.getByText('online')).toBeInTheDocument();
  });
});

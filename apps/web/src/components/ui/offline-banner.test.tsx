import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_MESSAGE, OfflineBanner } from './offline-banner';
import { isWaitingForNetwork, OfflineUnavailable } from './offline-unavailable';

describe('OfflineBanner', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says so in its status region while the browser is offline, and goes when it is back', () => {
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(true);
    render(<OfflineBanner />);
    const region = screen.getByRole('status');
    expect(region).toBeEmptyDOMElement();

    onLine.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(region).toHaveTextContent(OFFLINE_MESSAGE);
    expect(OFFLINE_MESSAGE).toBe("You're offline. Showing what you last saw; photos, notes and utility values you add wait to upload.");

    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    // The same region, so a screen reader hears the change.
    expect(screen.getByRole('status')).toBe(region);
    expect(region).toBeEmptyDOMElement();
  });
});

describe('OfflineUnavailable', () => {
  it('tells what cannot be shown', () => {
    render(<OfflineUnavailable message="This project has not been opened on this device yet, so it is not available offline." />);
    expect(screen.getByText('Not available offline')).toBeInTheDocument();
    expect(screen.getByText('This project has not been opened on this device yet, so it is not available offline.')).toBeInTheDocument();
  });

  it('applies only to a query paused for the network with nothing to show', () => {
    expect(isWaitingForNetwork({ isPending: true, fetchStatus: 'paused' })).toBe(true);
    expect(isWaitingForNetwork({ isPending: true, fetchStatus: 'fetching' })).toBe(false);
    expect(isWaitingForNetwork({ isPending: false, fetchStatus: 'paused' })).toBe(false);
  });
});

import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildStoredFile } from '../../../lib/test-fixtures';
import { renderRoutes } from '../../../lib/test-utils';
import { Lightbox, wrapIndex } from './lightbox';

const photos = [
  buildStoredFile({ id: 1, name: 'front.png', url: '/api/projects/7/images/1' }),
  buildStoredFile({ id: 2, name: 'roof.png', url: '/api/projects/7/images/2' }),
  buildStoredFile({ id: 3, name: 'meter.png', url: '/api/projects/7/images/3' }),
];

function Harness({ onDelete = () => {} }: { onDelete?: (name: string) => void }) {
  const [index, setIndex] = useState<number | null>(0);
  return (
    <>
      <button type="button" onClick={() => setIndex(0)}>
        Open first
      </button>
      <Lightbox photos={photos} index={index} onIndexChange={setIndex} onClose={() => setIndex(null)} onDelete={(photo) => onDelete(photo.name)} />
    </>
  );
}

const renderLightbox = (onDelete?: (name: string) => void) => renderRoutes([{ path: '/', element: <Harness onDelete={onDelete} /> }]);
const shown = () => within(screen.getByRole('dialog')).getByRole('img', { name: /\.png$/ });

describe('wrapIndex', () => {
  it('wraps at both ends', () => {
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(1, 1, 3)).toBe(2);
    expect(wrapIndex(0, 1, 1)).toBe(0);
  });
});

describe('photo lightbox (member-app.md 2 and 9)', () => {
  const originalScrollBy = Element.prototype.scrollBy;

  afterEach(() => {
    Element.prototype.scrollBy = originalScrollBy;
    vi.restoreAllMocks();
  });

  it('steps with Previous and Next, wrapping at both ends', async () => {
    const { user } = renderLightbox();
    expect(await screen.findByRole('dialog', { name: 'front.png' })).toBeInTheDocument();
    expect(screen.getByText('Photo 1 of 3')).toBeInTheDocument();
    expect(shown()).toHaveAttribute('src', '/api/projects/7/images/1');

    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(shown()).toHaveAttribute('alt', 'meter.png');
    expect(screen.getByText('Photo 3 of 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(shown()).toHaveAttribute('alt', 'front.png');
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(shown()).toHaveAttribute('alt', 'roof.png');
  });

  it('follows the arrow keys (wrapping) and closes on Escape', async () => {
    const { user } = renderLightbox();
    await screen.findByRole('dialog');
    await user.keyboard('{ArrowLeft}');
    expect(shown()).toHaveAttribute('alt', 'meter.png');
    await user.keyboard('{ArrowRight}');
    expect(shown()).toHaveAttribute('alt', 'front.png');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(shown()).toHaveAttribute('alt', 'meter.png');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('jumps to a photo from its thumbnail and offers Download (?download=1) and Delete for the one shown', async () => {
    const onDelete = vi.fn();
    const { user } = renderLightbox(onDelete);
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Show roof.png' }));
    expect(shown()).toHaveAttribute('alt', 'roof.png');
    expect(screen.getByRole('button', { name: 'Show roof.png' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('link', { name: 'Download roof.png' })).toHaveAttribute('href', '/api/projects/7/images/2?download=1');
    await user.click(screen.getByRole('button', { name: 'Delete roof.png' }));
    expect(onDelete).toHaveBeenCalledWith('roof.png');
  });

  it('scrolls the thumbnail strip by 250 px with its buttons when it overflows', async () => {
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(900);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    const scrollBy = vi.fn();
    Element.prototype.scrollBy = scrollBy;
    const { user } = renderLightbox();
    await screen.findByRole('dialog');

    expect(screen.getByRole('button', { name: 'Scroll thumbnails left' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Scroll thumbnails right' }));
    expect(scrollBy).toHaveBeenCalledWith({ left: 250, behavior: 'smooth' });
  });
});

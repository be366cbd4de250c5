import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BrandImage } from 'virtual:brand-content';
import { BrandPicture } from './brand-picture';

const PHOTO: BrandImage = {
  src: '/assets/roof-1a2b3c4d-1280.jpg',
  width: 2400,
  height: 1600,
  sources: [
    { type: 'image/avif', srcset: '/assets/roof-1a2b3c4d-320.avif 320w, /assets/roof-1a2b3c4d-1280.avif 1280w' },
    { type: 'image/webp', srcset: '/assets/roof-1a2b3c4d-320.webp 320w, /assets/roof-1a2b3c4d-1280.webp 1280w' },
  ],
};

describe('BrandPicture', () => {
  it('offers AVIF, then WebP, then the fallback, with the intrinsic size, lazily', () => {
    const { container } = render(<BrandPicture image={PHOTO} alt="A warehouse roof" sizes="(min-width: 1024px) 363px, 100vw" />);
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]).toHaveAttribute('srcset', PHOTO.sources[0]!.srcset);
    expect(sources[1]).toHaveAttribute('sizes', '(min-width: 1024px) 363px, 100vw');
    const img = screen.getByRole('img', { name: 'A warehouse roof' });
    expect(img.parentElement?.tagName).toBe('PICTURE');
    expect(img).toHaveAttribute('src', PHOTO.src);
    expect(img).toHaveAttribute('width', '2400');
    expect(img).toHaveAttribute('height', '1600');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
  });

  it('loads at once above the fold', () => {
    render(<BrandPicture image={PHOTO} alt="Roof" sizes="100vw" priority />);
    expect(screen.getByRole('img', { name: 'Roof' })).toHaveAttribute('loading', 'eager');
  });

  it('draws an SVG as a plain image', () => {
    const { container } = render(<BrandPicture image={{ src: '/assets/mark-0f0f0f0f.svg', width: 240, height: 64, sources: [] }} alt="Mesa Power Works" sizes="176px" />);
    expect(container.querySelector('picture')).toBeNull();
    expect(screen.getByRole('img', { name: 'Mesa Power Works' })).toHaveAttribute('width', '240');
  });
});

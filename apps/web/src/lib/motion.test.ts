import { afterEach, describe, expect, it, vi } from 'vitest';
import { scrollBehavior } from './motion';
import { fakeMediaQueryList } from './test-utils';

describe('scrollBehavior', () => {
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
  });

  it('scrolls at once when the system asks for reduced motion, smoothly otherwise', () => {
    const asked = vi.fn((query: string) => fakeMediaQueryList(query, query === '(prefers-reduced-motion: reduce)'));
    window.matchMedia = asked;
    expect(scrollBehavior()).toBe('auto');
    expect(asked).toHaveBeenCalledWith('(prefers-reduced-motion: reduce)');
    window.matchMedia = (query: string) => fakeMediaQueryList(query, false);
    expect(scrollBehavior()).toBe('smooth');
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initials } from '../../lib/initials';
import { Monogram } from './monogram';

describe('initials', () => {
  it('takes the first letters of the first and last names', () => {
    expect(initials('Maya Castillo')).toBe('MC');
    expect(initials('Daniel  Okafor')).toBe('DO');
    expect(initials('Mary Ann van der Berg')).toBe('MB');
    expect(initials('Cher')).toBe('C');
  });

  it('skips titles, suffixes and punctuation, and keeps letters outside ASCII whole', () => {
    expect(initials('Dr. Priya Raman')).toBe('PR');
    expect(initials('Marcus Bell Jr.')).toBe('MB');
    expect(initials("Siobhán O'Neill")).toBe('SO');
    expect(initials('Élodie Ångström')).toBe('ÉÅ');
    expect(initials('  ')).toBe('');
  });
});

describe('Monogram', () => {
  it('is decorative next to the name it shows', () => {
    const { container } = render(<Monogram name="Elena Novak" />);
    const disc = container.querySelector('[data-monogram]')!;
    expect(disc).toHaveTextContent('EN');
    expect(disc).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('is an image named by its label where the name is not written beside it', () => {
    render(<Monogram name="Elena Novak" label="Elena Novak" />);
    expect(screen.getByRole('img', { name: 'Elena Novak' })).toHaveTextContent('EN');
  });
});

import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import gallery from 'virtual:brand-content/gallery';
import team from 'virtual:brand-content/team';
import { GalleryPage } from './gallery-page';
import { TeamPage } from './team-page';

/** The pages that show the brand content (content/brand.json), as the default content fills them. */
describe('the brand content on the public pages (issue 20 item 3)', () => {
  it('/team shows each member with a monogram, decorative beside the name, when there is no photo', () => {
    const { container } = render(<TeamPage />);
    const cards = within(screen.getByRole('region', { name: 'Leadership' })).getAllByRole('listitem');
    expect(cards).toHaveLength(team.length);
    expect(team.every((member) => member.photo === null)).toBe(true);
    expect(within(cards[0]!).getByRole('heading', { name: 'Maya Castillo' })).toBeInTheDocument();
    const monograms = [...container.querySelectorAll('[data-monogram]')];
    expect(monograms.map((monogram) => monogram.textContent)).toEqual(['MC', 'DO', 'PR', 'MB', 'EN']);
    expect(monograms.every((monogram) => monogram.getAttribute('aria-hidden') === 'true')).toBe(true);
    // No cartoon faces any more.
    expect(container.querySelector('img[src*="/images/team/"]')).toBeNull();
  });

  it('/gallery shows every project with its illustration from the content folder, sized', () => {
    render(<GalleryPage />);
    for (const project of gallery) {
      const card = screen.getByRole('heading', { name: project.customer }).closest('li')!;
      const img = within(card).getByRole('img', { name: project.photo!.alt });
      expect(img.getAttribute('src')).toMatch(/^\/@brand-content\/[a-z-]+-[0-9a-f]{8}\.svg$/);
      expect(img).toHaveAttribute('width', '480');
      expect(img).toHaveAttribute('height', '300');
      expect(within(card).getAllByText(project.status)[0]).toBeInTheDocument();
      expect(within(card).getByText(project.city)).toBeInTheDocument();
    }
  });
});

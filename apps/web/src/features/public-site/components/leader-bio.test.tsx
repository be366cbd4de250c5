import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BIO_PREVIEW_CHARS } from '@sunin/contract';
import LEADERS from 'virtual:brand-content/team';
import { bioPreview, LeaderBio } from './leader-bio';

const LONG_BIO = `${'Solar engineer. '.repeat(20)}The end of a long career story.`;

describe('LeaderBio (public-site-and-admin.md 2.3: bios cut at 250 characters)', () => {
  it('shows the first 250 characters, Read more shows the whole bio, Read less cuts it again', async () => {
    const user = userEvent.setup();
    render(<LeaderBio bio={LONG_BIO} name="Maya Castillo" />);
    const preview = LONG_BIO.slice(0, BIO_PREVIEW_CHARS).trimEnd();
    expect(screen.getByText(`${preview}…`)).toBeInTheDocument();
    expect(screen.queryByText(/The end of a long career story/)).not.toBeInTheDocument();

    const toggle = screen.getByRole('button', { name: 'Read more about Maya Castillo' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByText(LONG_BIO)).toBeInTheDocument();
    expect(toggle).toHaveAccessibleName('Read less about Maya Castillo');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await user.click(toggle);
    expect(screen.getByText(`${preview}…`)).toBeInTheDocument();
  });

  it('shows a short bio whole, with no toggle', () => {
    render(<LeaderBio bio="Builds solar farms." name="Sam" />);
    expect(screen.getByText('Builds solar farms.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('cuts every leadership bio at exactly 250 characters', () => {
    for (const leader of LEADERS) {
      expect(leader.bio.length).toBeGreaterThan(BIO_PREVIEW_CHARS);
      expect(bioPreview(leader.bio).replace(/…$/, '').length).toBeLessThanOrEqual(BIO_PREVIEW_CHARS);
      expect(leader.bio.startsWith(bioPreview(leader.bio).replace(/…$/, ''))).toBe(true);
    }
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import social from 'virtual:brand-content/social';
import { SocialLinks } from './social-links';

describe('SocialLinks (the footer, from the brand content)', () => {
  it('links each configured profile, named by its network', () => {
    render(<SocialLinks links={[
          { network: 'linkedin', label: 'LinkedIn', url: 'https://www.linkedin.com/company/acme', icon: 'M0 0h24v24H0z' },
          { network: 'youtube', label: 'YouTube', url: 'https://www.youtube.com/@acme', icon: 'M0 0h24v24H0z' },
        ]} />);
    expect(screen.getByRole('list', { name: 'SunIn on social media' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'SunIn on LinkedIn' })).toHaveAttribute('href', 'https://www.linkedin.com/company/acme');
    expect(screen.getByRole('link', { name: 'SunIn on YouTube' })).toHaveAttribute('href', 'https://www.youtube.com/@acme');
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });

  it('shows nothing when none is configured', () => {
    const { container } = render(<SocialLinks links={[]} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('receives the default content in a fixed order', () => {
    expect(social.map((link) => link.network)).toEqual(['linkedin', 'x', 'youtube']);
    expect(social.every((link) => /^M[\d.]/.test(link.icon))).toBe(true);
  });
});

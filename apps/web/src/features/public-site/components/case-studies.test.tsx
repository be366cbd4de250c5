import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import CASE_STUDIES from 'virtual:brand-content/case-studies';
import { CaseStudies } from './case-studies';

describe('CaseStudies (public-site-and-admin.md 2.3)', () => {
  it('has three cards; Read more opens one, opening another collapses the first, Collapse closes it', async () => {
    const user = userEvent.setup();
    render(<CaseStudies studies={CASE_STUDIES} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    const toggles = screen.getAllByRole('button', { name: /^Read more/ });
    expect(toggles).toHaveLength(3);
    const [first, second] = toggles as [HTMLElement, HTMLElement, HTMLElement];
    const firstDetail = screen.getByText(CASE_STUDIES[0]!.details[0]!);
    const secondDetail = screen.getByText(CASE_STUDIES[1]!.details[0]!);
    expect(firstDetail).not.toBeVisible();
    expect(secondDetail).not.toBeVisible();

    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAccessibleName(/^Collapse/);
    expect(firstDetail).toBeVisible();

    await user.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(secondDetail).toBeVisible();
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(firstDetail).not.toBeVisible();
    expect(screen.getAllByRole('button', { name: /^Collapse/ })).toHaveLength(1);

    await user.click(within(second.closest('li')!).getByRole('button', { name: /^Collapse/ }));
    expect(secondDetail).not.toBeVisible();
    expect(screen.getAllByRole('button', { name: /^Read more/ })).toHaveLength(3);
  });
});

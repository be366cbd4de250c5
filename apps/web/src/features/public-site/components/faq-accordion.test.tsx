import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FaqAccordion } from './faq-accordion';

const ITEMS = [
  { question: 'How much can my business save?', answer: 'Typically 25-50% on energy costs.' },
  { question: 'How long is the payback?', answer: 'Usually 3-7 years.' },
];

describe('FaqAccordion (public-site-and-admin.md 2.3)', () => {
  it('shows the label and every question, each answer hidden until its question is opened', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion label="Commercial solar questions" items={ITEMS} />);

    expect(screen.getByRole('heading', { level: 2, name: 'Commercial solar questions' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Commercial solar questions' })).toBeInTheDocument();
    const first = screen.getByRole('button', { name: ITEMS[0]!.question });
    const second = screen.getByRole('button', { name: ITEMS[1]!.question });
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(ITEMS[0]!.answer)).not.toBeInTheDocument();

    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(ITEMS[0]!.answer)).toBeVisible();
    expect(second).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(ITEMS[1]!.answer)).not.toBeInTheDocument();

    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(ITEMS[0]!.answer)).not.toBeInTheDocument();
  });

  it('opens a question from the keyboard', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion label="Partner questions" items={ITEMS} />);
    await user.tab();
    expect(screen.getByRole('button', { name: ITEMS[0]!.question })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByText(ITEMS[0]!.answer)).toBeVisible();
    await user.tab();
    await user.keyboard(' ');
    expect(screen.getByText(ITEMS[1]!.answer)).toBeVisible();
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StageProgress, timeInStage } from './stage-progress';

describe('StageProgress and the time in the current stage (issue 17 item 1)', () => {
  it('counts whole days since the project reached its stage', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(timeInStage('2026-11-23T01:00:00Z', now)).toBe('since today');
    expect(timeInStage('2026-11-22T11:00:00Z', now)).toBe('for 1 day');
    expect(timeInStage('2026-11-11T12:00:00Z', now)).toBe('for 12 days');
    expect(timeInStage('not a date', now)).toBe('');
  });

  it('says it beside the current stage, or beside Archived', () => {
    const twoDaysAgo = new Date(Date.now() - 2.5 * 86_400_000).toISOString();
    const { rerender } = render(<StageProgress stage="Presentation Ready" since={twoDaysAgo} />);
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Presentation ReadyCurrent stage, for 2 days');
    rerender(<StageProgress stage="Archived" since={twoDaysAgo} />);
    expect(screen.getByText('for 2 days')).toBeInTheDocument();
    rerender(<StageProgress stage="Presentation Ready" />);
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent(/Current stage$/);
  });

  it('marks a stalled project beside the heading (issue 18 item 3)', () => {
    const { rerender } = render(<StageProgress stage="Presentation Ready" since={new Date(Date.now() - 25 * 86_400_000).toISOString()} stalled />);
    expect(screen.getByText('Stalled')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Current stage, for 25 days');
    rerender(<StageProgress stage="Presentation Ready" since={new Date().toISOString()} />);
    expect(screen.queryByText('Stalled')).not.toBeInTheDocument();
  });
});

import { describe, expect, it } from 'vitest';
import type { ProposalTicket } from '@sunin/contract';
import { canRequestProposal, canRequestRevision, proposalProgressBar } from './proposal-rules';

describe('proposal progress bar (member-app.md 4)', () => {
  it.each([
    [1, 33.33, 'bg-ink-400'],
    [2, 66.67, 'bg-ink-700'],
    [3, 100, 'bg-blue-600'],
    [4, 100, 'bg-danger-600'],
    [5, 50, 'bg-ink-400'],
    [6, 75, 'bg-ink-700'],
    [7, 100, 'bg-blue-600'],
    [8, 100, 'bg-danger-600'],
  ])('status %i is %f%% wide in %s', (status, percent, className) => {
    expect(proposalProgressBar(status)).toEqual({ percent, className });
  });
});

describe('Request Proposal and Request Revision visibility (member-app.md 4)', () => {
  const ticket = { id: 1 } as ProposalTicket;
  it('offers Request Proposal only without a proposal_url and without a ticket', () => {
    expect(canRequestProposal({ proposal_url: null }, [])).toBe(true);
    expect(canRequestProposal({ proposal_url: 'https://docs.example/p1' }, [])).toBe(false);
    expect(canRequestProposal({ proposal_url: null }, [ticket])).toBe(false);
  });

  it('offers Request Revision only from statuses 3, 4, 7 and 8', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].filter(canRequestRevision)).toEqual([3, 4, 7, 8]);
  });
});

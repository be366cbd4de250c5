import { REVISION_TYPES, type RevisionType } from '@sunin/contract';
import { readLocal, writeLocal } from '../../../../lib/local-storage';

/** The Request Revision form's draft (member-app.md 5): kept per ticket until it is sent. */
export interface RevisionDraft {
  revision_type: RevisionType | '';
  details: string;
}

export const EMPTY_REVISION_DRAFT: RevisionDraft = { revision_type: '', details: '' };

export const revisionDraftKey = (ticketId: number) => `sunin.proposal-revision-form-state.${ticketId}`;

export function readRevisionDraft(ticketId: number): RevisionDraft {
  const stored = readLocal(revisionDraftKey(ticketId));
  if (!stored) return EMPTY_REVISION_DRAFT;
  try {
    const value = JSON.parse(stored) as Partial<RevisionDraft>;
    return {
      revision_type: (REVISION_TYPES as readonly string[]).includes(value.revision_type ?? '') ? (value.revision_type as RevisionType) : '',
      details: typeof value.details === 'string' ? value.details : '',
    };
  } catch {
    return EMPTY_REVISION_DRAFT;
  }
}

export function saveRevisionDraft(ticketId: number, draft: RevisionDraft): void {
  writeLocal(revisionDraftKey(ticketId), JSON.stringify(draft));
}

export function clearRevisionDraft(ticketId: number): void {
  try {
    window.localStorage.removeItem(revisionDraftKey(ticketId));
  } catch {
    // Nothing stored, nothing to clear.
  }
}

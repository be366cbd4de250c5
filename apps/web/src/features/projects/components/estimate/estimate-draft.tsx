import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { MeterInput } from '@sunin/contract';

/**
 * What the partner is typing in Utility Info before saving it (issue 35 item 5: "the web app
 * recomputes as the partner types"). The Utility Info form publishes its unsaved values here;
 * the estimate panel of the same page computes from them while they differ from the saved project.
 */
export interface EstimateDraft {
  kilowatt_amounts: (number | null)[][];
  meters: MeterInput[];
  average_monthly_power_bill_cost: string;
}

interface DraftState {
  draft: EstimateDraft | null;
  setDraft: (draft: EstimateDraft | null) => void;
}

const DraftContext = createContext<DraftState | null>(null);

export function EstimateDraftProvider({ children }: { children: ReactNode }) {
  const [draft, setDraft] = useState<EstimateDraft | null>(null);
  const value = useMemo(() => ({ draft, setDraft }), [draft]);
  return <DraftContext.Provider value={value}>{children}</DraftContext.Provider>;
}

/** The unsaved Utility Info values of this page, or null (none published, or no provider). */
export function useEstimateDraft(): EstimateDraft | null {
  return useContext(DraftContext)?.draft ?? null;
}

/** Publishes `draft` (null: nothing unsaved) while the calling form is mounted; outside a provider it does nothing. */
export function usePublishEstimateDraft(draft: EstimateDraft | null): void {
  const setDraft = useContext(DraftContext)?.setDraft;
  const key = draft === null ? '' : JSON.stringify(draft);
  useEffect(() => {
    if (!setDraft) return;
    setDraft(key === '' ? null : (JSON.parse(key) as EstimateDraft));
  }, [key, setDraft]);
  useEffect(() => () => setDraft?.(null), [setDraft]);
}

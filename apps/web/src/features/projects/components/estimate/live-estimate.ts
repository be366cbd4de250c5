import { useDeferredValue, useMemo } from 'react';
import { computeEstimate, defaultMeter, estimateSchema, meterSchema, type Estimate, type EstimateInputs, type EstimateProjectInput, type Meter, type Project } from '@sunin/contract';
import { useEstimate } from '../../api/get-estimate';
import { useEstimateInputs, type ExtraReferences } from '../../api/get-estimate-inputs';
import { useProject } from '../../api/get-project';
import { useEstimateDraft, type EstimateDraft } from './estimate-draft';

/** A draft's meter as the engine reads it: an entry the form has not completed yet counts as the default one. */
function draftMeter(meter: EstimateDraft['meters'][number] | undefined, index: number): Meter {
  const parsed = meter === undefined ? null : meterSchema.safeParse(meter);
  return parsed?.success ? parsed.data : defaultMeter(index);
}

/** The saved project overlaid by the unsaved Utility Info values, with the tariffs and interval data the server gave. */
export function previewInput(project: Project, draft: EstimateDraft, inputs: EstimateInputs): EstimateProjectInput {
  return {
    kilowatt_amounts: draft.kilowatt_amounts,
    average_monthly_power_bill_cost: draft.average_monthly_power_bill_cost,
    state: project.state,
    itc_energy_community: project.itc_energy_community,
    itc_domestic_content: project.itc_domestic_content,
    tax_exempt: project.tax_exempt_owner,
    itc_prevailing_wage: project.itc_prevailing_wage,
    construction_start_date: project.construction_start_date,
    expected_in_service_date: project.expected_in_service_date,
    meters: draft.kilowatt_amounts.map((_, index) => draftMeter(draft.meters[index], index)),
    tariffs: new Map(inputs.tariffs.map(({ id, ...rates }) => [id, rates])),
    intervals: new Map(inputs.intervals.map(({ id, ...series }) => [id, series])),
  };
}

export type LiveEstimate =
  | { status: 'pending' }
  | { status: 'error'; retry: () => void; retrying: boolean }
  | { status: 'ready'; estimate: Estimate; preview: boolean; previewFailed: boolean };

/**
 * The estimate the panel shows (issue 35 item 5): while Utility Info publishes unsaved values
 * (estimate-draft.tsx), the browser computes it from them with the contract's engine, on the
 * saved project and the server's estimate inputs; otherwise, or while those inputs load or
 * fail, the server's answer. The draft is deferred so typing never waits for the engine.
 */
/** The tariffs and interval imports the draft's meters name that the saved meters do not (sorted, so the query key is stable). */
export function draftReferences(project: Project | undefined, draft: EstimateDraft | null): ExtraReferences {
  if (!draft || !project) return { tariffIds: [], intervalImportIds: [] };
  const saved = new Set(project.meters.flatMap((meter) => [`t${meter.tariff_id}`, `i${meter.interval_import_id}`]));
  const ids = (pick: (meter: EstimateDraft['meters'][number]) => unknown, prefix: string) =>
    [...new Set(draft.meters.map(pick).filter((id): id is number => typeof id === 'number' && !saved.has(`${prefix}${id}`)))].sort((a, b) => a - b);
  return { tariffIds: ids((meter) => meter.tariff_id, 't'), intervalImportIds: ids((meter) => meter.interval_import_id, 'i') };
}

export function useLiveEstimate(projectId: number): LiveEstimate {
  const server = useEstimate(projectId);
  const draft = useDeferredValue(useEstimateDraft());
  const project = useProject(projectId);
  const extra = draftReferences(project.data, draft);
  const inputs = useEstimateInputs(projectId, draft !== null, extra);

  const computed = useMemo(() => {
    if (draft === null || !inputs.data || !project.data) return null;
    try {
      // Checked like the server's answer (get-estimate.ts), so a preview never shows half an estimate.
      return { estimate: estimateSchema.parse(computeEstimate(previewInput(project.data, draft, inputs.data), inputs.data.assumptions)), failed: false };
    } catch (error) {
      // A draft the engine cannot read (a value mid-typing): the saved estimate stands, and the panel says so.
      console.error('The preview of unsaved changes could not be computed.', error);
      return { estimate: null, failed: true };
    }
  }, [draft, inputs.data, project.data]);

  if (computed?.estimate) return { status: 'ready', estimate: computed.estimate, preview: true, previewFailed: false };
  if (server.data) return { status: 'ready', estimate: server.data, preview: false, previewFailed: computed?.failed === true || (draft !== null && inputs.isError) };
  if (server.isError) return { status: 'error', retry: () => void server.refetch(), retrying: server.isFetching };
  return { status: 'pending' };
}

import { useId, useState } from 'react';
import { shortMonthLabel, monthLabel, type UsageImport } from '@sunin/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { fieldClasses, labelClasses } from '../../../components/ui/field-styles';
import { Modal, ModalActions } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api-client';
import { formatLongDate } from '../../../lib/format';
import { useImportUsage } from '../api/import-usage';
import { intervalNote } from './meter-fields';
import { meterHasValues } from './project-form-values';
import { likelyDuplicate, monthsFoundSentence, type ExistingMeter, type UsageTarget } from './usage-import-plan';

export type { UsageTarget } from './usage-import-plan';

export const USAGE_IMPORT_MESSAGES = {
  title: 'Import usage',
  description: 'Choose the Green Button “Download My Data” file from the utility’s website (XML or CSV). Its last 12 complete months fill the meters for review; nothing is saved until you save Utility Information.',
  failed: 'The file could not be read.',
  newMeter: 'A new meter',
  partial: 'The estimate needs all 12 months of a meter: with fewer it will say which months of this meter are missing, and give no savings until they are filled in.',
  addAnyway: (found: number) => `Add the ${found} month${found === 1 ? '' : 's'} anyway`,
  confirmPartial: 'Confirm the partial meters above to add them.',
  sameTarget: (name: string) => `Two meters of the file go to ${name}: choose another meter for one of them.`,
  duplicate: (name: string) => `This looks like ${name}, already in the form (the same months and usage): adding it again would count its usage twice.`,
} as const;

const kwh = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Per meter of the file: where it goes ('new' or the form meter's index) and whether its partial months were accepted. */
interface Choices {
  targets: Record<number, string>;
  confirmed: Record<number, boolean>;
}
const NO_CHOICES: Choices = { targets: {}, confirmed: {} };

function MonthsTable({ result }: { result: UsageImport }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[40rem] text-right text-sm tabular-nums">
        <caption className="sr-only">Monthly kWh found in the file</caption>
        <thead>
          <tr className="text-ink-500">
            <th scope="col" className="py-1 pr-2 text-left font-medium">
              Meter
            </th>
            {result.months.map((month) => (
              <th key={month} scope="col" className="px-1 py-1 font-medium">
                <abbr title={monthLabel(month)} className="no-underline">
                  {shortMonthLabel(month)}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {result.meters.map((values, meter) => (
            <tr key={meter} className="border-t border-ink-100">
              <th scope="row" className="whitespace-nowrap py-1 pr-2 text-left font-medium">
                {result.meter_labels[meter] ?? `Meter ${meter + 1}`}
              </th>
              {values.map((value, month) => (
                <td key={month} className="px-1 py-1">
                  {value === null ? '—' : kwh.format(value)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The Green Button import of the Utility Info tab (issue 16 item 5, issue 35 item 2): read a file
 * on the server, say in words how many months each of its meters has, ask which meter of the
 * form each goes to (when the form's meters already have values), warn on a likely duplicate,
 * and add a partial meter only when the partner says so. The months go into the form for review.
 */
export function UsageImportDialog({
  projectId,
  meters,
  open,
  onClose,
  onApply,
}: {
  projectId: number;
  /** The form's meters as they are when the dialog opens. */
  meters: readonly ExistingMeter[];
  open: boolean;
  onClose: () => void;
  onApply: (usage: UsageImport, targets: (UsageTarget | null)[]) => void;
}) {
  const importUsage = useImportUsage(projectId);
  const [choices, setChoices] = useState<Choices>(NO_CHOICES);
  const fileId = useId();
  const choiceId = useId();
  const result = importUsage.data;
  // Only when the form has values is there something to overwrite or duplicate: then the partner chooses.
  const askTarget = meters.some(meterHasValues);
  const close = () => {
    importUsage.reset();
    setChoices(NO_CHOICES);
    onClose();
  };

  const targetOf = (fileIndex: number): UsageTarget => {
    const chosen = choices.targets[fileIndex];
    if (chosen !== undefined) return chosen === 'new' ? 'new' : Number(chosen);
    // Without values in the form, the file's meters fill the (blank) meters in order.
    return !askTarget && fileIndex < meters.length ? fileIndex : 'new';
  };

  const plan = (result?.meters ?? []).map((values, fileIndex) => {
    const found = result!.months_found[fileIndex] ?? values.filter((value) => value !== null).length;
    const target = targetOf(fileIndex);
    const duplicate = likelyDuplicate(values, result!.months, meters, target === 'new' ? null : target);
    return { values, found, target, duplicate, label: result!.meter_labels[fileIndex] ?? `Meter ${fileIndex + 1}` };
  });
  const partialUnconfirmed = plan.some((meter, index) => meter.found > 0 && meter.found < 12 && !choices.confirmed[index]);
  const taken = new Map<number, number>();
  for (const meter of plan) if (meter.found > 0 && meter.target !== 'new') taken.set(meter.target, (taken.get(meter.target) ?? 0) + 1);
  const clash = [...taken.entries()].find(([, count]) => count > 1)?.[0];
  const nothingToAdd = plan.every((meter) => meter.found === 0);
  const canApply = Boolean(result) && !partialUnconfirmed && clash === undefined && !nothingToAdd;
  const meterName = (index: number) => meters[index]?.name.trim() || `Meter ${index + 1}`;

  return (
    <Modal open={open} onClose={close} title={USAGE_IMPORT_MESSAGES.title} description={USAGE_IMPORT_MESSAGES.description} size="lg">
      <div className="space-y-4">
        <div>
          <label htmlFor={fileId} className="block text-sm font-medium text-ink-800">
            Green Button file
          </label>
          <input
            id={fileId}
            type="file"
            accept=".xml,.csv,.txt,.zip,text/csv,application/xml,text/xml,application/atom+xml,application/zip"
            className="mt-1 block w-full text-sm text-ink-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800"
            onChange={(event) => {
              const file = event.target.files?.[0];
              setChoices(NO_CHOICES);
              if (file) importUsage.mutate(file);
            }}
          />
        </div>
        {importUsage.isPending && (
          <p className="text-sm text-ink-600" role="status">
            Reading the file…
          </p>
        )}
        {importUsage.isError && (
          <Alert tone="error">
            <p className="font-semibold">{USAGE_IMPORT_MESSAGES.failed}</p>
            <p className="mt-1">{importUsage.error instanceof ApiError ? importUsage.error.message : 'Please check your connection and try again.'}</p>
          </Alert>
        )}
        {result && (
          <div className="space-y-4">
            <p className="text-sm text-ink-700">
              {result.meters.length === 1 ? 'One meter' : `${result.meters.length} meters`}, {formatLongDate(result.period_start)} to {formatLongDate(result.period_end)} (
              {result.source === 'espi_xml' ? 'Green Button XML' : 'CSV'}).
            </p>
            {result.warnings.length > 0 && (
              <Alert tone="info">
                <ul className="list-disc space-y-1 pl-4">
                  {result.warnings.map((warning) => (
                    <li key={warning}>{warning}</li>
                  ))}
                </ul>
              </Alert>
            )}
            <MonthsTable result={result} />
            {plan.map((meter, fileIndex) => {
              const interval = result.interval_imports[fileIndex] ?? null;
              const selectId = `${choiceId}-${fileIndex}`;
              return (
                <section key={fileIndex} aria-label={`${meter.label} of the file`} className="space-y-2 rounded-xl border border-ink-200 p-3">
                  <h3 className="text-sm font-semibold text-ink-900">{meter.label}</h3>
                  <p className="text-sm text-ink-700">{monthsFoundSentence(meter.values, result.months)}</p>
                  {interval && meter.found > 0 && <p className="text-sm text-brand-800">{intervalNote(interval.step_minutes)}</p>}
                  {meter.found > 0 && meter.found < 12 && (
                    <Alert tone="info">
                      <p>{USAGE_IMPORT_MESSAGES.partial}</p>
                      <label className="mt-2 flex items-center gap-2 font-medium text-ink-900">
                        <input
                          type="checkbox"
                          className="size-4 rounded border-ink-300 accent-brand-700"
                          checked={choices.confirmed[fileIndex] ?? false}
                          onChange={(event) => setChoices((previous) => ({ ...previous, confirmed: { ...previous.confirmed, [fileIndex]: event.target.checked } }))}
                        />
                        {USAGE_IMPORT_MESSAGES.addAnyway(meter.found)}
                      </label>
                    </Alert>
                  )}
                  {askTarget && meter.found > 0 && (
                    <div>
                      <label htmlFor={selectId} className={labelClasses}>
                        Which meter is it for?
                      </label>
                      <select
                        id={selectId}
                        value={String(meter.target)}
                        onChange={(event) => setChoices((previous) => ({ ...previous, targets: { ...previous.targets, [fileIndex]: event.target.value } }))}
                        className={`${fieldClasses(clash !== undefined && meter.target === clash)} sm:w-auto`}
                      >
                        <option value="new">{USAGE_IMPORT_MESSAGES.newMeter}</option>
                        {meters.map((_, index) => (
                          <option key={index} value={String(index)}>
                            {meterName(index)} (replacing its months)
                          </option>
                        ))}
                      </select>
                    </div>
                  )}
                  {meter.found > 0 && meter.duplicate !== null && (
                    <Alert tone="info">
                      <p>
                        <span className="font-semibold">Likely duplicate: </span>
                        {USAGE_IMPORT_MESSAGES.duplicate(meterName(meter.duplicate))}
                      </p>
                    </Alert>
                  )}
                </section>
              );
            })}
            {clash !== undefined && (
              <p role="alert" className="text-sm text-danger-700">
                {USAGE_IMPORT_MESSAGES.sameTarget(meterName(clash))}
              </p>
            )}
            {partialUnconfirmed && <p className="text-sm text-ink-600">{USAGE_IMPORT_MESSAGES.confirmPartial}</p>}
          </div>
        )}
        <ModalActions>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button
            disabled={!canApply}
            onClick={() => {
              if (!result || !canApply) return;
              onApply(
                result,
                plan.map((meter) => (meter.found > 0 ? meter.target : null)),
              );
              close();
            }}
          >
            Use these months
          </Button>
        </ModalActions>
      </div>
    </Modal>
  );
}

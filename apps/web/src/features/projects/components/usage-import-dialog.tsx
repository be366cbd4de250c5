import { useId, useRef, useState } from 'react';
import type { UsageImport } from '@sunin/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal, ModalActions } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api-client';
import { formatLongDate } from '../../../lib/format';
import { useImportUsage } from '../api/import-usage';

export const USAGE_IMPORT_MESSAGES = {
  title: 'Import usage',
  description: 'Choose the Green Button “Download My Data” file from the utility’s website (XML or CSV). Its last 12 complete months fill the meters for review; nothing is saved until you save Utility Information.',
  failed: 'The file could not be read.',
  newMeters: 'As new meters',
} as const;

const kwh = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Where the months go: after the meters already there, or over one of them. */
export type UsageTarget = { kind: 'new' } | { kind: 'replace'; meterIndex: number };

/**
 * The Green Button import of the Utility Info tab (issue 16 item 5): read a file on the server,
 * show what it found (months, period, warnings), and hand the months to the form.
 */
export function UsageImportDialog({
  projectId,
  meterCount,
  open,
  onClose,
  onApply,
}: {
  projectId: number;
  meterCount: number;
  open: boolean;
  onClose: () => void;
  onApply: (usage: UsageImport, target: UsageTarget) => void;
}) {
  const importUsage = useImportUsage(projectId);
  const inputRef = useRef<HTMLInputElement>(null);
  const [target, setTarget] = useState('new');
  const fileId = useId();
  const targetId = useId();
  const result = importUsage.data;
  const close = () => {
    importUsage.reset();
    setTarget('new');
    onClose();
  };

  return (
    <Modal open={open} onClose={close} title={USAGE_IMPORT_MESSAGES.title} description={USAGE_IMPORT_MESSAGES.description} size="lg">
      <div className="space-y-4">
        <div>
          <label htmlFor={fileId} className="block text-sm font-medium text-ink-800">
            Green Button file
          </label>
          <input
            ref={inputRef}
            id={fileId}
            type="file"
            accept=".xml,.csv,.txt,text/csv,application/xml,text/xml,application/atom+xml"
            className="mt-1 block w-full text-sm text-ink-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) importUsage.mutate(file);
            }}
          />
        </div>
        {importUsage.isPending && <p className="text-sm text-ink-600">Reading the file…</p>}
        {importUsage.isError && (
          <Alert tone="error">
            <p className="font-semibold">{USAGE_IMPORT_MESSAGES.failed}</p>
            <p className="mt-1">{importUsage.error instanceof ApiError ? importUsage.error.message : 'Please check your connection and try again.'}</p>
          </Alert>
        )}
        {result && (
          <div className="space-y-3">
            <p className="text-sm text-ink-700">
              {result.meters.length === 1 ? 'One meter' : `${result.meters.length} meters`}, {formatLongDate(result.period_start)} to {formatLongDate(result.period_end)} ({result.source === 'espi_xml' ? 'Green Button XML' : 'CSV'}).
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
            <div className="overflow-x-auto">
              <table className="w-full min-w-[36rem] text-right text-sm tabular-nums">
                <caption className="sr-only">Monthly kWh found in the file</caption>
                <thead>
                  <tr className="text-ink-500">
                    <th scope="col" className="py-1 pr-2 text-left font-medium">Meter</th>
                    {Array.from({ length: 12 }, (_, month) => (
                      <th key={month} scope="col" className="px-1 py-1 font-medium">
                        {month + 1}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {result.meters.map((months, meter) => (
                    <tr key={meter} className="border-t border-ink-100">
                      <th scope="row" className="py-1 pr-2 text-left font-medium">{meter + 1}</th>
                      {months.map((value, month) => (
                        <td key={month} className="px-1 py-1">
                          {value === null ? '—' : kwh.format(value)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {result.meters.length === 1 && meterCount > 0 && (
              <div>
                <label htmlFor={targetId} className="block text-sm font-medium text-ink-800">
                  Put the months
                </label>
                <select id={targetId} value={target} onChange={(event) => setTarget(event.target.value)} className="mt-1 block w-full rounded-lg border border-ink-300 px-3 py-2 text-sm sm:w-auto">
                  <option value="new">{USAGE_IMPORT_MESSAGES.newMeters}</option>
                  {Array.from({ length: meterCount }, (_, index) => (
                    <option key={index} value={String(index)}>
                      Into Meter {index + 1} (replacing its months)
                    </option>
                  ))}
                </select>
              </div>
            )}
          </div>
        )}
        <ModalActions>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button
            disabled={!result}
            onClick={() => {
              if (!result) return;
              onApply(result, target === 'new' ? { kind: 'new' } : { kind: 'replace', meterIndex: Number(target) });
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

import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { MeterMonthInputs } from '../components/meter-fields';
import type { ProjectFormValues } from '../components/project-form-values';

const ZOOMS = [1, 1.5, 2, 3] as const;

/**
 * A scanned bill beside the 12 monthly kWh fields of a chosen meter (issue 41 item 4), so the
 * partner types the months while reading them off the picture. The fields are the form's own
 * (the same names and checks as under Meters); Save Utility Information sends them, through the
 * queue when offline. Side by side from the sm breakpoint; at 390 px the picture is above the
 * fields, and it can be zoomed and scrolled within its frame.
 */
export function BillScanPanel({ imageUrl, onClose }: { imageUrl: string; onClose: () => void }) {
  const { control } = useFormContext<ProjectFormValues>();
  const meters = useWatch({ control, name: 'meter_rows' }) ?? [];
  const [meterIndex, setMeterIndex] = useState(0);
  const [zoom, setZoom] = useState(0);
  const chosen = Math.min(meterIndex, Math.max(0, meters.length - 1));

  return (
    <section aria-labelledby="bill-scan-title" className="space-y-3 rounded-xl border border-brand-200 bg-brand-50/40 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="bill-scan-title" className="text-base font-semibold text-ink-900">
          Type the months from the bill
        </h3>
        <Button variant="secondary" onClick={onClose}>
          Close the scan
        </Button>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-2">
          <div className="h-80 overflow-auto rounded-lg border border-ink-200 bg-white sm:h-[28rem]" tabIndex={0} aria-label="The scanned bill; scroll to move around it">
            <img
              src={imageUrl}
              alt="The scanned utility bill"
              style={{
                width: `${(ZOOMS[zoom] ?? 1) * 100}%`,
                maxWidth: 'none',
              }}
            />
          </div>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => setZoom((value) => Math.max(0, value - 1))} disabled={zoom === 0}>
              Zoom out
            </Button>
            <Button variant="secondary" onClick={() => setZoom((value) => Math.min(ZOOMS.length - 1, value + 1))} disabled={zoom === ZOOMS.length - 1}>
              Zoom in
            </Button>
          </div>
        </div>
        <div className="space-y-3">
          {meters.length > 1 && (
            <label className="block text-sm font-medium text-ink-800">
              Meter
              <select className="mt-1 block w-full rounded-lg border border-ink-300 px-3 py-2 text-sm" value={chosen} onChange={(event) => setMeterIndex(Number(event.target.value))}>
                {meters.map((meter, index) => (
                  <option key={index} value={index}>
                    {meter?.name?.trim() || `Meter ${index + 1}`}
                  </option>
                ))}
              </select>
            </label>
          )}
          {meters.length === 1 && <p className="text-sm font-medium text-ink-800">{meters[0]?.name?.trim() || 'Meter 1'}</p>}
          <MeterMonthInputs key={chosen} meterIndex={chosen} className="grid grid-cols-2 gap-3" />
        </div>
      </div>
    </section>
  );
}

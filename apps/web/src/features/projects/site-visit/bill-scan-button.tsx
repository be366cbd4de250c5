import { useRef, useState, type ChangeEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import type { FileItem, UtilityItem } from '../../../lib/offline-queue/queue-db';
import { enqueue, useQueuedItems } from '../../../lib/offline-queue/site-visit-queue';
import { scanFileName, scanPdf } from './bill-scan';
import { keepFailureMessage } from './keep-failure-message';
import { blobBytes, browserPhotoDeps, processPhoto } from './photo-processing';
import { QueuedItemStatus } from './queued-item-status';

/**
 * "Scan a utility bill" (issue 41 item 4): a photo from the camera, processed like a site visit
 * photo, made into a one-page PDF on the device and queued as a project file; the caller then
 * shows the picture beside the monthly fields (`onScanned` gets a URL of it, to revoke when done).
 */
export function BillScanButton({ projectId, onScanned }: { projectId: number; onScanned: (imageUrl: string) => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [scanning, setScanning] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const scan = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setRefusal(null);
    setScanning(true);
    try {
      const photo = await processPhoto(file, browserPhotoDeps);
      const name = scanFileName();
      const pdf = await scanPdf(await blobBytes(photo.blob), name);
      await enqueue({
        type: 'file',
        projectId,
        bytes: pdf.slice().buffer,
        contentType: 'application/pdf',
        name,
      });
      onScanned(URL.createObjectURL(photo.blob));
    } catch (error) {
      setRefusal(keepFailureMessage(error));
    } finally {
      setScanning(false);
    }
  };

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={() => inputRef.current?.click()} pending={scanning}>
          Scan a utility bill
        </Button>
        <p className="text-sm text-ink-600">Photograph the bill: it is saved to Files as a PDF, and you can type the months beside it. Works offline.</p>
      </div>
      <input ref={inputRef} type="file" accept="image/*" capture="environment" onChange={(event) => void scan(event)} className="hidden" data-testid="bill-scan-input" />
      {refusal && <Alert tone="error">{refusal}</Alert>}
    </div>
  );
}

/** The project's utility saves and scanned bills still on the device, each with its state. */
export function QueuedUtilityItems({ projectId }: { projectId: number }) {
  const items = useQueuedItems(projectId).filter((item): item is UtilityItem | FileItem => item.type === 'utility' || item.type === 'file');
  if (items.length === 0) return null;
  return (
    <ul className="space-y-2" aria-label="Utility information waiting to upload">
      {items.map((item) => {
        const label = item.type === 'file' ? item.name : `Utility information saved ${new Date(item.createdAt).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}`;
        return (
          <li key={item.id} className="rounded-lg border border-dashed border-ink-300 bg-ink-50 px-3 py-2">
            <p className="text-sm font-medium text-ink-900">{label}</p>
            <QueuedItemStatus item={item} label={label} />
          </li>
        );
      })}
    </ul>
  );
}

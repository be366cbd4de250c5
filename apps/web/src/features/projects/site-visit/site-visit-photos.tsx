import { useCallback, useRef, useState, type ChangeEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import type { PhotoItem } from '../../../lib/offline-queue/queue-db';
import { enqueue, loadQueuedBytes, useQueuedItems } from '../../../lib/offline-queue/site-visit-queue';
import { CaptureLine } from './capture-line';
import { keepFailureMessage } from './keep-failure-message';
import { blobBytes, browserPhotoDeps, processPhoto, type PhotoDeps } from './photo-processing';
import { QueuedItemStatus } from './queued-item-status';

/**
 * The processed photo, shown from the device while it waits: its bytes are read once for this
 * image (not with every change of the queue) and their URL freed with the image.
 */
function QueuedPreview({ item }: { item: PhotoItem }) {
  const { id, contentType } = item;
  const attach = useCallback(
    (image: HTMLImageElement | null) => {
      if (!image || typeof URL.createObjectURL !== 'function') return undefined;
      let url: string | undefined;
      let detached = false;
      void loadQueuedBytes(id).then((bytes) => {
        if (detached || !bytes) return;
        url = URL.createObjectURL(new Blob([bytes], { type: contentType }));
        image.src = url;
      });
      return () => {
        detached = true;
        if (url) URL.revokeObjectURL(url);
      };
    },
    [id, contentType],
  );
  return <img ref={attach} alt="" className="size-full object-cover" />;
}

function QueuedPhoto({ item }: { item: PhotoItem }) {
  const fieldsRefused = Boolean(item.error && ['taken_at', 'latitude', 'longitude'].some((field) => field in item.error!.fields));
  return (
    <li className="overflow-hidden rounded-xl border border-dashed border-ink-300 bg-ink-50">
      <div className="aspect-[4/3] w-full bg-ink-100">
        <QueuedPreview item={item} />
      </div>
      <div className="space-y-1 px-2 py-1.5">
        <p className="truncate text-xs text-ink-700" title={item.name}>
          {item.name}
        </p>
        <CaptureLine photo={item} />
        <QueuedItemStatus
          item={item}
          label={item.name}
          {...(fieldsRefused ? { retryChanges: { taken_at: null, latitude: null, longitude: null }, retryLabel: 'Retry without time and place' } : {})}
        />
      </div>
    </li>
  );
}

/**
 * Photos at a site visit (issue 41 item 2): from the camera or the library, processed on the
 * device (photo-processing.ts) and queued, so they can be taken offline. Each waits in this
 * list ("Waiting to upload", "Uploading…", "Could not upload: …") and moves into the Photos
 * list below once the server has it.
 */
export function SiteVisitPhotos({ projectId, deps = browserPhotoDeps }: { projectId: number; deps?: PhotoDeps<{ width: number; height: number; close?(): void }> }) {
  const cameraRef = useRef<HTMLInputElement>(null);
  const libraryRef = useRef<HTMLInputElement>(null);
  const [processing, setProcessing] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const waiting = useQueuedItems(projectId).filter((item): item is PhotoItem => item.type === 'photo');

  const add = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    setRefusal(null);
    setProcessing(true);
    // File names by the reason each was refused, so that one message covers several files.
    const refused = new Map<string, string[]>();
    for (const file of files) {
      try {
        const photo = await processPhoto(file, deps);
        await enqueue({
          type: 'photo',
          projectId,
          bytes: await blobBytes(photo.blob),
          contentType: 'image/jpeg',
          name: photo.name,
          taken_at: photo.taken_at,
          latitude: photo.latitude,
          longitude: photo.longitude,
        });
      } catch (error) {
        const message = keepFailureMessage(error);
        refused.set(message, [...(refused.get(message) ?? []), file.name]);
      }
    }
    setProcessing(false);
    if (refused.size > 0) setRefusal([...refused].map(([message, names]) => `${names.join(', ')}: ${message}`).join(' '));
  };

  return (
    <section aria-labelledby="site-visit-photos-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="site-visit-photos-title" className="text-base font-semibold text-ink-900">
          Site visit photos
        </h3>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => cameraRef.current?.click()} pending={processing}>
            Take photo
          </Button>
          <Button variant="secondary" onClick={() => libraryRef.current?.click()} disabled={processing}>
            Add from library
          </Button>
        </div>
        <input ref={cameraRef} type="file" accept="image/*" capture="environment" onChange={(event) => void add(event)} className="hidden" data-testid="camera-input" />
        <input ref={libraryRef} type="file" accept="image/*" multiple onChange={(event) => void add(event)} className="hidden" data-testid="library-input" />
      </div>
      <p className="text-sm text-ink-600">Works offline: photos are resized on this device and upload when the connection is back. Their time and place are kept beside them.</p>
      {refusal && <Alert tone="error">{refusal}</Alert>}
      {waiting.length > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Photos waiting to upload">
          {waiting.map((item) => (
            <QueuedPhoto key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

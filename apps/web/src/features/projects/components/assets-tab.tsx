import { useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import toast from 'react-hot-toast';
import type { StoredFile } from '@sunin/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { isWaitingForNetwork, OfflineUnavailable } from '../../../components/ui/offline-unavailable';
import { RefreshFailedNotice, refreshFailedWithData } from '../../../components/ui/refresh-failed-notice';
import { OFFLINE_UNAVAILABLE } from '../offline-messages';
import { failureMessage } from '../../../lib/failure-message';
import { downloadUrl, secureUrl } from '../../../lib/secure-url';
import { useDeleteAsset } from '../api/delete-asset';
import { useAssets, type AssetKind } from '../api/list-assets';
import { useProjectApi } from '../api/project-api';
import { useUploadAssets } from '../api/upload-asset';
import { PROJECT_TOASTS } from '../messages';
import { ASSET_KINDS, filterDroppedFiles, formatBytes } from './asset-kinds';
import { Lightbox } from './lightbox';
import { StorageUsage } from './storage-usage';
import { CaptureLine } from '../site-visit/capture-line';
import { SiteVisitPhotos } from '../site-visit/site-visit-photos';

const smallAction = 'inline-flex items-center rounded-md px-2 py-1 text-xs font-semibold';
const iconAction = 'inline-flex size-8 items-center justify-center rounded-md';

function DownloadIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
      <path strokeLinecap="round" strokeLinejoin="round" d="M12 4v11m0 0-4-4m4 4 4-4M5 19h14" />
    </svg>
  );
}

function TrashIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
      <path strokeLinecap="round" strokeLinejoin="round" d="M5 7h14M10 11v6m4-6v6M6 7l1 12h10l1-12M9 7V4h6v3" />
    </svg>
  );
}

function PhotoGrid({ photos, onOpen, onDelete }: { photos: StoredFile[]; onOpen: (index: number) => void; onDelete: (photo: StoredFile) => void }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {photos.map((photo, index) => (
        <li key={photo.id} className="overflow-hidden rounded-xl border border-ink-200 bg-white">
          <button type="button" onClick={() => onOpen(index)} className="block aspect-[4/3] w-full bg-ink-100" aria-label={`Open ${photo.name}`}>
            <img src={secureUrl(photo.url)} alt="" className="size-full object-cover" loading="lazy" />
          </button>
          <div className="px-2 py-1.5">
            <p className="truncate text-xs text-ink-700" title={photo.name}>
              {photo.name}
            </p>
            <CaptureLine photo={photo} />
            {/* Icons: two worded buttons do not fit a tile two columns wide at 360 px. */}
            <div className="mt-1 flex gap-1">
              <a href={downloadUrl(photo.url)} download className={`${iconAction} text-brand-700 hover:bg-brand-50`} aria-label={`Download ${photo.name}`} title="Download">
                <DownloadIcon />
              </a>
              <button type="button" onClick={() => onDelete(photo)} className={`${iconAction} text-danger-700 hover:bg-danger-50`} aria-label={`Delete ${photo.name}`} title="Delete">
                <TrashIcon />
              </button>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

function FileList({ files, onDelete }: { files: StoredFile[]; onDelete: (file: StoredFile) => void }) {
  return (
    <ul className="divide-y divide-ink-100 rounded-xl border border-ink-200 bg-white">
      {files.map((file) => (
        <li key={file.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2.5">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 shrink-0 text-danger-600" fill="none" stroke="currentColor" strokeWidth="1.8">
            <path strokeLinejoin="round" d="M7 3h7l5 5v13H7z M14 3v5h5" />
          </svg>
          <div className="min-w-0 flex-1 basis-48">
            <a href={secureUrl(file.url)} target="_blank" rel="noopener noreferrer" className="block truncate text-sm font-medium text-ink-900 hover:underline">
              {file.name}
            </a>
            <p className="text-xs text-ink-500">{formatBytes(file.byte_size)}</p>
          </div>
          <div className="ml-auto flex gap-1">
            <a href={downloadUrl(file.url)} download className={`${smallAction} text-brand-700 hover:bg-brand-50`} aria-label={`Download ${file.name}`}>
              Download
            </a>
            <button type="button" onClick={() => onDelete(file)} className={`${smallAction} text-danger-700 hover:bg-danger-50`} aria-label={`Delete ${file.name}`}>
              Delete
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * One of the Assets tab's two sections (member-app.md 2, 5, 7): an upload button, a drop zone
 * that takes only its own kind of file and says why it refused others, parallel uploads (one
 * request per file), a list at most 16rem high, Download and Delete; photos open the lightbox.
 */
export function AssetSection({ projectId, kind }: { projectId: number; kind: AssetKind }) {
  const config = ASSET_KINDS[kind];
  const assets = useAssets(projectId, kind);
  const upload = useUploadAssets(projectId, kind);
  const deleteAsset = useDeleteAsset(projectId, kind);
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [lightboxIndex, setLightboxIndex] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<StoredFile | null>(null);
  const headingId = `assets-${kind}-title`;

  const send = async (files: File[]) => {
    if (files.length === 0) return;
    try {
      const results = await upload.mutateAsync(files);
      const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
      if (failed) {
        toast.error(failureMessage(PROJECT_TOASTS.assetFailed, failed.reason));
      } else {
        toast.success(config.uploaded);
      }
    } catch (error) {
      toast.error(failureMessage(PROJECT_TOASTS.assetFailed, error));
    }
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Clear the picker so choosing the same file again still uploads it.
    event.target.value = '';
    setRefusal(null);
    void send(files);
  };

  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const { accepted, refusal: message } = filterDroppedFiles(kind, Array.from(event.dataTransfer.files));
    setRefusal(message);
    void send(accepted);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteAsset.mutateAsync(deleting.id);
      const remaining = (assets.data?.length ?? 1) - 1;
      if (remaining <= 0) setLightboxIndex(null);
      else if (lightboxIndex !== null && lightboxIndex >= remaining) setLightboxIndex(remaining - 1);
    } catch (error) {
      toast.error(failureMessage(PROJECT_TOASTS.assetFailed, error));
    } finally {
      setDeleting(null);
    }
  };

  const items = assets.data ?? [];

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={headingId} className="text-base font-semibold text-ink-900">
          {config.title}
        </h3>
        <Button variant="secondary" onClick={() => inputRef.current?.click()} pending={upload.isPending}>
          {config.uploadLabel}
        </Button>
        {/* The button above is the keyboard and screen reader way in; the input itself stays hidden. */}
        <input ref={inputRef} type="file" multiple accept={config.accept} onChange={onPick} className="hidden" data-testid={`${kind}-input`} />
      </div>

      <div
        data-testid={`${kind}-drop-zone`}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`rounded-xl border-2 border-dashed p-3 transition-colors ${dragging ? 'border-brand-600 bg-brand-50' : 'border-ink-300 bg-ink-50'}`}
      >
        <p className="mb-3 text-center text-sm text-ink-600">
          {upload.isPending ? (
            <span className="inline-flex items-center gap-2" role="status">
              <Spinner /> Uploading…
            </span>
          ) : (
            <>Drag and drop {kind === 'images' ? 'photos' : 'PDF files'} here</>
          )}
        </p>
        {refusal && (
          <Alert tone="error" className="mb-3">
            {refusal}
          </Alert>
        )}
        {refreshFailedWithData(assets) && <RefreshFailedNotice className="mb-3" onRetry={() => assets.refetch()} retrying={assets.isFetching} />}
        {/* member-app.md 9: asset lists are limited to a height of 16rem. */}
        <div className="relative max-h-64 overflow-y-auto">
          {isWaitingForNetwork(assets) ? (
            <OfflineUnavailable message={OFFLINE_UNAVAILABLE.assets(config.title)} />
          ) : assets.isPending ? (
            <div className="flex justify-center p-4 text-brand-700">
              <Spinner className="size-6" label={`Loading ${config.title.toLowerCase()}…`} />
            </div>
          ) : assets.data === undefined ? (
            <Alert tone="error">
              <p>We could not load the {config.title.toLowerCase()}.</p>
              <Button variant="secondary" className="mt-3" onClick={() => void assets.refetch()} pending={assets.isFetching}>
                Retry
              </Button>
            </Alert>
          ) : items.length === 0 ? (
            <p className="py-4 text-center text-sm font-medium text-ink-700">{config.empty}</p>
          ) : kind === 'images' ? (
            <PhotoGrid photos={items} onOpen={setLightboxIndex} onDelete={setDeleting} />
          ) : (
            <FileList files={items} onDelete={setDeleting} />
          )}
        </div>
      </div>

      {kind === 'images' && (
        <Lightbox photos={items} index={lightboxIndex} onIndexChange={setLightboxIndex} onClose={() => setLightboxIndex(null)} onDelete={setDeleting} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={kind === 'images' ? 'Delete photo?' : 'Delete file?'}
        confirmLabel="Delete"
        pending={deleteAsset.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        {deleting && <p>{deleting.name} will be deleted from this project. This cannot be undone.</p>}
      </ConfirmDialog>
    </section>
  );
}

/**
 * The Assets tab: the member's storage (not in the admin area: it is the caller's own), the
 * site visit's photos (member only: they go through the member's offline queue), Photos and Files.
 */
export function AssetsTab({ projectId }: { projectId: number }) {
  const showStorage = useProjectApi().keys.storage !== null;
  return (
    <div className="space-y-8">
      <div className="space-y-3">
        <h2 className="text-lg font-semibold text-ink-900">Assets</h2>
        {showStorage && <StorageUsage />}
      </div>
      {showStorage && <SiteVisitPhotos projectId={projectId} />}
      <AssetSection projectId={projectId} kind="images" />
      <AssetSection projectId={projectId} kind="files" />
    </div>
  );
}

import { PROJECT_TOASTS } from '../messages';
import type { AssetKind } from '../api/list-assets';

interface AssetKindConfig {
  title: string;
  uploadLabel: string;
  /** The file picker's filter (member-app.md 5: photos image/*, files .pdf). */
  accept: string;
  /** The drop filter (member-app.md 5: types beginning image/, or application/pdf). */
  accepts: (file: File) => boolean;
  /** Why a dropped file was refused. */
  onlyWhat: string;
  uploaded: string;
  empty: string;
}

export const ASSET_KINDS: Record<AssetKind, AssetKindConfig> = {
  images: {
    title: 'Photos',
    uploadLabel: 'Upload Photos',
    accept: 'image/*',
    accepts: (file) => file.type.startsWith('image/'),
    onlyWhat: 'only images can be added to Photos',
    uploaded: PROJECT_TOASTS.photosUploaded,
    empty: 'No photos yet',
  },
  files: {
    title: 'Files',
    uploadLabel: 'Upload Files',
    accept: '.pdf',
    accepts: (file) => file.type === 'application/pdf',
    onlyWhat: 'only PDF files can be added to Files',
    uploaded: PROJECT_TOASTS.filesUploaded,
    empty: 'No files yet',
  },
};

/** Splits dropped files into those the section takes and a sentence about the others. */
export function filterDroppedFiles(kind: AssetKind, files: File[]): { accepted: File[]; refusal: string | null } {
  const config = ASSET_KINDS[kind];
  const accepted = files.filter(config.accepts);
  const refused = files.filter((file) => !config.accepts(file));
  if (refused.length === 0) return { accepted, refusal: null };
  const names = refused.map((file) => `"${file.name}"`).join(', ');
  return { accepted, refusal: `${names} ${refused.length === 1 ? 'was' : 'were'} not added: ${config.onlyWhat}.` };
}

const sizeFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${sizeFormat.format(bytes / 1024)} KB`;
  return `${sizeFormat.format(bytes / (1024 * 1024))} MB`;
}

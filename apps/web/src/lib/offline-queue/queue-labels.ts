import type { QueueItem } from './queue-db';

/** What an item of the site visit queue is doing, in the words the partner reads. */
export function queueStateText(item: QueueItem): string {
  if (item.state === 'failed') return `Could not upload: ${item.error?.message ?? 'the server refused it.'}`;
  return item.state === 'uploading' ? 'Uploading…' : 'Waiting to upload';
}

const NOTE_PREVIEW_LENGTH = 60;

/** What an item is, for a list of every project's items: the photo's or file's name, the note's start. */
export function queueItemLabel(item: QueueItem): string {
  switch (item.type) {
    case 'photo':
      return `Photo ${item.name}`;
    case 'file':
      return `File ${item.name}`;
    case 'note': {
      const text = item.body.trim().replace(/\s+/g, ' ');
      return `Note “${text.length > NOTE_PREVIEW_LENGTH ? `${text.slice(0, NOTE_PREVIEW_LENGTH - 1)}…` : text}”`;
    }
    case 'utility':
      return 'Utility information';
  }
}

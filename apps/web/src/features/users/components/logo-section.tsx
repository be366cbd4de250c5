import { useId, useRef, useState, type ChangeEvent } from 'react';
import toast from 'react-hot-toast';
import type { User } from '@sunin/contract';
import { Panel } from '../../../components/ui/card';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useDeleteLogo } from '../api/delete-logo';
import { LOGO_ACCEPT, LOGO_MAX_BYTES, useUploadLogo } from '../api/upload-logo';

export const LOGO_MESSAGES = {
  uploaded: 'Your logo was saved.',
  removed: 'Your logo was removed.',
  tooLarge: 'The logo is larger than 2 MB. Choose a smaller image.',
  wrongType: 'The logo must be a PNG, JPEG or WebP image.',
  uploadFailed: 'Your logo could not be saved. Please try again.',
  removeFailed: 'Your logo could not be removed. Please try again.',
} as const;

/** What went wrong with an upload: the server's words for 413 and 415, ours when it gave none. */
function uploadFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 413) return errorMessage(error, LOGO_MESSAGES.tooLarge);
  if (error instanceof ApiError && error.status === 415) return errorMessage(error, LOGO_MESSAGES.wrongType);
  return errorMessage(error, LOGO_MESSAGES.uploadFailed);
}

/**
 * "Logo for your customer links" (issue 36 item 2): the partner's logo beside SunIn's brand on
 * the proposal page they send. The server checks the type by content and the size; a file the
 * browser already knows is too big is refused here first, with the same words.
 */
export function LogoSection({ user }: { user: User }) {
  const upload = useUploadLogo();
  const remove = useDeleteLogo();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again uploads it again.
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    if (file.size > LOGO_MAX_BYTES) {
      setProblem(LOGO_MESSAGES.tooLarge);
      return;
    }
    try {
      await upload.mutateAsync(file);
      toast.success(LOGO_MESSAGES.uploaded);
    } catch (error) {
      setProblem(uploadFailure(error));
    }
  };

  const confirmRemove = async () => {
    try {
      await remove.mutateAsync();
      toast.success(LOGO_MESSAGES.removed);
    } catch (error) {
      toast.error(errorMessage(error, LOGO_MESSAGES.removeFailed));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Panel title="Logo for your customer links" id="customer-logo" description="Your customers see it beside SunIn’s logo on the proposal links you send. PNG, JPEG or WebP, at most 2 MB.">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex h-20 w-40 shrink-0 items-center justify-center rounded-lg border border-dashed border-ink-300 bg-ink-50 p-2">
          {user.logo_url ? (
            <img src={user.logo_url} alt="Your logo" className="max-h-full max-w-full object-contain" />
          ) : (
            <span className="text-xs text-ink-500">No logo yet</span>
          )}
        </div>
        <div className="flex flex-wrap gap-3">
          <label htmlFor={inputId} className="sr-only">
            Logo image
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={LOGO_ACCEPT}
            className="sr-only"
            aria-describedby={problem ? `${inputId}-error` : undefined}
            onChange={(event) => void onPick(event)}
          />
          <Button variant="secondary" pending={upload.isPending} onClick={() => inputRef.current?.click()}>
            {user.logo_url ? 'Replace logo' : 'Upload logo'}
          </Button>
          {user.logo_url && (
            <Button variant="ghost-danger" onClick={() => setConfirming(true)} disabled={upload.isPending}>
              Remove logo
            </Button>
          )}
        </div>
      </div>
      {problem && (
        <p id={`${inputId}-error`} role="alert" className="mt-3 text-sm text-danger-700">
          {problem}
        </p>
      )}
      <ConfirmDialog open={confirming} title="Remove your logo?" confirmLabel="Remove logo" pending={remove.isPending} onConfirm={() => void confirmRemove()} onCancel={() => setConfirming(false)}>
        <p>Your customer links will show only SunIn’s logo until you upload another.</p>
      </ConfirmDialog>
    </Panel>
  );
}

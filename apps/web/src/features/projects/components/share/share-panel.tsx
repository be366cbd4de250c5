import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Share, ShareCreated } from '@sunin/contract';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../../components/ui/empty-state';
import { LoadError } from '../../../../components/ui/load-error';
import { Modal, ModalActions } from '../../../../components/ui/modal';
import { PageSpinner } from '../../../../components/ui/spinner';
import { errorMessage } from '../../../../lib/api-client';
import { downloadUrl } from '../../../../lib/secure-url';
import { projectPath, useProjectApi } from '../../api/project-api';
import { useRevokeShare } from '../../api/revoke-share';
import { useShares } from '../../api/list-shares';
import { CopyLinkField } from '../../../../components/ui/copy-link-field';
import { ShareCreateForm } from './share-create-form';
import { SHARE_STATUS_BADGE, shareDate, viewsSentence } from './share-wording';

export const SHARE_TEXTS = {
  loadFailed: 'The customer links could not be loaded.',
  revoked: 'The link was revoked.',
  revokeFailed: 'The link could not be revoked.',
} as const;

function ShareRow({ share, projectId, onRevoke }: { share: Share; projectId: number; onRevoke: (share: Share) => void }) {
  const api = useProjectApi();
  const badge = SHARE_STATUS_BADGE[share.status];
  const signedFile = share.signed_file_id === null ? null : `/api${projectPath(api, projectId)}/files/${share.signed_file_id}/download`;
  const now = new Date();
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-semibold break-words text-ink-900">{share.recipient_name}</p>
          <Badge tone={badge.tone}>{badge.label}</Badge>
        </div>
        <p className="text-sm break-all text-ink-600">{share.recipient_email}</p>
        <p className="text-sm text-ink-800">{viewsSentence(share, now)}</p>
        <p className="text-xs text-ink-500">
          Created {shareDate(share.created_at)} by {share.created_by_name}
          {share.emailed_at ? ', emailed' : ''}. {share.status === 'expired' ? 'Expired' : 'Expires'} {shareDate(share.expires_at)}
          {share.revoked_at ? `; revoked ${shareDate(share.revoked_at)}` : ''}.
        </p>
        {share.signed_at && (
          <p className="text-sm text-brand-800">
            Signed {shareDate(share.signed_at)}
            {signedFile && (
              <>
                {' · '}
                <a href={downloadUrl(signedFile)} download className="font-semibold underline">
                  Signed proposal (PDF)
                </a>
              </>
            )}
          </p>
        )}
        {share.change_requests > 0 && (
          <p className="text-sm text-ink-800">{share.change_requests === 1 ? '1 change request' : `${share.change_requests} change requests`}</p>
        )}
      </div>
      {share.status === 'active' && (
        <Button variant="ghost-danger" className="self-start" onClick={() => onRevoke(share)} aria-label={`Revoke the link for ${share.recipient_name}`}>
          Revoke
        </Button>
      )}
    </li>
  );
}

/**
 * "Customer link" (issue 36 item 1 and 3): the project's links to its proposal page, with
 * opens, signature and change requests; a new link's address is shown once, at creation.
 * Its query key sits under the project's (['projects', id] or ['admin']), so the live
 * notification of an open or a signature refreshes it without a reload.
 */
export function SharePanel({ projectId }: { projectId: number }) {
  const shares = useShares(projectId);
  const revoke = useRevokeShare(projectId);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ShareCreated | null>(null);
  const [revoking, setRevoking] = useState<Share | null>(null);

  const closeCreate = () => {
    setCreating(false);
    setCreated(null);
  };

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      toast.success(SHARE_TEXTS.revoked);
    } catch (error) {
      toast.error(errorMessage(error, SHARE_TEXTS.revokeFailed));
    } finally {
      setRevoking(null);
    }
  };

  return (
    <section aria-labelledby={`customer-link-title-${projectId}`} className="space-y-4 rounded-2xl border border-ink-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id={`customer-link-title-${projectId}`} className="text-lg font-semibold text-ink-900">
            Customer link
          </h2>
          <p className="mt-1 text-sm text-ink-600">One link for the business owner: the proposal, acceptance and signature, then the project’s progress.</p>
        </div>
        <Button onClick={() => setCreating(true)}>New customer link</Button>
      </div>

      {shares.isPending ? (
        <PageSpinner label="Loading customer links…" />
      ) : shares.isError ? (
        <LoadError message={SHARE_TEXTS.loadFailed} onRetry={() => shares.refetch()} retrying={shares.isFetching} />
      ) : shares.data.length === 0 ? (
        <EmptyState title="No customer links yet">Create one to send the proposal to the business owner.</EmptyState>
      ) : (
        <ul aria-label="Customer links" className="divide-y divide-ink-100 rounded-xl border border-ink-200">
          {shares.data.map((share) => (
            <ShareRow key={share.id} share={share} projectId={projectId} onRevoke={setRevoking} />
          ))}
        </ul>
      )}

      <Modal open={creating} onClose={closeCreate} title={created ? 'Link created' : 'New customer link'}>
        {created ? (
          <div className="space-y-4">
            <p className="text-sm text-ink-700">
              The link for {created.recipient_name} works until {shareDate(created.expires_at)}.{created.emailed_at ? ` We emailed it to ${created.recipient_email}.` : ''}
            </p>
            <CopyLinkField
              url={created.url}
              note="This link is shown only once: copy it now. Only a fingerprint of it is stored, so it cannot be shown again; create a new link if you lose it."
            />
            <ModalActions>
              <Button onClick={closeCreate}>Done</Button>
            </ModalActions>
          </div>
        ) : (
          <ShareCreateForm projectId={projectId} onCreated={setCreated} onCancel={closeCreate} />
        )}
      </Modal>
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this link?"
        confirmLabel="Revoke link"
        pending={revoke.isPending}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setRevoking(null)}
      >
        {revoking && <p>{revoking.recipient_name} will see “This link was withdrawn” instead of the proposal. You can create a new link later.</p>}
      </ConfirmDialog>
    </section>
  );
}

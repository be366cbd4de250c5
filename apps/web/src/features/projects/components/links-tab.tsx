import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { LINK_TYPES, enumLabel, type ProjectLink } from '@sunin/contract';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Modal, ModalActions } from '../../../components/ui/modal';
import { SelectField } from '../../../components/ui/select-field';
import { PageSpinner } from '../../../components/ui/spinner';
import { isWaitingForNetwork, OfflineUnavailable } from '../../../components/ui/offline-unavailable';
import { RefreshFailedNotice, refreshFailedWithData } from '../../../components/ui/refresh-failed-notice';
import { OFFLINE_UNAVAILABLE } from '../offline-messages';
import { TextField } from '../../../components/ui/text-field';
import { failureMessage } from '../../../lib/failure-message';
import { secureUrl } from '../../../lib/secure-url';
import { useCreateProjectLink, type ProjectLinkInput } from '../api/create-project-link';
import { useDeleteProjectLink } from '../api/delete-project-link';
import { useProjectLinks } from '../api/list-project-links';
import { PROJECT_TOASTS } from '../messages';
import { showServerFieldErrors } from './server-field-errors';
import { LoadError } from '../../../components/ui/load-error';
import { useFailureToast } from '../../../lib/toast-lifecycle';

const LINK_FIELD_NAMES = ['link_type', 'link_title', 'link_url'];

function NewLinkForm({ projectId, onClose }: { projectId: number; onClose: () => void }) {
  const createLink = useCreateProjectLink(projectId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProjectLinkInput>({ defaultValues: { link_type: '', link_title: '', link_url: '' } });

  // No client-side checks (member-app.md 5): the server says what is wrong (an http(s) address).
  const add = handleSubmit(async (values) => {
    try {
      await createLink.mutateAsync(values);
      toast.success(PROJECT_TOASTS.linkAdded);
      onClose();
    } catch (error) {
      showServerFieldErrors(error, setError, LINK_FIELD_NAMES);
      toast.error(failureMessage(PROJECT_TOASTS.linkAddFailed, error));
    }
  });

  return (
    <form onSubmit={add} noValidate className="space-y-4">
      <SelectField label="Link Type" options={LINK_TYPES} error={errors.link_type?.message} {...register('link_type')} />
      <TextField label="Link Title" error={errors.link_title?.message} {...register('link_title')} />
      <TextField label="Link URL" type="url" inputMode="url" placeholder="https://" error={errors.link_url?.message} {...register('link_url')} />
      <ModalActions>
        <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" pending={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Add Link'}
        </Button>
      </ModalActions>
    </form>
  );
}

/** The Project Links tab (member-app.md 2): list with Add and Delete, and the New Link modal. */
export function LinksTab({ projectId }: { projectId: number }) {
  const links = useProjectLinks(projectId);
  const deleteLink = useDeleteProjectLink(projectId);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<ProjectLink | null>(null);

  useFailureToast(links.isError, PROJECT_TOASTS.linksLoadFailed, `links-load-${projectId}`);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteLink.mutateAsync(deleting.id);
      toast.success(PROJECT_TOASTS.linkDeleted);
    } catch (error) {
      toast.error(failureMessage(PROJECT_TOASTS.linkDeleteFailed, error));
    } finally {
      setDeleting(null);
    }
  };

  return (
    <section aria-labelledby="project-links-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="project-links-title" className="text-lg font-semibold text-ink-900">
          Project Links
        </h2>
        <Button onClick={() => setAdding(true)}>Add Link</Button>
      </div>

      {refreshFailedWithData(links) && <RefreshFailedNotice onRetry={() => links.refetch()} retrying={links.isFetching} />}
      {isWaitingForNetwork(links) ? (
        <OfflineUnavailable message={OFFLINE_UNAVAILABLE.links} />
      ) : links.isPending ? (
        <PageSpinner label="Loading links…" />
      ) : links.data === undefined ? (
        <LoadError message={PROJECT_TOASTS.linksLoadFailed} onRetry={() => links.refetch()} retrying={links.isFetching} />
      ) : links.data.length === 0 ? (
        <EmptyState title="No links yet">Keep finance, proposal, utility and calendar links in one place.</EmptyState>
      ) : (
        <ul className="divide-y divide-ink-100 rounded-xl border border-ink-200">
          {links.data.map((link) => (
            <li key={link.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone="grey">{enumLabel('link_type', link.link_type)}</Badge>
                  <a
                    href={secureUrl(link.link_url)}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="font-semibold break-words text-brand-700 hover:underline"
                  >
                    {link.link_title}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </div>
                <p className="mt-1 truncate text-sm text-ink-500">{link.link_url}</p>
              </div>
              <Button variant="ghost-danger" className="self-start sm:self-auto" onClick={() => setDeleting(link)} aria-label={`Delete ${link.link_title}`}>
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}

      <Modal open={adding} onClose={() => setAdding(false)} title="New Link">
        <NewLinkForm projectId={projectId} onClose={() => setAdding(false)} />
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete link?"
        confirmLabel="Delete"
        pending={deleteLink.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        {deleting && <p>{deleting.link_title} will be removed from this project.</p>}
      </ConfirmDialog>
    </section>
  );
}

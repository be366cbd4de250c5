import { useState } from 'react';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import type { Contact } from '@sunin/contract';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Modal } from '../../../components/ui/modal';
import { PageSpinner } from '../../../components/ui/spinner';
import { isWaitingForNetwork, OfflineUnavailable } from '../../../components/ui/offline-unavailable';
import { RefreshFailedNotice } from '../../../components/ui/refresh-failed-notice';
import { OFFLINE_UNAVAILABLE } from '../offline-messages';
import { textLinkClasses } from '../../../components/ui/text-link';
import { failureMessage } from '../../../lib/failure-message';
import { formatPhoneNumber } from '../../../lib/format';
import { useCreateContact, type ContactInput } from '../api/create-contact';
import { useDeleteContact } from '../api/delete-contact';
import { useContact } from '../api/get-contact';
import { useContacts } from '../api/list-contacts';
import { useProjectApi } from '../api/project-api';
import { useUpdateContact } from '../api/update-contact';
import { PROJECT_TOASTS } from '../messages';
import { ContactForm, contactName, contactToInput } from './contact-form';
import { LoadError } from '../../../components/ui/load-error';
import { useFailureToast } from '../../../lib/toast-lifecycle';

function NewContactModal({ projectId, open, onClose }: { projectId: number; open: boolean; onClose: () => void }) {
  const createContact = useCreateContact(projectId);
  const add = async (values: ContactInput) => {
    try {
      await createContact.mutateAsync(values);
      toast.success(PROJECT_TOASTS.contactAdded);
      onClose();
    } catch (error) {
      toast.error(failureMessage(PROJECT_TOASTS.contactAddFailed, error));
      throw error;
    }
  };
  return (
    <Modal open={open} onClose={onClose} title="New Contact">
      <ContactForm onSubmit={add} submitLabel="Add Contact" onCancel={onClose} />
    </Modal>
  );
}

/** The View Contact modal: loads the contact and edits it in place (PATCH). */
function ViewContactModal({ projectId, contactId, onClose }: { projectId: number; contactId: number | null; onClose: () => void }) {
  const contact = useContact(projectId, contactId ?? 0, { enabled: contactId !== null });
  const updateContact = useUpdateContact(projectId, contactId ?? 0);
  const { contactPath } = useProjectApi();

  useFailureToast(contactId !== null && contact.isError, PROJECT_TOASTS.contactLoadFailed, `contact-load-${contactId}`);

  const save = async (values: ContactInput) => {
    try {
      await updateContact.mutateAsync(values);
      toast.success(PROJECT_TOASTS.contactUpdated);
      onClose();
    } catch (error) {
      toast.error(failureMessage(PROJECT_TOASTS.contactUpdateFailed, error));
      throw error;
    }
  };

  return (
    <Modal open={contactId !== null} onClose={onClose} title="View Contact">
      {isWaitingForNetwork(contact) ? (
        <OfflineUnavailable message={OFFLINE_UNAVAILABLE.contact} />
      ) : contact.isPending ? (
        <PageSpinner label="Loading contact…" />
      ) : contact.isError ? (
        <LoadError message={PROJECT_TOASTS.contactLoadFailed} onRetry={() => contact.refetch()} retrying={contact.isFetching} />
      ) : (
        <>
          {contactPath && (
            <p className="mb-4 text-sm">
              <Link to={contactPath(projectId, contact.data.id)} className={textLinkClasses}>
                Open the contact page
              </Link>
            </p>
          )}
          <ContactForm
            key={contact.data.updated_at}
            defaultValues={contactToInput(contact.data)}
            onSubmit={save}
            submitLabel="Save Contact"
            onCancel={onClose}
            cancelLabel="Close"
          />
        </>
      )}
    </Modal>
  );
}

function ContactCard({ contact, onView, onDelete }: { contact: Contact; onView: () => void; onDelete: () => void }) {
  const name = contactName(contact);
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-ink-200 p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold break-words text-ink-900">{name}</p>
        {contact.contact_title && <p className="text-sm text-ink-600">{contact.contact_title}</p>}
        <div className="mt-1 flex flex-col gap-0.5 text-sm">
          {contact.contact_email && (
            <a className={`${textLinkClasses} break-all`} href={`mailto:${contact.contact_email}`}>
              {contact.contact_email}
            </a>
          )}
          {contact.contact_phone_number && (
            <a className={textLinkClasses} href={`tel:${contact.contact_phone_number}`}>
              {formatPhoneNumber(contact.contact_phone_number)}
            </a>
          )}
        </div>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="secondary" className="flex-1 sm:flex-none" onClick={onView} aria-label={`View ${name}`}>
          View
        </Button>
        <Button variant="ghost-danger" className="flex-1 sm:flex-none" onClick={onDelete} aria-label={`Delete ${name}`}>
          Delete
        </Button>
      </div>
    </li>
  );
}

/** The Project Contacts tab (member-app.md 2): list with Add, View and Delete. */
export function ContactsTab({ projectId }: { projectId: number }) {
  const contacts = useContacts(projectId);
  const deleteContact = useDeleteContact(projectId);
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Contact | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteContact.mutateAsync(deleting.id);
      toast.success(PROJECT_TOASTS.contactDeleted);
    } catch (error) {
      toast.error(failureMessage(PROJECT_TOASTS.contactDeleteFailed, error));
    } finally {
      setDeleting(null);
    }
  };

  return (
    <section aria-labelledby="project-contacts-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="project-contacts-title" className="text-lg font-semibold text-ink-900">
          Project Contacts
        </h2>
        <Button onClick={() => setAdding(true)}>Add Contact</Button>
      </div>

      {isWaitingForNetwork(contacts) ? (
        <OfflineUnavailable message={OFFLINE_UNAVAILABLE.contacts} />
      ) : contacts.isPending ? (
        <PageSpinner label="Loading contacts…" />
      ) : contacts.data === undefined ? (
        <LoadError message="We could not load the contacts." onRetry={() => contacts.refetch()} retrying={contacts.isFetching} />
      ) : (
        <>
          {contacts.isError && <RefreshFailedNotice onRetry={() => contacts.refetch()} retrying={contacts.isFetching} />}
          {contacts.data.length === 0 ? (
            <EmptyState title="No contacts yet">Add the people you work with at this company.</EmptyState>
          ) : (
            <ul className="space-y-3">
              {contacts.data.map((contact) => (
                <ContactCard key={contact.id} contact={contact} onView={() => setViewing(contact.id)} onDelete={() => setDeleting(contact)} />
              ))}
            </ul>
          )}
        </>
      )}

      <NewContactModal projectId={projectId} open={adding} onClose={() => setAdding(false)} />
      <ViewContactModal projectId={projectId} contactId={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete contact?"
        confirmLabel="Delete"
        pending={deleteContact.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        {deleting && (
          <p>
            {contactName(deleting)} will be removed from this project. This cannot be undone.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}

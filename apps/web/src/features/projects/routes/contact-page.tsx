import { useParams } from 'react-router';
import toast from 'react-hot-toast';
import { PROJECT_MESSAGES } from '@sunin/contract';
import { Alert } from '../../../components/ui/alert';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { PageSpinner } from '../../../components/ui/spinner';
import { failureMessage } from '../../../lib/failure-message';
import { useDocumentTitle } from '../../../lib/document-title';
import type { ContactInput } from '../api/create-contact';
import { useContact } from '../api/get-contact';
import { useUpdateContact } from '../api/update-contact';
import { PROJECT_TOASTS } from '../messages';
import { ContactForm, contactName, contactToInput } from '../components/contact-form';
import { parseRouteId } from './project-id';
import { LoadError } from '../../../components/ui/load-error';
import { useFailureToast } from '../../../lib/toast-lifecycle';

function ContactDetail({ projectId, contactId }: { projectId: number; contactId: number }) {
  const contact = useContact(projectId, contactId);
  const updateContact = useUpdateContact(projectId, contactId);
  useDocumentTitle(contact.data ? contactName(contact.data) : 'Contact');

  useFailureToast(contact.isError, PROJECT_TOASTS.contactLoadFailed, `contact-load-${contactId}`);

  const save = async (values: ContactInput) => {
    try {
      await updateContact.mutateAsync(values);
      toast.success(PROJECT_TOASTS.contactUpdated);
    } catch (error) {
      toast.error(failureMessage(PROJECT_TOASTS.contactUpdateFailed, error));
      throw error;
    }
  };

  if (contact.isPending) return <PageSpinner label="Loading contact…" />;
  if (contact.isError) {
    return (
      <LoadError message={PROJECT_TOASTS.contactLoadFailed} onRetry={() => contact.refetch()} retrying={contact.isFetching} />
    );
  }

  return (
    <section aria-labelledby="contact-title" className="rounded-2xl border border-ink-200 bg-white p-5 shadow-sm sm:p-6">
      <h1 id="contact-title" className="text-2xl font-bold break-words text-ink-900">
        {contactName(contact.data)}
      </h1>
      {contact.data.contact_title && <p className="mt-1 text-ink-600">{contact.data.contact_title}</p>}
      <div className="mt-6">
        <ContactForm key={contact.data.updated_at} defaultValues={contactToInput(contact.data)} onSubmit={save} submitLabel="Save Contact" />
      </div>
    </section>
  );
}

/** /projects/:id/contacts/:contactId: one contact, editable (PATCH), with the way back to its project. */
export function ContactPage() {
  const params = useParams();
  const projectId = parseRouteId(params.id);
  const contactId = parseRouteId(params.contactId);

  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <Breadcrumb
        items={[
          { label: 'Home', to: '/home' },
          { label: 'Projects', to: '/projects' },
          { label: 'Project', ...(projectId !== null ? { to: `/projects/${projectId}` } : {}) },
          { label: 'Contact' },
        ]}
      />
      {projectId === null || contactId === null ? (
        <NoContactId />
      ) : (
        <ContactDetail key={`${projectId}-${contactId}`} projectId={projectId} contactId={contactId} />
      )}
    </div>
  );
}

function NoContactId() {
  useDocumentTitle('Contact');
  return <Alert tone="error">{PROJECT_MESSAGES.noIdInUrl}</Alert>;
}

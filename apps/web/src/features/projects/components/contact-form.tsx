import { FormProvider, useForm } from 'react-hook-form';
import type { Contact } from '@sunin/contract';
import { Button } from '../../../components/ui/button';
import type { ContactInput } from '../api/create-contact';
import { ContactFields } from './contact-fields';
import { emptyContact } from './project-form-values';
import { showServerFieldErrors } from './server-field-errors';

const CONTACT_FIELD_NAMES = Object.keys(emptyContact());

export function contactToInput(contact: Contact): ContactInput {
  return {
    contact_first_name: contact.contact_first_name,
    contact_last_name: contact.contact_last_name,
    contact_title: contact.contact_title,
    contact_email: contact.contact_email,
    contact_phone_number: contact.contact_phone_number,
    contact_notes: contact.contact_notes,
  };
}

export function contactName(contact: Pick<Contact, 'contact_first_name' | 'contact_last_name'>): string {
  return `${contact.contact_first_name} ${contact.contact_last_name}`.trim() || 'Unnamed contact';
}

interface ContactFormProps {
  defaultValues?: ContactInput;
  /** Resolves when saved; rejects (with the ApiError) to keep the form as typed. */
  onSubmit: (values: ContactInput) => Promise<unknown>;
  submitLabel: string;
  onCancel?: () => void;
  cancelLabel?: string;
}

/**
 * The contact form of the New Contact and View Contact modals and the contact page. No
 * client-side checks (member-app.md 5); the server's field messages show under the fields and
 * a failed save keeps what was typed.
 */
export function ContactForm({ defaultValues = emptyContact(), onSubmit, submitLabel, onCancel, cancelLabel = 'Cancel' }: ContactFormProps) {
  const form = useForm<ContactInput>({ defaultValues });
  const {
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = form;

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      showServerFieldErrors(error, setError, CONTACT_FIELD_NAMES);
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate>
        <ContactFields />
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {onCancel && (
            <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
              {cancelLabel}
            </Button>
          )}
          <Button type="submit" pending={isSubmitting}>
            {isSubmitting ? 'Saving…' : submitLabel}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

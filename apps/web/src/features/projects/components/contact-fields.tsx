import { useFormContext } from 'react-hook-form';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { TextField } from '../../../components/ui/text-field';

type ContactField = 'contact_first_name' | 'contact_last_name' | 'contact_title' | 'contact_email' | 'contact_phone_number' | 'contact_notes';

/**
 * A contact's inputs (member-app.md 3). `prefix` places them in a larger form, e.g.
 * 'contacts.0.' in the New Project wizard; '' for the contact forms themselves. Email is an
 * email input and phone a tel input (member-app.md 2); no client-side checks (member-app.md 5).
 */
export function ContactFields({ prefix = '' }: { prefix?: string }) {
  const { register, getFieldState, formState } = useFormContext();
  const name = (field: ContactField) => `${prefix}${field}`;
  const error = (field: ContactField) => getFieldState(name(field), formState).error?.message;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label="First Name" autoComplete="off" error={error('contact_first_name')} {...register(name('contact_first_name'))} />
      <TextField label="Last Name" autoComplete="off" error={error('contact_last_name')} {...register(name('contact_last_name'))} />
      <TextField label="Title" autoComplete="off" error={error('contact_title')} {...register(name('contact_title'))} />
      <TextField label="Email" type="email" autoComplete="off" error={error('contact_email')} {...register(name('contact_email'))} />
      <TextField label="Phone Number" type="tel" autoComplete="off" error={error('contact_phone_number')} {...register(name('contact_phone_number'))} />
      <TextAreaField className="sm:col-span-2" label="Notes" error={error('contact_notes')} {...register(name('contact_notes'))} />
    </div>
  );
}

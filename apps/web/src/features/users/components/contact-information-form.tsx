import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import toast from 'react-hot-toast';
import { ACCOUNT_TYPE_LABELS, SIGNUP_ACCOUNT_TYPES, normalizeEmail, type SignupAccountType, type User } from '@sunin/contract';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useUpdateProfile, type ProfileUpdate } from '../api/update-profile';
import { UI_MESSAGES } from '../../../lib/messages';
import { useFormDraft } from '../../../lib/use-form-draft';

type ContactValues = Omit<ProfileUpdate, 'account_type' | 'member_level'>;

/** Shown after an email change: the server ended every other session (issue 13 item 6). */
export const EMAIL_CHANGED_TOAST = 'Your email was changed. Your other sessions were signed out.';

const CONTACT_FIELDS = [
  'first_name',
  'last_name',
  'user_name',
  'email',
  'phone_number',
  'address_1',
  'address_2',
  'city',
  'state',
  'zip',
  'company_name',
] as const satisfies readonly (keyof ContactValues)[];
/** The fields whose server messages show under an input. */
const FORM_FIELDS: readonly string[] = [...CONTACT_FIELDS, 'current_password'];

function contactValues(user: User): ContactValues {
  return Object.fromEntries(CONTACT_FIELDS.map((name) => [name, user[name] ?? ''])) as ContactValues;
}

/** The draft key of a member's Contact Information form (issue 14 item 2). */
export const profileDraftKey = (userId: number) => `profile.${userId}.contact-information`;

function isSignupAccountType(value: string): value is SignupAccountType {
  return (SIGNUP_ACCOUNT_TYPES as readonly string[]).includes(value);
}

/**
 * The Contact Information form (member-app.md 2 and 7). No client-side validation (member-app.md
 * 5: profile forms have none); the server's field messages are shown under the fields.
 * member_level is preset to the tier name of the account type when empty, and the account type is
 * carried through unchanged. A new email asks for the current password (the server refuses the
 * change without it, ASVS 7.5.1); an unchanged one sends none. Unsaved edits are kept as a draft
 * (never the password) until saved or discarded (issue 14 item 2).
 */
export function ContactInformationForm({ user }: { user: User }) {
  const updateProfile = useUpdateProfile();
  const form = useForm<ContactValues>({ defaultValues: contactValues(user) });
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isDirty },
  } = form;
  const draft = useFormDraft(form, profileDraftKey(user.id), CONTACT_FIELDS);
  const emailChanged = normalizeEmail(useWatch({ control, name: 'email' }) ?? '') !== normalizeEmail(user.email);

  const onSubmit = handleSubmit(async ({ current_password: currentPassword, ...values }) => {
    const payload: ProfileUpdate = {
      ...values,
      ...(emailChanged ? { current_password: currentPassword ?? '' } : {}),
      member_level: user.member_level || ACCOUNT_TYPE_LABELS[user.account_type],
      ...(isSignupAccountType(user.account_type) ? { account_type: user.account_type } : {}),
    };
    try {
      draft.beforeSave();
      const updated = await updateProfile.mutateAsync(payload);
      reset(contactValues(updated));
      toast.success(UI_MESSAGES.contactUpdated);
      if (emailChanged) toast.success(EMAIL_CHANGED_TOAST);
    } catch (error) {
      draft.afterFailedSave();
      // member-app.md 8: on failure the form keeps what was typed.
      if (error instanceof ApiError) {
        for (const [name, message] of Object.entries(error.fields)) {
          if (FORM_FIELDS.includes(name)) {
            setError(name as FieldPath<ContactValues>, { type: 'server', message });
          }
        }
      }
      toast.error(UI_MESSAGES.contactUpdateFailed);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-6">
      <TextField className="sm:col-span-3" label="First Name" autoComplete="given-name" error={errors.first_name?.message} {...register('first_name')} />
      <TextField className="sm:col-span-3" label="Last Name" autoComplete="family-name" error={errors.last_name?.message} {...register('last_name')} />
      <TextField className="sm:col-span-3" label="Username" autoComplete="username" autoCapitalize="none" error={errors.user_name?.message} {...register('user_name')} />
      <TextField
        className="sm:col-span-6"
        label="Company name"
        autoComplete="organization"
        optional
        hint="Shown to your customers on the proposal links you send."
        error={errors.company_name?.message}
        {...register('company_name')}
      />
      <TextField className="sm:col-span-3" label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      {emailChanged && (
        <TextField
          className="sm:col-span-3"
          label="Current Password for Email Change"
          type="password"
          autoComplete="current-password"
          hint="To change your email, confirm it is you. Your other sessions will be signed out."
          error={errors.current_password?.message}
          {...register('current_password', { shouldUnregister: true })}
        />
      )}
      <TextField
        className="sm:col-span-3"
        label="Phone Number"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        error={errors.phone_number?.message}
        {...register('phone_number')}
      />
      <div className="hidden sm:col-span-3 sm:block" aria-hidden="true" />
      <TextField className="sm:col-span-6" label="Address Line 1" autoComplete="address-line1" error={errors.address_1?.message} {...register('address_1')} />
      <TextField className="sm:col-span-6" label="Address Line 2" autoComplete="address-line2" error={errors.address_2?.message} {...register('address_2')} />
      <TextField className="sm:col-span-3" label="City" autoComplete="address-level2" error={errors.city?.message} {...register('city')} />
      <TextField className="sm:col-span-1" label="State" autoComplete="address-level1" error={errors.state?.message} {...register('state')} />
      <TextField className="sm:col-span-2" label="ZIP" inputMode="numeric" autoComplete="postal-code" error={errors.zip?.message} {...register('zip')} />
      <div className="flex flex-col-reverse gap-3 sm:col-span-6 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => reset()} disabled={!isDirty || updateProfile.isPending}>
          Discard changes
        </Button>
        <Button type="submit" pending={updateProfile.isPending}>
          {updateProfile.isPending ? 'Saving…' : 'Save contact information'}
        </Button>
      </div>
    </form>
  );
}

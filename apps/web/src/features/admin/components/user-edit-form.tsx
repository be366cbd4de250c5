import { useState, type FormEvent } from 'react';
import { ASSIGNABLE_ACCOUNT_TYPES, COMPANY_ROLES, adminChangeNeedsPassword, enumLabel, type AccountType, type AdminUser, type CompanyRole } from '@sunin/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { fieldClasses, labelClasses } from '../../../components/ui/field-styles';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { ADMIN_TOASTS, adminToast } from '../admin-messages';
import { useUpdateAdminUser, type AdminUserUpdate } from '../api/update-user';
import { accessChanges, describeAccessChanges, type AccessChange } from './access-changes';
import { formatDateTime, orNotAvailable } from './format';
import { passwordProblem } from './password-problem';
import { accountTypeLabel, roleLabel } from './role-labels';

function toForm(user: AdminUser): AdminUserUpdate {
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    user_name: user.user_name,
    email: user.email,
    phone_number: user.phone_number,
    address_1: user.address_1,
    address_2: user.address_2,
    city: user.city,
    state: user.state,
    zip: user.zip,
    account_type: user.account_type,
    company_role: user.company_role ?? '',
    referrer_name: user.referrer_name,
  };
}

const TEXT_FIELDS: Array<{ name: Exclude<keyof AdminUserUpdate, 'account_type' | 'company_role'>; label: string; type?: string }> = [
  { name: 'first_name', label: 'First Name' },
  { name: 'last_name', label: 'Last Name' },
  { name: 'user_name', label: 'Username' },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'phone_number', label: 'Phone Number', type: 'tel' },
  { name: 'address_1', label: 'Address 1' },
  { name: 'address_2', label: 'Address 2' },
  { name: 'city', label: 'City' },
  { name: 'state', label: 'State' },
  { name: 'zip', label: 'Zip Code' },
];

/**
 * The editable part of the user detail page and its read-only facts (public-site-and-admin.md
 * 2.10). No client-side rules (spec 5); the server's field errors show beside the inputs.
 */
export function UserEditForm({ user }: { user: AdminUser }) {
  const [form, setForm] = useState<AdminUserUpdate>(() => toForm(user));
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Account type, role and email changes wait here for the admin's confirmation (issue 14 item
  // 18); with the admin's own password when the change grants admin or moves the email
  // (issue 34 item 2).
  const [pendingChanges, setPendingChanges] = useState<AccessChange[] | null>(null);
  const [needsPassword, setNeedsPassword] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  // What the last save did, until the form is edited again.
  const [savedMessage, setSavedMessage] = useState<string | null>(null);
  const update = useUpdateAdminUser(user.id);

  const edit = (patch: Partial<AdminUserUpdate>) => {
    setSavedMessage(null);
    setForm((current) => ({ ...current, ...patch }));
  };

  const closeConfirmation = () => {
    setPendingChanges(null);
    setPassword('');
    setPasswordError(undefined);
  };

  const save = (changes: AccessChange[], currentPassword?: string) =>
    update.mutate(
      { user: form, currentPassword },
      {
        onSuccess: (saved) => {
          setErrors({});
          setForm(toForm(saved));
          setSavedMessage(`${saved.first_name}'s information was saved. ${describeAccessChanges(changes)}`.trim());
          adminToast.success(ADMIN_TOASTS.userUpdated);
          closeConfirmation();
        },
        onError: (error) => {
          // A wrong or missing password: said in the dialog, which stays open to try again.
          const problem = currentPassword === undefined ? undefined : passwordProblem(error);
          if (problem) {
            setPasswordError(problem);
            return;
          }
          setErrors(error instanceof ApiError ? Object.fromEntries(Object.entries(error.fields).map(([key, value]) => [key.replace(/^user\./, ''), value])) : {});
          adminToast.error(ADMIN_TOASTS.userUpdateFailed);
          closeConfirmation();
        },
      },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSavedMessage(null);
    const changes = accessChanges(user, form);
    setNeedsPassword(adminChangeNeedsPassword(user, form));
    if (changes.length > 0) setPendingChanges(changes);
    else save(changes);
  };

  /** The account types to offer: the spec's, and the unspecified 'admin' only for a user who already holds it (issue 34 item 8). */
  const accountTypes = ASSIGNABLE_ACCOUNT_TYPES.includes(user.account_type) ? ASSIGNABLE_ACCOUNT_TYPES : [user.account_type, ...ASSIGNABLE_ACCOUNT_TYPES];

  const facts: Array<[string, string]> = [
    ['Created At', formatDateTime(user.created_at)],
    ['Last Updated', formatDateTime(user.updated_at)],
    ['Last Activity At', formatDateTime(user.last_activity_at)],
    ['Email Verified', user.email_verified_at ? 'Yes' : 'No'],
    ['Stripe Customer ID', orNotAvailable(user.stripe_customer_id)],
    ['Stripe Subscription ID', orNotAvailable(user.stripe_subscription_id)],
    ['Subscription Status', user.subscription_status ? enumLabel('subscription_status', user.subscription_status) : orNotAvailable(null)],
    ['Subscription Renewable Date', formatDateTime(user.subscription_end_date)],
    ['Trial Status', user.is_in_trial ? 'active' : 'inactive'],
    ['Trial End Date', formatDateTime(user.trial_end_date)],
  ];

  return (
    <form noValidate onSubmit={submit} className="space-y-6">
      <section aria-labelledby="user-edit-title" className="rounded-2xl border border-ink-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 id="user-edit-title" className="text-lg font-semibold text-ink-900">
          Profile
        </h2>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          {TEXT_FIELDS.map((field) => (
            <TextField
              key={field.name}
              label={field.label}
              type={field.type ?? 'text'}
              value={form[field.name]}
              onChange={(event) => edit({ [field.name]: event.target.value })}
              error={errors[field.name]}
            />
          ))}
          <div>
            <label htmlFor="user-account-type" className={labelClasses}>
              Account Type
            </label>
            <select
              id="user-account-type"
              className={fieldClasses(Boolean(errors.account_type))}
              value={form.account_type}
              onChange={(event) => edit({ account_type: event.target.value as AccountType })}
            >
              {accountTypes.map((type) => (
                <option key={type} value={type}>
                  {accountTypeLabel(type)}
                </option>
              ))}
            </select>
            {errors.account_type && <p className="mt-1 text-sm text-danger-700">{errors.account_type}</p>}
          </div>
          <div>
            <label htmlFor="user-company-role" className={labelClasses}>
              Company Role
            </label>
            <select
              id="user-company-role"
              className={fieldClasses(Boolean(errors.company_role))}
              value={form.company_role ?? ''}
              onChange={(event) => edit({ company_role: event.target.value as CompanyRole | '' })}
            >
              <option value="">None</option>
              {COMPANY_ROLES.map((role) => (
                <option key={role} value={role}>
                  {roleLabel(role)}
                </option>
              ))}
            </select>
            {errors.company_role && <p className="mt-1 text-sm text-danger-700">{errors.company_role}</p>}
          </div>
          <TextField
            label="Referred By"
            value={form.referrer_name}
            onChange={(event) => edit({ referrer_name: event.target.value })}
            error={errors.referrer_name}
            className="sm:col-span-2"
          />
        </div>
      </section>
      <section aria-labelledby="user-facts-title" className="rounded-2xl border border-ink-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 id="user-facts-title" className="text-lg font-semibold text-ink-900">
          Account Activity and Billing
        </h2>
        <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-3">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt className="text-ink-500">{label}</dt>
              <dd className="font-medium break-all text-ink-900">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      {savedMessage && <Alert tone="success">{savedMessage}</Alert>}
      <div className="flex justify-end">
        <Button type="submit" pending={update.isPending} className="w-full sm:w-auto">
          {`Update ${user.first_name}'s Information`}
        </Button>
      </div>
      <ConfirmDialog
        open={pendingChanges !== null}
        title={pendingChanges?.every((change) => change.field === 'Email') ? `Change ${user.first_name}'s email?` : `Change ${user.first_name}'s access?`}
        confirmLabel="Save changes"
        pending={update.isPending}
        onConfirm={() => pendingChanges && save(pendingChanges, needsPassword ? password : undefined)}
        onCancel={closeConfirmation}
        password={needsPassword ? { value: password, onChange: setPassword, error: passwordError } : undefined}
      >
        <ul className="space-y-2">
          {(pendingChanges ?? []).map((change) => (
            <li key={change.field}>
              <span className="font-semibold text-ink-900">{change.field}:</span> {change.from} → {change.to}
              {change.consequence && <span className="block text-ink-600">{change.consequence}</span>}
            </li>
          ))}
        </ul>
      </ConfirmDialog>
    </form>
  );
}

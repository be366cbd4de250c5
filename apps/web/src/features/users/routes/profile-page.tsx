import { ACCOUNT_TYPE_LABELS } from '@sunin/contract';
import { Panel } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/spinner';
import { textLinkClasses } from '../../../components/ui/text-link';
import { SUPPORT_EMAIL } from '../../../lib/config';
import { fullName, useCurrentUser } from '../../../lib/current-user';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatLongDate } from '../../../lib/format';
import { ApiTokensSection } from '../components/api-tokens-section';
import { BillingInformation } from '../components/billing-information';
import { ChangePasswordForm } from '../components/change-password-form';
import { ContactInformationForm, profileDraftKey } from '../components/contact-information-form';
import { UnsavedChangesGuard } from '../../../components/ui/unsaved-changes-guard';
import { LogoSection } from '../components/logo-section';
import { NotificationsSection } from '../components/notifications-section';
import { SecuritySection } from '../components/security-section';
import { LoadError } from '../../../components/ui/load-error';
import { Detail } from '../../../components/ui/detail';
import { UploadQueuePanel } from '../../../components/upload-queue-panel';

export function ProfilePage() {
  useDocumentTitle('Profile');
  const profile = useCurrentUser();

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-ink-900">Profile</h1>
        <p className="mt-1 text-sm text-ink-600">
          Your profile information is visible to other members and to provider employees. To correct information you cannot
          change here, email our support team at{' '}
          <a className={textLinkClasses} href={`mailto:${SUPPORT_EMAIL}`}>
            {SUPPORT_EMAIL}
          </a>
          .
        </p>
      </div>

      {/* Device data: shown even when the profile cannot load (offline). */}
      <UploadQueuePanel />

      {profile.isPending ? (
        <PageSpinner label="Loading your profile…" />
      ) : profile.isError ? (
        // member-app.md 8: on the profile page a fetch failure is only logged (by the fetcher).
        <LoadError message="We could not load your profile." onRetry={() => profile.refetch()} retrying={profile.isFetching} />
      ) : (
        <>
          <Panel title="Profile" id="profile-summary">
            <dl className="grid gap-4 sm:grid-cols-2">
              <Detail term="Full Name">{fullName(profile.data)}</Detail>
              <Detail term="Member Type">{ACCOUNT_TYPE_LABELS[profile.data.account_type]}</Detail>
              <Detail term="Member Since">{formatLongDate(profile.data.created_at)}</Detail>
              <Detail term="Username">{profile.data.user_name}</Detail>
            </dl>
          </Panel>

          <UnsavedChangesGuard drafts={[{ key: profileDraftKey(profile.data.id), label: 'Contact Information' }]} />
          <Panel title="Contact Information" id="contact-information">
            {/* Keyed by the record's version so a refetch after saving re-seeds the form. */}
            <ContactInformationForm key={profile.data.updated_at} user={profile.data} />
          </Panel>

          <LogoSection user={profile.data} />

          <Panel title="Change Password" id="change-password">
            <ChangePasswordForm />
          </Panel>

          <Panel title="Billing Information" id="billing-information">
            <BillingInformation user={profile.data} />
          </Panel>

          <NotificationsSection email={profile.data.email} verified={profile.data.email_verified_at !== null} />

          <SecuritySection user={profile.data} />

          <ApiTokensSection />
        </>
      )}
    </div>
  );
}

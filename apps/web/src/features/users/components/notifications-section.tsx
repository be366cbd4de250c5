import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import toast from 'react-hot-toast';
import { Switch } from '@headlessui/react';
import {
  ALWAYS_EMAILED_PUSH_TYPES,
  EMAIL_EVENT_LABELS,
  EMAIL_EVENT_TYPES,
  isDigestEventType,
  isPushEventType,
  PUSH_ONLY_EVENT_LABELS,
  type EmailDigestEventType,
  type EmailEventType,
  type EmailFrequency,
  type PushEventType,
} from '@sunin/contract';
import { Alert } from '../../../components/ui/alert';
import { Panel } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { SwitchField } from '../../../components/ui/switch-field';
import { errorMessage } from '../../../lib/api-client';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { ResendVerificationButton } from './resend-verification-button';
import { useUpdateEmailFrequency, useUpdateEmailPreference, useUpdatePushPreference } from '../api/update-notification-preferences';
import { DevicePushPanel } from './device-push-panel';

export const NOTIFICATION_PREFERENCE_MESSAGES = {
  intro: (email: string) => `Notifications always appear in the portal. Choose which of them also come to ${email} by email, and which to your devices that have notifications turned on.`,
  /** Issue 41 item 3: each type's switch for the member's devices, beside its email switch. */
  pushLabel: (label: string) => `Push: ${label}`,
  pushNotOffered: 'Email only',
  /** A type that is always emailed (integrations): no email switch, only a push one. */
  alwaysEmailed: 'Always',
  alwaysEmailedLabel: (label: string) => `${label} emails are always sent`,
  loading: 'Loading your email preferences…',
  loadFailed: 'We could not load your email preferences.',
  noneOffered: 'There are no emails to choose from.',
  saving: 'Saving…',
  saved: 'Saved',
  saveFailed: (label: string) => `We could not save your choice for ${label}. Please try again.`,
  /** Issue 37 item 3: full access administrators take four kinds as they happen or as one email an hour. */
  frequencyLabel: (label: string) => `How “${label}” emails arrive`,
  frequencies: { instant: 'Instant', hourly: 'Hourly digest' } satisfies Record<EmailFrequency, string>,
  /** The server emails verified addresses only (docs/decisions/023). */
  unverified: (email: string) => `We email only verified addresses: confirm ${email} with the link we sent when you signed up (or changed it), and these emails start.`,
} as const;

/** The name of an email or push type (integrations is a push type only). */
const labelOf = (type: EmailEventType | PushEventType) => (type in EMAIL_EVENT_LABELS ? EMAIL_EVENT_LABELS[type as EmailEventType] : PUSH_ONLY_EVENT_LABELS[type as (typeof ALWAYS_EMAILED_PUSH_TYPES)[number]]);

/** How long "Saved" stays beside the list after the last save. */
const SAVED_NOTE_MS = 3000;

/** The id the emails' "Manage email preferences" link (/profile#notifications) lands on. */
export const NOTIFICATIONS_SECTION_ID = 'notifications';

/** Brings the section into view when the address asks for it, once it is on the page. */
function useScrollIntoViewOnHash(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === `#${NOTIFICATIONS_SECTION_ID}`) document.getElementById(NOTIFICATIONS_SECTION_ID)?.scrollIntoView?.({ block: 'start' });
    // Again when the preferences have loaded: the page above may have grown meanwhile.
  }, [hash, ready]);
}

/**
 * The profile's Notifications section (issue 18 item 4): one switch per email event type offered
 * to the member (administrators get two more), and beside it one for push (issue 41 item 3; the
 * weekly digest is email only), each saved as it is toggled (only that event type is sent); then
 * the "This device" panel that turns push on for this browser. The emails' footers link here.
 */
export function NotificationsSection({ email, verified }: { email: string; verified: boolean }) {
  const preferences = useNotificationPreferences();
  const update = useUpdateEmailPreference();
  const updatePush = useUpdatePushPreference();
  const updateFrequency = useUpdateEmailFrequency();
  const [saved, setSaved] = useState(false);
  const savedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useScrollIntoViewOnHash(preferences.isSuccess);
  useEffect(() => () => clearTimeout(savedTimer.current), []);

  const saveHandlers = (type: EmailEventType | PushEventType) => {
    clearTimeout(savedTimer.current);
    setSaved(false);
    return {
      onSuccess: () => {
        setSaved(true);
        savedTimer.current = setTimeout(() => setSaved(false), SAVED_NOTE_MS);
      },
      onError: (error: unknown) => {
        toast.error(errorMessage(error, NOTIFICATION_PREFERENCE_MESSAGES.saveFailed(labelOf(type).label)));
      },
    };
  };
  const toggle = (type: EmailEventType, enabled: boolean) => update.mutate({ type, enabled }, saveHandlers(type));
  const togglePush = (type: PushEventType, enabled: boolean) => updatePush.mutate({ type, enabled }, saveHandlers(type));
  const chooseFrequency = (type: EmailDigestEventType, frequency: EmailFrequency) => updateFrequency.mutate({ type, frequency }, saveHandlers(type));

  let content;
  if (preferences.isPending) {
    content = <Spinner className="size-6 text-brand-700" label={NOTIFICATION_PREFERENCE_MESSAGES.loading} />;
  } else if (preferences.isError) {
    content = <LoadError message={NOTIFICATION_PREFERENCE_MESSAGES.loadFailed} onRetry={() => preferences.refetch()} retrying={preferences.isFetching} />;
  } else {
    const offered = EMAIL_EVENT_TYPES.filter((type) => preferences.data.email[type] !== undefined);
    const alwaysEmailed = ALWAYS_EMAILED_PUSH_TYPES.filter((type) => preferences.data.push[type] !== undefined);
    content = (
      // A labelled group rather than a fieldset: a legend cannot share a line with the status.
      <div role="group" aria-labelledby="notify-me-about">
        <div className="flex items-center justify-between gap-4">
          <h3 id="notify-me-about" className="text-sm font-semibold text-ink-900">
            Notify me about
          </h3>
          {/* Always in the page, so screen readers announce each change of its text. */}
          <p role="status" aria-live="polite" className="flex min-h-5 items-center gap-1.5 text-sm text-ink-600">
            {update.isPending || updatePush.isPending || updateFrequency.isPending ? (
              <>
                <Spinner />
                {NOTIFICATION_PREFERENCE_MESSAGES.saving}
              </>
            ) : (
              saved && NOTIFICATION_PREFERENCE_MESSAGES.saved
            )}
          </p>
        </div>
        {offered.length === 0 ? (
          <p className="mt-2 text-sm text-ink-600">{NOTIFICATION_PREFERENCE_MESSAGES.noneOffered}</p>
        ) : (
          <>
            {/* The column heads; each switch is named by itself for screen readers. */}
            <div aria-hidden className="mt-2 flex justify-end gap-4 text-xs font-semibold uppercase tracking-wide text-ink-500">
              <span className="w-11 text-center">Email</span>
              <span className="w-11 text-center">Push</span>
            </div>
            <ul className="divide-y divide-ink-200">
              {offered.map((type) => (
                <li key={type} className="py-3">
                  <div className="flex items-start gap-4">
                    <SwitchField
                      className="min-w-0 flex-1"
                      label={EMAIL_EVENT_LABELS[type].label}
                      description={EMAIL_EVENT_LABELS[type].description}
                      checked={preferences.data.email[type] === true}
                      onChange={(enabled) => toggle(type, enabled)}
                    />
                    {isPushEventType(type) && preferences.data.push[type] !== undefined ? (
                      <PushSwitch label={EMAIL_EVENT_LABELS[type].label} checked={preferences.data.push[type] === true} onChange={(enabled) => togglePush(type, enabled)} />
                    ) : (
                      <span className="mt-0.5 w-11 shrink-0 text-center text-xs text-ink-400">
                        <span aria-hidden>—</span>
                        <span className="sr-only">{NOTIFICATION_PREFERENCE_MESSAGES.pushNotOffered}</span>
                      </span>
                    )}
                  </div>
                  {isDigestEventType(type) && preferences.data.frequency?.[type] !== undefined && (
                    <FrequencyChoice type={type} value={preferences.data.frequency[type]} disabled={preferences.data.email[type] !== true} onChange={(frequency) => chooseFrequency(type, frequency)} />
                  )}
                </li>
              ))}
              {alwaysEmailed.map((type) => (
                <li key={type} className="py-3">
                  <div className="flex items-start gap-4">
                    <span className="min-w-0 flex-1">
                      <span className="block text-sm font-medium text-ink-900">{labelOf(type).label}</span>
                      <span className="mt-0.5 block text-sm text-ink-600">{labelOf(type).description}</span>
                    </span>
                    <span className="mt-0.5 w-11 shrink-0 text-center text-xs font-medium text-ink-600">
                      <span aria-hidden>{NOTIFICATION_PREFERENCE_MESSAGES.alwaysEmailed}</span>
                      <span className="sr-only">{NOTIFICATION_PREFERENCE_MESSAGES.alwaysEmailedLabel(labelOf(type).label)}</span>
                    </span>
                    <PushSwitch label={labelOf(type).label} checked={preferences.data.push[type] === true} onChange={(enabled) => togglePush(type, enabled)} />
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    );
  }

  return (
    <Panel title="Notifications" id={NOTIFICATIONS_SECTION_ID} description={NOTIFICATION_PREFERENCE_MESSAGES.intro(email)}>
      {!verified && (
        <Alert tone="info" className="mb-4">
          <p>{NOTIFICATION_PREFERENCE_MESSAGES.unverified(email)}</p>
          <div className="mt-3">
            <ResendVerificationButton />
          </div>
        </Alert>
      )}
      {content}
      <DevicePushPanel />
    </Panel>
  );
}

/** A type's Push switch, beside its Email switch: whether it comes to the member's devices that have notifications on. */
function PushSwitch({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <Switch
      checked={checked}
      onChange={onChange}
      aria-label={NOTIFICATION_PREFERENCE_MESSAGES.pushLabel(label)}
      className="group relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-ink-300 transition-colors data-checked:bg-brand-700"
    >
      <span aria-hidden className="size-5 translate-x-0.5 rounded-full bg-white shadow-sm transition-transform group-data-checked:translate-x-[1.375rem]" />
    </Switch>
  );
}

/**
 * "Instant" or "Hourly digest" for one kind (full access administrators only: the server offers
 * `frequency` to them alone). Native radio buttons: arrow keys move the choice, which saves.
 * Disabled while the kind's email is off, since neither then sends anything.
 */
function FrequencyChoice({ type, value, disabled, onChange }: { type: EmailDigestEventType; value: EmailFrequency; disabled: boolean; onChange: (frequency: EmailFrequency) => void }) {
  const label = EMAIL_EVENT_LABELS[type].label;
  return (
    <div role="radiogroup" aria-label={NOTIFICATION_PREFERENCE_MESSAGES.frequencyLabel(label)} className="mt-2 flex flex-wrap gap-2">
      {(['instant', 'hourly'] as const).map((frequency) => (
        <label
          key={frequency}
          className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 py-1.5 text-sm has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:ring-2 has-focus-visible:ring-brand-600 ${disabled ? 'cursor-not-allowed opacity-60' : ''} border-ink-200 text-ink-800`}
        >
          <input type="radio" name={`frequency-${type}`} value={frequency} checked={value === frequency} disabled={disabled} onChange={() => onChange(frequency)} className="size-4 accent-brand-700" />
          {NOTIFICATION_PREFERENCE_MESSAGES.frequencies[frequency]}
        </label>
      ))}
    </div>
  );
}

import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { MfaSetup, User } from '@sunin/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/current-user';
import { useDisableMfa } from '../api/disable-mfa';
import { useStartMfaSetup } from '../api/start-mfa-setup';
import { RecoveryCodes } from './recovery-codes';
import { TwoFactorSetup } from './two-factor-setup';

type Stage = { name: 'idle' } | { name: 'password' } | { name: 'scan'; setup: MfaSetup } | { name: 'codes'; codes: string[] } | { name: 'turning-off' };

const fieldError = (error: unknown, field: string) => (error instanceof ApiError ? error.fields[field] : undefined);

/**
 * Two-factor sign-in on the profile's Security section (issue 13 item 5): off → set up with the
 * password → scan and confirm → the recovery codes once → on, with Turn off (password and code).
 */
export function TwoFactorPanel({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>({ name: 'idle' });
  const start = useStartMfaSetup();
  const disable = useDisableMfa();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ form?: string | undefined; current_password?: string | undefined; code?: string | undefined }>({});
  const [confirmingOff, setConfirmingOff] = useState(false);

  const reset = () => {
    setStage({ name: 'idle' });
    setPassword('');
    setCode('');
    setErrors({});
  };

  const submitPassword = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setErrors({ current_password: 'Current password is required.' });
    setErrors({});
    try {
      const setup = await start.mutateAsync(password);
      setPassword('');
      setStage({ name: 'scan', setup });
    } catch (error) {
      const field = fieldError(error, 'current_password');
      setErrors(field ? { current_password: field } : { form: errorMessage(error, 'Could not start the setup. Please try again.') });
    }
  };

  const askToTurnOff = (event: FormEvent) => {
    event.preventDefault();
    const missing = { current_password: password ? undefined : 'Current password is required.', code: code.trim() ? undefined : 'Enter a code from your app or a recovery code.' };
    setErrors(missing);
    if (!missing.current_password && !missing.code) setConfirmingOff(true);
  };
  const turnOff = async () => {
    try {
      await disable.mutateAsync({ current_password: password, code });
      setConfirmingOff(false);
      reset();
      toast.success('Two-factor sign-in is off.');
    } catch (error) {
      setConfirmingOff(false);
      const fields = { current_password: fieldError(error, 'current_password'), code: fieldError(error, 'code') };
      setErrors(fields.current_password || fields.code ? fields : { form: errorMessage(error, 'Could not turn off two-factor sign-in. Please try again.') });
    }
  };

  if (stage.name === 'codes') {
    return (
      <RecoveryCodes
        codes={stage.codes}
        onDone={() => {
          reset();
          void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
        }}
      />
    );
  }
  if (stage.name === 'scan') {
    return <TwoFactorSetup setup={stage.setup} onConfirmed={(codes) => setStage({ name: 'codes', codes })} onCancel={reset} />;
  }

  const heading = (
    <p className="text-sm text-ink-700">
      {user.mfa_enabled
        ? 'Two-factor sign-in is on: signing in asks for a code from your authenticator app.'
        : 'Two-factor sign-in is off. Turn it on to ask for a code from an authenticator app after your password.'}
    </p>
  );

  if (user.mfa_enabled) {
    return (
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          {heading}
          {stage.name !== 'turning-off' && (
            <Button variant="secondary" onClick={() => setStage({ name: 'turning-off' })}>
              Turn off
            </Button>
          )}
        </div>
        {stage.name === 'turning-off' && (
          <form onSubmit={askToTurnOff} noValidate className="grid gap-4 sm:grid-cols-2" aria-label="Turn off two-factor sign-in">
            {errors.form && (
              <Alert tone="error" className="sm:col-span-2">
                {errors.form}
              </Alert>
            )}
            <TextField label="Current password" type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} error={errors.current_password} />
            <TextField label="Code from the app or a recovery code" autoComplete="one-time-code" maxLength={32} value={code} onChange={(event) => setCode(event.target.value)} error={errors.code} />
            <div className="flex flex-wrap gap-2 sm:col-span-2">
              <Button type="submit" variant="danger">
                Turn off two-factor
              </Button>
              <Button variant="secondary" onClick={reset}>
                Cancel
              </Button>
            </div>
          </form>
        )}
        <ConfirmDialog open={confirmingOff} title="Turn off two-factor sign-in?" confirmLabel="Turn off" pending={disable.isPending} onConfirm={() => void turnOff()} onCancel={() => setConfirmingOff(false)}>
          Signing in will ask only for your password. Your recovery codes stop working.
        </ConfirmDialog>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {heading}
        {stage.name === 'idle' && <Button onClick={() => setStage({ name: 'password' })}>Set up</Button>}
      </div>
      {stage.name === 'password' && (
        <form onSubmit={(event) => void submitPassword(event)} noValidate className="space-y-3" aria-label="Set up two-factor sign-in">
          {errors.form && <Alert tone="error">{errors.form}</Alert>}
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            autoFocus
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.current_password}
            className="max-w-sm"
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" pending={start.isPending}>
              Continue
            </Button>
            <Button variant="secondary" onClick={reset} disabled={start.isPending}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}

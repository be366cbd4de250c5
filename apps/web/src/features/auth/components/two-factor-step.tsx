import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';

interface TwoFactorStepProps {
  error: string | null;
  pending: boolean;
  onSubmit: (code: string) => void;
  onBack: () => void;
}

/**
 * The second step of a login with two-factor on (docs/decisions/010): the 6-digit code from
 * the authenticator app, or one of the recovery codes instead.
 */
export function TwoFactorStep({ error, pending, onSubmit, onBack }: TwoFactorStepProps) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    onSubmit(code);
  };
  const toggle = () => {
    setUseRecovery((value) => !value);
    setCode('');
    setMissing(false);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Two-factor sign-in">
      <p className="text-sm text-ink-700">
        {useRecovery
          ? 'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each code works once.'
          : 'Two-factor sign-in is on for this account. Enter the 6-digit code from your authenticator app.'}
      </p>
      {error && <Alert tone="error">{error}</Alert>}
      {useRecovery ? (
        <TextField
          key="recovery"
          label="Recovery code"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          maxLength={32}
          placeholder="xxxxx-xxxxx"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={missing ? 'Enter a recovery code.' : undefined}
        />
      ) : (
        <TextField
          key="totp"
          label="Authentication code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          autoFocus
          maxLength={7}
          placeholder="123456"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={missing ? 'Enter the 6-digit code.' : undefined}
        />
      )}
      <Button type="submit" className="w-full" pending={pending}>
        Verify and log in
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <button type="button" className="font-medium text-brand-700 underline-offset-2 hover:underline" onClick={toggle}>
          {useRecovery ? 'Use your authenticator app instead' : 'Use a recovery code instead'}
        </button>
        <button type="button" className="text-ink-600 underline-offset-2 hover:underline" onClick={onBack} disabled={pending}>
          Back
        </button>
      </div>
    </form>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import QRCode from 'qrcode';
import toast from 'react-hot-toast';
import type { MfaSetup } from '@sunin/contract';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { useConfirmMfa } from '../api/confirm-mfa';

/** The secret in groups of four, as people type it into an app by hand. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The QR code of the otpauth URL as an SVG data URL (the CSP allows img-src data:). */
function useQrCode(text: string): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        if (live) setSrc(null);
      });
    return () => {
      live = false;
    };
  }, [text]);
  return src;
}

/** Scan (or type) the secret, then confirm with the first code the app shows. */
export function TwoFactorSetup({ setup, onConfirmed, onCancel }: { setup: MfaSetup; onConfirmed: (codes: string[]) => void; onCancel: () => void }) {
  const qr = useQrCode(setup.otpauth_url);
  const confirm = useConfirmMfa();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const copySecret = async () => {
    try {
      await navigator.clipboard.writeText(setup.secret);
      toast.success('Key copied.');
    } catch {
      toast.error('Could not copy. Type the key into your app instead.');
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) {
      setError('Enter the 6-digit code from your authenticator app.');
      return;
    }
    setError(null);
    try {
      onConfirmed((await confirm.mutateAsync(code)).recovery_codes);
    } catch (failure) {
      setError(errorMessage(failure, 'Could not turn on two-factor sign-in. Please try again.'));
    }
  };

  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-ink-700">
        <li>Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, …).</li>
        <li>Scan the QR code, or enter the key by hand.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row">
        {qr ? (
          <img src={qr} alt="QR code for your authenticator app" width={176} height={176} className="rounded-lg border border-ink-200 bg-white" />
        ) : (
          <div className="flex h-44 w-44 items-center justify-center rounded-lg border border-ink-200 text-xs text-ink-500">Preparing QR code…</div>
        )}
        <div className="min-w-0 space-y-2">
          <p className="text-sm font-medium text-ink-700">Key for manual entry</p>
          <code data-testid="mfa-secret" className="block break-all rounded bg-ink-100 px-2 py-1 font-mono text-sm text-ink-900">
            {groupSecret(setup.secret)}
          </code>
          <Button variant="secondary" onClick={() => void copySecret()}>
            Copy key
          </Button>
        </div>
      </div>
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3">
        <TextField
          label="Code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={error ?? undefined}
          className="max-w-xs"
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" pending={confirm.isPending}>
            Turn on
          </Button>
          <Button variant="secondary" onClick={onCancel} disabled={confirm.isPending}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}

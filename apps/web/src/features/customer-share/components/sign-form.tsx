import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SHARE_MESSAGES, SIGNATURE_CODE_DIGITS, signatureBodySchema, signatureCodeBodySchema, type PublicShare, type SignatureInput } from '@sunin/contract';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { publicShareKey } from '../api/get-public-share';
import { useRequestSignatureCode } from '../api/request-signature-code';
import { useSignProposal } from '../api/sign-proposal';
import { SignaturePad } from './signature-pad';

type FieldName = 'name' | 'title' | 'email' | 'code' | 'consent' | 'typed_signature' | 'drawn_signature';
type FieldErrors = Partial<Record<FieldName, string>>;

export const SIGN_TEXTS = {
  failed: 'The signature could not be saved. Please try again.',
  codeFailed: 'The code could not be sent. Please try again.',
  alreadySigned: 'This proposal was already signed through this link. The page now shows the signature.',
} as const;

/** A script-like look for the typed signature, from the fonts the device already has (nothing is downloaded). */
export const SCRIPT_FONT = { fontFamily: '"Segoe Script", "Brush Script MT", "Snell Roundhand", "URW Chancery L", cursive', fontStyle: 'italic' } as const;

/** The contract's messages by field, from a failed parse of the whole body. */
function issuesByField(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const name = String(issue.path[1] ?? issue.path[0] ?? '') as FieldName;
    errors[name] ??= issue.message;
  }
  return errors;
}

/**
 * Accept and sign (issue 36 item 4; ESIGN and UETA): who signs (name, title, email), the emailed
 * six-digit code that ties the signature to that address, consent to electronic records, the
 * acceptance text, and the signature itself, typed (the default, usable from a keyboard) or
 * drawn. Checked with the contract's schema first; the server's field errors (422) land at the
 * fields, and a link already signed (409) reloads the page's data.
 */
export function SignForm({ token, share, onSigned }: { token: string; share: PublicShare; onSigned: () => void }) {
  const queryClient = useQueryClient();
  const sendCode = useRequestSignatureCode(token);
  const sign = useSignProposal(token);
  const ids = useId();
  const [name, setName] = useState(share.recipient_name);
  const [title, setTitle] = useState('');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [consent, setConsent] = useState(false);
  const [mode, setMode] = useState<'typed' | 'drawn'>('typed');
  const [typed, setTyped] = useState('');
  const [drawn, setDrawn] = useState<string | null>(null);
  const [codeNote, setCodeNote] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const askForCode = async () => {
    setFormError(null);
    const parsed = signatureCodeBodySchema.safeParse({ signature: { email } });
    if (!parsed.success) {
      setErrors((current) => ({ ...current, email: parsed.error.issues[0]?.message }));
      return;
    }
    setErrors((current) => ({ ...current, email: undefined }));
    try {
      const sent = await sendCode.mutateAsync(parsed.data.signature.email);
      setCodeNote(sent.message);
    } catch (error) {
      if (error instanceof ApiError && error.fields.email) setErrors((current) => ({ ...current, email: error.fields.email }));
      else setFormError(errorMessage(error, SIGN_TEXTS.codeFailed));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (codeNote === null) {
      setErrors({ email: SHARE_MESSAGES.codeMissing });
      return;
    }
    const signature: SignatureInput = {
      name,
      title,
      email,
      code,
      consent: consent as true,
      // The version on screen: a newer one delivered meanwhile answers 409 instead of being signed unseen.
      ...(share.proposal ? { proposal_version: share.proposal.version } : {}),
      ...(mode === 'typed' ? { typed_signature: typed } : drawn ? { drawn_signature: drawn } : {}),
    };
    const parsed = signatureBodySchema.safeParse({ signature });
    if (!parsed.success) {
      const found = issuesByField(parsed.error.issues);
      // A missing drawing is reported on the typed field by the schema: show it where the person drew.
      if (mode === 'drawn' && found.typed_signature) found.drawn_signature = found.typed_signature;
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await sign.mutateAsync(parsed.data.signature);
      onSigned();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // Signed already, or a newer version delivered meanwhile: the server says which.
        setFormError(errorMessage(error, SIGN_TEXTS.alreadySigned));
        void queryClient.invalidateQueries({ queryKey: publicShareKey(token) });
        return;
      }
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        const found = error.fields as FieldErrors;
        if (mode === 'drawn' && found.typed_signature) found.drawn_signature = found.typed_signature;
        setErrors(found);
        return;
      }
      setFormError(errorMessage(error, SIGN_TEXTS.failed));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="sign-title" className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Full name" autoComplete="name" value={name} onChange={(event) => setName(event.target.value)} error={errors.name} />
        <TextField label="Title" autoComplete="organization-title" hint="Your role at the company, e.g. Owner or CFO." value={title} onChange={(event) => setTitle(event.target.value)} error={errors.title} />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          className="flex-1"
          label="Email"
          type="email"
          autoComplete="email"
          hint="We email a six-digit code to this address to confirm it is you."
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
        />
        <Button variant="secondary" onClick={() => void askForCode()} pending={sendCode.isPending} className="sm:mb-5">
          {codeNote === null ? 'Email me a code' : 'Send a new code'}
        </Button>
      </div>
      <p role="status" className="text-sm text-brand-800">
        {codeNote ?? ''}
      </p>
      {codeNote !== null && (
        <TextField
          label={`${SIGNATURE_CODE_DIGITS}-digit code`}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={SIGNATURE_CODE_DIGITS}
          className="max-w-xs"
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          error={errors.code}
        />
      )}

      <div>
        <div className="flex items-start gap-3">
          <input
            id={`${ids}-consent`}
            type="checkbox"
            checked={consent}
            onChange={(event) => setConsent(event.target.checked)}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? `${ids}-consent-error` : undefined}
            className="mt-1 size-5 shrink-0 rounded border-ink-300 text-brand-700"
          />
          <label htmlFor={`${ids}-consent`} className="text-sm text-ink-800">
            {share.consent_text}
          </label>
        </div>
        {errors.consent && (
          <p id={`${ids}-consent-error`} className="mt-1 text-sm text-danger-700">
            {errors.consent}
          </p>
        )}
      </div>

      <p className="rounded-lg bg-ink-50 p-3 text-sm text-ink-800">{share.acceptance_text}</p>

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-ink-700">Your signature</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" name={`${ids}-mode`} checked={mode === 'typed'} onChange={() => setMode('typed')} className="size-4" />
            Type it
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name={`${ids}-mode`} checked={mode === 'drawn'} onChange={() => setMode('drawn')} className="size-4" />
            Draw it
          </label>
        </div>
        <p id={`${ids}-mode-note`} className="text-xs text-ink-500">
          Drawing needs a finger, pen or mouse; with a keyboard or screen reader, type your signature instead. Both are equally valid.
        </p>
        {mode === 'typed' ? (
          <div>
            <TextField label="Type your full name as your signature" autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} error={errors.typed_signature} />
            {typed.trim() && (
              <p aria-hidden="true" className="mt-2 border-b border-ink-400 pb-1 text-3xl text-ink-900" style={SCRIPT_FONT}>
                {typed}
              </p>
            )}
          </div>
        ) : (
          <div>
            <SignaturePad onChange={setDrawn} describedBy={errors.drawn_signature ? `${ids}-drawn-error ${ids}-mode-note` : `${ids}-mode-note`} />
            {errors.drawn_signature && (
              <p id={`${ids}-drawn-error`} className="mt-1 text-sm text-danger-700">
                {errors.drawn_signature}
              </p>
            )}
          </div>
        )}
      </fieldset>

      {formError && (
        <p role="alert" className="rounded-lg border border-danger-200 bg-danger-50 p-3 text-sm text-danger-700">
          {formError}
        </p>
      )}
      <Button type="submit" pending={sign.isPending} className="w-full sm:w-auto">
        Sign proposal
      </Button>
    </form>
  );
}

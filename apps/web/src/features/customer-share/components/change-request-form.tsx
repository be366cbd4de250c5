import { useState, type FormEvent } from 'react';
import { changeRequestBodySchema } from '@sunin/contract';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useRequestChanges } from '../api/request-changes';

type FieldName = 'name' | 'email' | 'note';

export const CHANGE_REQUEST_FAILED = 'Your request could not be sent. Please try again.';

/**
 * Request changes (issue 36 item 5), folded away under a disclosure: name, email and a note to
 * the partner. The answer's message replaces the form.
 */
export function ChangeRequestForm({ token, defaultName }: { token: string; defaultName: string }) {
  const send = useRequestChanges(token);
  const [name, setName] = useState(defaultName);
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = changeRequestBodySchema.safeParse({ change_request: { name, email, note } });
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[1]) as FieldName] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const answer = await send.mutateAsync(parsed.data.change_request);
      setSent(answer.message);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
      else setFailure(errorMessage(error, CHANGE_REQUEST_FAILED));
    }
  };

  return (
    <section aria-labelledby="changes-title" className="rounded-2xl border border-ink-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="changes-title" className="text-lg font-semibold text-ink-900">
        Request changes
      </h2>
      <details className="mt-2">
      <summary className="cursor-pointer text-sm font-medium text-brand-700">Ask for changes instead of signing</summary>
      {sent ? (
        <p role="status" tabIndex={-1} ref={(element) => element?.focus()} className="mt-4 rounded-lg bg-brand-50 p-3 text-brand-800">
          {sent}
        </p>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 space-y-4">
          <p className="text-sm text-ink-600">Not ready to sign? Tell your partner what you would like changed; they will update the proposal and send it again.</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Your name" autoComplete="name" value={name} onChange={(event) => setName(event.target.value)} error={errors.name} />
            <TextField label="Your email" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} error={errors.email} />
          </div>
          <TextAreaField label="What would you like changed?" rows={4} value={note} onChange={(event) => setNote(event.target.value)} error={errors.note} />
          {failure && (
            <p role="alert" className="text-sm text-danger-700">
              {failure}
            </p>
          )}
          <Button type="submit" variant="secondary" pending={send.isPending}>
            Send request
          </Button>
        </form>
      )}
      </details>
    </section>
  );
}

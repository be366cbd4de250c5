import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { emailField, MESSAGES } from '@sunin/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { AuthCard } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/text-field';
import { TextLink } from '../../../components/ui/text-link';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { UI_MESSAGES } from '../../../lib/messages';

const schema = z.object({ email: emailField });
type Values = z.input<typeof schema>;

/** public-site-and-admin.md 2.7 and 8: success text, or the server message / 'Failed to send reset link.'. */
export function RequestPasswordResetPage() {
  useDocumentTitle('Reset your password');
  const requestReset = useRequestPasswordReset();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await requestReset.mutateAsync(email);
      setSent(true);
      toast.success(MESSAGES.resetRequested);
    } catch (error) {
      const message = errorMessage(error, UI_MESSAGES.resetLinkFailed);
      setFailure(message);
      toast.error(message);
    }
  });

  return (
    <AuthCard title="Forgot your password?">
      {sent ? (
        <div className="space-y-4">
          <Alert tone="success">{MESSAGES.resetRequested}</Alert>
          <p className="text-sm text-ink-600">The link is valid for 6 hours. Didn't get it? Check your spam folder or send another.</p>
          <Button variant="secondary" className="w-full" onClick={() => setSent(false)}>
            Send another link
          </Button>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <p className="text-sm text-ink-600">Enter the email address of your account and we will send you a link to choose a new password.</p>
          {failure && <Alert tone="error">{failure}</Alert>}
          <TextField label="Email" type="email" autoComplete="email" required error={errors.email?.message} {...register('email')} />
          <Button type="submit" className="w-full" pending={requestReset.isPending}>
            Send Reset Link
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-ink-600">
        Remembered it? <TextLink to="/login">Back to log in</TextLink>
      </p>
    </AuthCard>
  );
}

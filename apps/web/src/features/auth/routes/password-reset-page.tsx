import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import toast from 'react-hot-toast';
import { MESSAGES } from '@sunin/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { AuthCard } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/text-field';
import { TextLink } from '../../../components/ui/text-link';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { useLogin } from '../api/login';
import { useResetPassword } from '../api/reset-password';
import { UI_MESSAGES } from '../../../lib/messages';
import { followToNextPage } from '../../../lib/toast-lifecycle';

interface Values {
  password: string;
  password_confirmation: string;
}

const { resetSucceeded: RESET_SUCCESS, resetFailed: RESET_FAILED, resetLoggedIn: LOGGED_IN } = UI_MESSAGES;
const AUTO_LOGIN_FAILED = 'Your password was reset, but we could not log you in. Please log in with your new password.';

/**
 * /password-reset-form/:reset_password_token (member-app.md 5 and 7): both fields required and
 * equal; success only when the server answers exactly 'Password has been reset.', then the user
 * is logged in with the returned email and the new password.
 */
export function PasswordResetPage() {
  useDocumentTitle('Choose a new password');
  const { reset_password_token: token = '' } = useParams();
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const login = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({ defaultValues: { password: '', password_confirmation: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    let email: string;
    try {
      const response = await resetPassword.mutateAsync({ reset_password_token: token, ...values });
      if (response.message !== MESSAGES.passwordReset) throw new Error(`Unexpected reset answer: ${response.message}`);
      email = response.email;
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.fields.password) setError('password', { type: 'server', message: error.fields.password });
        if (error.fields.password_confirmation) {
          setError('password_confirmation', { type: 'server', message: error.fields.password_confirmation });
        }
      }
      const hasFieldMessage = error instanceof ApiError && (error.fields.password || error.fields.password_confirmation);
      setFailure(hasFieldMessage ? RESET_FAILED : `${RESET_FAILED} ${errorMessage(error, '')}`.trim());
      toast.error(RESET_FAILED);
      return;
    }

    toast.success(RESET_SUCCESS);
    try {
      await login.mutateAsync({ email, password: values.password });
    } catch (error) {
      console.error('Automatic login after the password reset failed.', error);
      // The reason for the move to /login: it goes there with the member.
      followToNextPage(toast.error(errorMessage(error, AUTO_LOGIN_FAILED)));
      await navigate('/login', { replace: true });
      return;
    }
    toast.success(LOGGED_IN);
    await navigate('/home', { replace: true });
  });

  const pending = resetPassword.isPending || login.isPending;

  return (
    <AuthCard title="Choose a new password">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {failure && (
          <Alert tone="error">
            {failure}{' '}
            {resetPassword.error instanceof ApiError && resetPassword.error.code === 'invalid_token' && (
              <TextLink to="/request-password-reset">Request a new link.</TextLink>
            )}
          </Alert>
        )}
        <TextField
          label="New Password"
          type="password"
          autoComplete="new-password"
          required
          error={errors.password?.message}
          {...register('password', { required: 'New password is required.' })}
        />
        <TextField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          required
          error={errors.password_confirmation?.message}
          {...register('password_confirmation', {
            required: 'Please confirm your new password.',
            validate: (value, all) => value === all.password || MESSAGES.passwordMismatch,
          })}
        />
        <Button type="submit" className="w-full" pending={pending}>
          Reset Password
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-ink-600">
        <TextLink to="/login">Back to log in</TextLink>
      </p>
    </AuthCard>
  );
}

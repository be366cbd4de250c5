import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { passwordChangeBodySchema } from '@sunin/contract';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useChangePassword } from '../api/change-password';
import { UI_MESSAGES } from '../../../lib/messages';

const schema = passwordChangeBodySchema.shape.data;
type Values = z.input<typeof schema>;

/** POST /api/password/edit. member-app.md 8: a failure is a browser alert 'Failed with error: ...'. */
export function ChangePasswordForm() {
  const changePassword = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await changePassword.mutateAsync(values);
      reset();
      toast.success(UI_MESSAGES.passwordChanged);
    } catch (error) {
      // The server's field errors (a wrong current password, a password its policy refuses)
      // also stay under their fields once the alert is dismissed.
      if (error instanceof ApiError) {
        for (const name of ['current_password', 'password', 'password_confirmation'] as const) {
          const message = error.fields[name];
          if (message) setError(name, { type: 'server', message });
        }
      }
      window.alert(UI_MESSAGES.failedWithError + errorMessage(error, 'Unknown error'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-3">
      <TextField
        label="Current Password"
        type="password"
        autoComplete="current-password"
        error={errors.current_password?.message}
        {...register('current_password')}
      />
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters and hard to guess: a few unrelated words work well."
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        error={errors.password_confirmation?.message}
        {...register('password_confirmation')}
      />
      <div className="flex justify-end sm:col-span-3">
        <Button type="submit" pending={changePassword.isPending}>
          Change password
        </Button>
      </div>
    </form>
  );
}

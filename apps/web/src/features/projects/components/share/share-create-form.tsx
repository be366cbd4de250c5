import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { SHARE_DEFAULT_DAYS, SHARE_MAX_DAYS, shareCreateSchema, type ShareCreated } from '@sunin/contract';
import { Button } from '../../../../components/ui/button';
import { ModalActions } from '../../../../components/ui/modal';
import { TextField } from '../../../../components/ui/text-field';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { useCreateShare } from '../../api/create-share';
import { showServerFieldErrors } from '../server-field-errors';

const FIELD_NAMES = ['recipient_name', 'recipient_email', 'expires_in_days', 'send_email'];

export const SHARE_CREATE_FAILED = 'The link could not be created.';

/**
 * The new customer link's form (issue 36 item 1): who it is for, how many days it works
 * (1 to 90, 30 by default) and whether the portal emails it. Checked with the contract's schema
 * before sending; the server's field messages land under the same fields.
 */
export function ShareCreateForm({ projectId, onCreated, onCancel }: { projectId: number; onCreated: (share: ShareCreated) => void; onCancel: () => void }) {
  const create = useCreateShare(projectId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(shareCreateSchema),
    defaultValues: { recipient_name: '', recipient_email: '', expires_in_days: SHARE_DEFAULT_DAYS, send_email: false },
  });

  const submit = handleSubmit(async (values) => {
    try {
      onCreated(await create.mutateAsync(values));
    } catch (error) {
      showServerFieldErrors(error, setError, FIELD_NAMES);
      if (!(error instanceof ApiError) || Object.keys(error.fields).length === 0) setError('root', { type: 'server', message: errorMessage(error, SHARE_CREATE_FAILED) });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField label="Recipient name" autoComplete="off" error={errors.recipient_name?.message} {...register('recipient_name')} />
      <TextField label="Recipient email" type="email" autoComplete="off" error={errors.recipient_email?.message} {...register('recipient_email')} />
      <TextField
        label="Days valid"
        type="number"
        inputMode="numeric"
        min={1}
        max={SHARE_MAX_DAYS}
        hint={`From 1 to ${SHARE_MAX_DAYS} days; the link stops working after that.`}
        error={errors.expires_in_days?.message}
        {...register('expires_in_days')}
      />
      <div className="flex items-start gap-2">
        <input id={`share-send-email-${projectId}`} type="checkbox" className="mt-1 size-4 rounded border-ink-300 text-brand-700 focus:ring-brand-600" {...register('send_email')} />
        <label htmlFor={`share-send-email-${projectId}`} className="text-sm text-ink-800">
          Email the link to the recipient
        </label>
      </div>
      {errors.root?.message && (
        <p role="alert" className="text-sm text-danger-700">
          {errors.root.message}
        </p>
      )}
      <ModalActions>
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" pending={isSubmitting}>
          {isSubmitting ? 'Creating…' : 'Create link'}
        </Button>
      </ModalActions>
    </form>
  );
}

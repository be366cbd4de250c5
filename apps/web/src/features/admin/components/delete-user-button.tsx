import { useNavigate } from 'react-router';
import { useDeleteUser } from '../api/delete-user';
import { ConfirmedActionButton } from './confirmed-action-button';

export const DELETE_USER_MESSAGES = {
  failed: 'Could not delete the user.',
  done: (name: string) => `${name} was deleted.`,
} as const;

/**
 * Deletes a user who holds nothing the business keeps (issue 34 item 2): the server refuses
 * one who still owns projects, ledger entries or payouts, and says so. Needs the admin's own
 * password; afterwards the admin is back on the Members list.
 */
export function DeleteUserButton({ userId, name }: { userId: number; name: string }) {
  const remove = useDeleteUser(userId);
  const navigate = useNavigate();
  return (
    <ConfirmedActionButton
      label="Delete user"
      title={`Delete ${name}?`}
      variant="ghost-danger"
      askPassword
      pending={remove.isPending}
      failedMessage={DELETE_USER_MESSAGES.failed}
      run={async (currentPassword) => {
        await remove.mutateAsync(currentPassword);
        void navigate('/admin/all-users', { replace: true });
        return DELETE_USER_MESSAGES.done(name);
      }}
    >
      <p>
        {name}&apos;s account, sessions, accounts and notifications are deleted for good. Someone who owns projects, earnings or payouts, who may still be billed,
        or whose name is on changes the business keeps cannot be deleted: end their sessions and remove their role instead.
      </p>
    </ConfirmedActionButton>
  );
}

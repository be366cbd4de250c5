import { formatStorageSize } from '@sunin/contract';
import { LoadError } from '../../../components/ui/load-error';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { Spinner } from '../../../components/ui/spinner';
import { useStorageUsage } from '../api/get-storage-usage';

/**
 * The member's storage quota on the Assets tab (issue 13): "Storage: 1.2 GB of 5 GB used" and a
 * bar. The quota is the owner's, over every project, so it is one line above both sections.
 */
export function StorageUsage() {
  const usage = useStorageUsage();

  if (usage.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-ink-600" role="status">
        <Spinner /> Loading storage usage…
      </p>
    );
  }
  if (usage.isError) {
    return <LoadError message="We could not load your storage usage." onRetry={() => usage.refetch()} retrying={usage.isFetching} />;
  }

  const { used_bytes: used, quota_bytes: quota } = usage.data;
  const share = quota > 0 ? (used / quota) * 100 : 100;
  const nearlyFull = share >= 90;
  return (
    <div className="max-w-md space-y-1.5">
      <p className="text-sm text-ink-700">
        Storage: <span className="font-semibold text-ink-900">{formatStorageSize(used)}</span> of {formatStorageSize(quota)} used
      </p>
      <ProgressBar label="Storage used" value={share} />
      {nearlyFull && (
        <p className="text-xs text-danger-700">
          {used >= quota ? 'Your storage is full: delete photos or files you no longer need to upload more.' : 'Your storage is nearly full.'}
        </p>
      )}
    </div>
  );
}

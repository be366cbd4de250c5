import toast from 'react-hot-toast';
import { buttonClasses } from '../components/ui/button';

const UPDATE_TOAST_ID = 'app-update-ready';

/**
 * "A new version is ready — Reload" (issue 41): shown until the member chooses, so that a new
 * version never reloads the page under someone's typing. Not now leaves it for the next visit.
 */
export function showUpdateReadyToast(reload: () => void): void {
  toast(
    (item) => (
      <span className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span>A new version is ready</span>
        <span className="flex gap-2">
          <button
            type="button"
            className={buttonClasses('primary', 'min-h-9 px-3 py-1.5')}
            onClick={() => {
              toast.dismiss(item.id);
              reload();
            }}
          >
            Reload
          </button>
          <button type="button" className={buttonClasses('ghost', 'min-h-9 px-3 py-1.5')} onClick={() => toast.dismiss(item.id)}>
            Not now
          </button>
        </span>
      </span>
    ),
    { id: UPDATE_TOAST_ID, duration: Infinity },
  );
}

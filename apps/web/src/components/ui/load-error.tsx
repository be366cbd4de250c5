import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';

/** What a page or tab shows when its data failed to load: the message and a Retry button. */
export function LoadError({ message, onRetry, retrying }: { message: ReactNode; onRetry: () => unknown; retrying: boolean }) {
  return (
    <Alert tone="error">
      <p>{message}</p>
      <Button variant="secondary" className="mt-3" onClick={() => void onRetry()} pending={retrying}>
        Retry
      </Button>
    </Alert>
  );
}

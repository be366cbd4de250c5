import { useEffect, useState } from 'react';

/**
 * The current time, renewed every `intervalMs` while the component is shown: for text that
 * counts time ("due in 31 hours") and must not go stale on a page left open.
 */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

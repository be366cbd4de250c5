import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';

/**
 * A dialog component that loads the first time it opens and then stays mounted, so that it
 * fades out when closed and keeps what was typed in it. Its code stays out of the page's first
 * load (docs/decisions/024-public-first-load.md). It mounts closed and opens one render later:
 * Headless UI's Dialog finds the page behind it, which it hides from assistive technology,
 * only when it was already mounted as it opens. Closed and never opened, it renders nothing,
 * as a closed Headless UI dialog does.
 */
export function deferredDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Dialog = lazy(async () => ({ default: await load() }));

  function Mounted({ onMounted, ...props }: P & { onMounted: (mounted: true) => void }) {
    // Runs once the loaded dialog has mounted (effects of a suspended tree wait for it).
    useEffect(() => {
      // Headless UI gives focus back, on close, to the last element it saw take focus, and it
      // starts watching when its code loads: after the opener was focused. A focus event (it
      // listens in the capture phase; nothing moves) shows it the opener.
      const opener = document.activeElement;
      if (opener instanceof Element && opener !== document.body) opener.dispatchEvent(new FocusEvent('focus'));
      onMounted(true);
    }, [onMounted]);
    return <Dialog {...(props as unknown as P)} />;
  }

  function DeferredDialog(props: P) {
    const [used, setUsed] = useState(props.open);
    const [mounted, setMounted] = useState(false);
    if (props.open && !used) setUsed(true);
    if (!used) return null;
    return (
      <Suspense fallback={null}>
        <Mounted {...props} open={props.open && mounted} onMounted={setMounted} />
      </Suspense>
    );
  }
  return DeferredDialog;
}

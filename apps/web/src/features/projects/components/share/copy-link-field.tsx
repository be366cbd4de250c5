import { useId, useRef, useState } from 'react';
import { Button } from '../../../../components/ui/button';

/**
 * The new link in a read-only field with Copy (issue 36 item 1). The clipboard API needs a
 * secure context and permission; without it the text is selected and the browser's copy tried,
 * and if that fails too the field stays selected for the person's own Ctrl+C.
 */
export function CopyLinkField({ url }: { url: string }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const [state, setState] = useState<'idle' | 'copied' | 'manual'>('idle');

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(url);
      setState('copied');
    } catch {
      inputRef.current?.focus();
      inputRef.current?.select();
      const copied = typeof document.execCommand === 'function' && document.execCommand('copy');
      setState(copied ? 'copied' : 'manual');
    }
  };

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink-700">
        Customer link
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <input
          ref={inputRef}
          id={id}
          readOnly
          value={url}
          onFocus={(event) => event.target.select()}
          aria-describedby={`${id}-note`}
          className="block w-full min-w-0 rounded-lg border border-ink-300 bg-ink-50 px-3 py-2 font-mono text-sm text-ink-900 focus:outline-2 focus:outline-brand-600"
        />
        <Button onClick={() => void copy()}>Copy</Button>
      </div>
      <p id={`${id}-note`} className="mt-2 text-sm text-ink-600">
        This link is shown only once: copy it now. Only a fingerprint of it is stored, so it cannot be shown again; create a new link if you lose it.
      </p>
      <p role="status" className="mt-1 text-sm font-medium text-brand-800">
        {state === 'copied' ? 'Link copied.' : state === 'manual' ? 'Press Ctrl+C (or ⌘+C) to copy the selected link.' : ''}
      </p>
    </div>
  );
}

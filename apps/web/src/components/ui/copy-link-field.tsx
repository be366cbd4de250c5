import { useId, useRef, useState, type ReactNode } from 'react';
import { Button } from './button';

const COPIED = { link: 'Link copied.', token: 'Token copied.', secret: 'Secret copied.' } as const;

/**
 * A link in a read-only field with Copy: a customer's proposal link (issue 36 item 1), a
 * partner's referral link (issue 39 item 1), an API token or webhook secret shown once (issue 40,
 * `noun` says which in the status line). The clipboard API needs a secure context and
 * permission; without it the text is selected and the browser's copy tried, and if that fails
 * too the field stays selected for the person's own Ctrl+C. The outcome is said in a status
 * line, so a screen reader announces it.
 */
export function CopyLinkField({ url, label = 'Customer link', note, noun = 'link' }: { url: string; label?: string; note?: ReactNode; noun?: keyof typeof COPIED }) {
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
        {label}
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <input
          ref={inputRef}
          id={id}
          readOnly
          value={url}
          onFocus={(event) => event.target.select()}
          aria-describedby={note ? `${id}-note` : undefined}
          className="block w-full min-w-0 rounded-lg border border-ink-300 bg-ink-50 px-3 py-2 font-mono text-sm text-ink-900 focus:outline-2 focus:outline-brand-600"
        />
        <Button onClick={() => void copy()}>Copy</Button>
      </div>
      {note && (
        <p id={`${id}-note`} className="mt-2 text-sm text-ink-600">
          {note}
        </p>
      )}
      <p role="status" className="mt-1 text-sm font-medium text-brand-800">
        {state === 'copied' ? COPIED[noun] : state === 'manual' ? `Press Ctrl+C (or ⌘+C) to copy the selected ${noun}.` : ''}
      </p>
    </div>
  );
}

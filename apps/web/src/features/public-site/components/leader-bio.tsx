import { useId, useState } from 'react';
import { BIO_PREVIEW_CHARS } from '@sunin/contract';

/** The first BIO_PREVIEW_CHARS characters of a bio, or the whole bio when it is short enough. */
export function bioPreview(bio: string): string {
  return bio.length > BIO_PREVIEW_CHARS ? `${bio.slice(0, BIO_PREVIEW_CHARS).trimEnd()}…` : bio;
}

/** A leader's bio cut at 250 characters with Read more / Read less (public-site-and-admin.md 2.3). */
export function LeaderBio({ bio, name }: { bio: string; name: string }) {
  const [expanded, setExpanded] = useState(false);
  const textId = useId();
  const cut = bio.length > BIO_PREVIEW_CHARS;
  return (
    <div>
      <p id={textId} className="leading-relaxed text-ink-700">
        {expanded || !cut ? bio : bioPreview(bio)}
      </p>
      {cut && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={textId}
          aria-label={`${expanded ? 'Read less' : 'Read more'} about ${name}`}
          onClick={() => setExpanded((value) => !value)}
          className="mt-2 rounded text-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline"
        >
          {expanded ? 'Read less' : 'Read more'}
        </button>
      )}
    </div>
  );
}

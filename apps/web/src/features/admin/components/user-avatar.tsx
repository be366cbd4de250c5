/** The user's picture, or the default one (an inline silhouette) when there is none. */
export function UserAvatar({ image, name }: { image: string | null; name: string }) {
  if (image) return <img src={image} alt="" className="size-9 shrink-0 rounded-full object-cover" />;
  return (
    <svg role="img" aria-label={`${name}: no picture`} viewBox="0 0 36 36" className="size-9 shrink-0 rounded-full bg-ink-200 text-ink-400">
      <circle cx="18" cy="14" r="6" fill="currentColor" />
      <path d="M6 32c1.5-6 6.3-9 12-9s10.5 3 12 9" fill="currentColor" />
    </svg>
  );
}

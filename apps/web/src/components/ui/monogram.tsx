import { initials } from '../../lib/initials';

/**
 * A portrait for a person without a photo: their initials on a brand-coloured disc. Decorative
 * by default, since the name is written next to it; `label` makes it an image with that name.
 */
export function Monogram({ name, label, className = 'size-24 text-3xl' }: { name: string; label?: string; className?: string }) {
  return (
    <span
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      data-monogram=""
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-brand-700 font-semibold tracking-wide text-white select-none ring-4 ring-brand-100 ${className}`}
    >
      {initials(name)}
    </span>
  );
}

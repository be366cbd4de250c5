import type { SocialLink } from 'virtual:brand-content';
import { APP_NAME } from '../../lib/config';

/**
 * The brand's social profiles (content/brand.json `social`), only those configured: icon links
 * named by their network ("SunIn on LinkedIn") for screen readers, 44 px targets for fingers.
 * Each link brings its mark's path (vite-plugins/brand-content/social-icons.ts), so the page
 * carries the marks of the configured networks only.
 */
export function SocialLinks({ links }: { links: readonly SocialLink[] }) {
  if (links.length === 0) return null;
  return (
    <ul aria-label={`${APP_NAME} on social media`} className="-ml-2.5 mt-4 flex flex-wrap gap-1">
      {links.map((link) => (
        <li key={link.network}>
          <a
            href={link.url}
            rel="me noopener"
            aria-label={`${APP_NAME} on ${link.label}`}
            className="inline-flex size-11 items-center justify-center rounded-lg text-ink-600 hover:bg-ink-100 hover:text-ink-900"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="currentColor">
              <path d={link.icon} />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}

import type { GalleryStatus } from 'virtual:brand-content';
import gallery from 'virtual:brand-content/gallery';
import { usePageMeta } from '../../../components/ui/page-meta';
import { BrandPicture } from '../components/brand-picture';
import { PageHero } from '../components/page-hero';

const STATUS_CLASSES: Record<GalleryStatus, string> = {
  Completed: 'bg-brand-100 text-brand-800',
  'Under Contract': 'bg-ink-200 text-ink-800',
  'Under Negotiation': 'bg-sun-400/30 text-ink-900',
};

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Drawn full width below sm, in two columns to lg, then three in a 72rem column. */
const CARD_SIZES = '(min-width: 1024px) 363px, (min-width: 640px) calc(50vw - 28px), calc(100vw - 32px)';

/**
 * /gallery: sample completed, under-contract and under-negotiation projects
 * (public-site-and-admin.md 2.3), from the brand content. A project without a photo shows a
 * plain panel with a sun, the same size as a photo, so the cards stay in line.
 */
export function GalleryPage() {
  usePageMeta('Project Gallery', 'Commercial solar projects built and under way with SunIn: warehouses, schools, clinics, carports and factories.');
  return (
    <>
      <PageHero eyebrow="Project Gallery" title="Projects across our markets">
        A selection of commercial systems our partners have brought to SunIn, from completed installations to projects still under negotiation.
      </PageHero>
      <section aria-labelledby="projects-title" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="projects-title" className="sr-only">
          Projects
        </h2>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {gallery.map((item, index) => (
            <li key={item.customer} className="overflow-hidden rounded-2xl border border-ink-200 bg-white shadow-sm">
              {item.photo ? (
                <BrandPicture image={item.photo} alt={item.photo.alt} sizes={CARD_SIZES} priority={index < 3} className="aspect-[8/5] h-auto w-full bg-ink-100 object-cover" />
              ) : (
                <NoPhoto />
              )}
              <div className="p-5">
                <span className={`inline-block rounded-full px-3 py-1 text-xs font-semibold ${STATUS_CLASSES[item.status]}`}>{item.status}</span>
                <h3 className="mt-3 text-lg font-bold text-ink-900">{item.customer}</h3>
                <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                  <div>
                    <dt className="text-ink-600">City</dt>
                    <dd className="font-medium text-ink-900">{item.city}</dd>
                  </div>
                  <div>
                    <dt className="text-ink-600">System size</dt>
                    <dd className="font-medium text-ink-900">{item.systemSize}</dd>
                  </div>
                  <div className="col-span-2">
                    <dt className="text-ink-600">{item.status === 'Completed' ? 'Completed' : 'Expected completion'}</dt>
                    <dd className="font-medium text-ink-900">
                      <time dateTime={item.completionDate}>{dateFormat.format(new Date(item.completionDate))}</time>
                    </dd>
                  </div>
                </dl>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

function NoPhoto() {
  return (
    <div className="flex aspect-[8/5] w-full items-center justify-center bg-gradient-to-b from-brand-50 to-ink-100" data-no-photo="">
      <svg aria-hidden="true" viewBox="0 0 48 48" className="size-16 text-sun-500">
        <circle cx="24" cy="24" r="9" fill="currentColor" />
        <path stroke="currentColor" strokeWidth="3" strokeLinecap="round" d="M24 4v6M24 38v6M4 24h6M38 24h6M9.9 9.9l4.2 4.2M33.9 33.9l4.2 4.2M9.9 38.1l4.2-4.2M33.9 14.1l4.2-4.2" />
      </svg>
    </div>
  );
}

import { usePageMeta } from '../../../components/ui/page-meta';
import { PageHero } from '../components/page-hero';
import { GALLERY_ITEMS, type GalleryStatus } from '../content/gallery';

const STATUS_CLASSES: Record<GalleryStatus, string> = {
  Completed: 'bg-brand-100 text-brand-800',
  'Under Contract': 'bg-ink-200 text-ink-800',
  'Under Negotiation': 'bg-sun-400/30 text-ink-900',
};

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** /gallery: sample completed, under-contract and under-negotiation projects (public-site-and-admin.md 2.3). */
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
          {GALLERY_ITEMS.map((item, index) => (
            <li key={item.customer} className="overflow-hidden rounded-2xl border border-ink-200 bg-white shadow-sm">
              <img src={item.img} alt={item.alt} width={480} height={300} loading={index < 3 ? 'eager' : 'lazy'} className="h-auto w-full bg-ink-100" />
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

import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { usePageMeta } from '../../../components/ui/page-meta';
import { PageHero } from '../components/page-hero';
import { ServiceIcon } from '../components/service-icon';
import { SERVICES } from '../content/services';

/** /services: the six services of the landing page's tiles, in full. */
export function ServicesPage() {
  usePageMeta(
    'Services',
    'Tax credits for businesses and non-profits, tailored financing, engineered proposals, professional installation and one platform for every project.',
  );
  return (
    <>
      <PageHero eyebrow="Services" title="Everything a commercial solar project needs">
        One team for the whole project: tax credits, financing, engineering, installation and the platform that ties them together.
      </PageHero>
      <div className="mx-auto max-w-6xl px-4 py-14">
        <nav aria-label="Services on this page" className="mb-12">
          <ul className="flex flex-wrap gap-2">
            {SERVICES.map((service) => (
              <li key={service.id}>
                <a href={`#${service.id}`} className="inline-block rounded-full border border-ink-200 bg-white px-4 py-2 text-sm font-medium text-ink-700 hover:border-brand-600 hover:text-brand-800">
                  {service.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="space-y-8">
          {SERVICES.map((service) => (
            <section
              key={service.id}
              id={service.id}
              aria-labelledby={`${service.id}-title`}
              className="scroll-mt-6 rounded-2xl border border-ink-200 bg-white p-6 shadow-sm sm:p-8"
            >
              <div className="flex items-center gap-4">
                <ServiceIcon icon={service.icon} />
                <h2 id={`${service.id}-title`} className="text-2xl font-bold text-ink-900">
                  {service.title}
                </h2>
              </div>
              <div className="mt-4 max-w-3xl space-y-4 leading-relaxed text-ink-700">
                {service.body.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </div>
            </section>
          ))}
        </div>
        <div className="mt-12 flex flex-wrap gap-3">
          <Link to="/contact-us" className={buttonClasses('primary')}>
            Request a Quote
          </Link>
          <Link to="/businessfaq" className={buttonClasses('secondary')}>
            Business FAQs
          </Link>
        </div>
      </div>
    </>
  );
}

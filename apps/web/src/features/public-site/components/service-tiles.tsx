import { useState } from 'react';
import { InfoDialog } from '../../../components/ui/info-dialog';
import type { Service } from '../content/services';
import { ServiceIcon } from './service-icon';

/** The All-In-One Services tiles; each opens a modal with the long text and a Close button. */
export function ServiceTiles({ services }: { services: readonly Service[] }) {
  // The last opened service stays selected while the dialog fades out.
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const selected = services.find((service) => service.id === selectedId);
  return (
    <>
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {services.map((service) => (
          <li key={service.id} className="flex flex-col rounded-2xl border border-ink-200 bg-white p-6 shadow-sm">
            <ServiceIcon icon={service.icon} />
            <h3 className="mt-4 text-lg font-semibold text-ink-900">{service.title}</h3>
            <p className="mt-2 flex-1 text-ink-600">{service.teaser}</p>
            <button
              type="button"
              aria-haspopup="dialog"
              aria-label={`Learn more: ${service.title}`}
              onClick={() => {
                setSelectedId(service.id);
                setIsOpen(true);
              }}
              className="mt-4 self-start rounded text-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline"
            >
              Learn more
            </button>
          </li>
        ))}
      </ul>
      <InfoDialog open={isOpen} onClose={() => setIsOpen(false)} title={selected?.title ?? ''} eyebrow="All-In-One Services">
        {selected?.body.map((paragraph) => <p key={paragraph}>{paragraph}</p>)}
      </InfoDialog>
    </>
  );
}

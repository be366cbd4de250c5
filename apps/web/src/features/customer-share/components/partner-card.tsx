import type { SharePartner } from '@sunin/contract';
import { Logo } from '../../../components/ui/logo';
import { formatPhoneNumber } from '../../../lib/format';
import { telHref } from '../share-format';

/** The partner's name, company, phone (tel:) and email (mailto:), as the customer reaches them. */
export function PartnerContact({ partner, className = '' }: { partner: SharePartner; className?: string }) {
  return (
    <address className={`text-sm not-italic text-ink-700 ${className}`}>
      <span className="block font-semibold text-ink-900">{partner.name}</span>
      {partner.company_name && <span className="block">{partner.company_name}</span>}
      {partner.phone_number && (
        <a href={telHref(partner.phone_number)} className="block text-brand-700 underline-offset-2 hover:underline">
          {formatPhoneNumber(partner.phone_number)}
        </a>
      )}
      {partner.email && (
        <a href={`mailto:${partner.email}`} className="block break-all text-brand-700 underline-offset-2 hover:underline">
          {partner.email}
        </a>
      )}
    </address>
  );
}

/**
 * The page's header (issue 36 item 2): SunIn's brand beside the partner's logo (served from this
 * site, never another origin), and the partner's contact.
 */
export function PartnerHeader({ partner }: { partner: SharePartner }) {
  return (
    <header className="border-b border-ink-200 bg-white">
      <div className="mx-auto flex max-w-5xl flex-col gap-4 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="flex flex-wrap items-center gap-4">
          <Logo to={null} />
          {partner.logo_url && (
            <>
              <span aria-hidden="true" className="h-8 w-px bg-ink-200" />
              <img src={partner.logo_url} alt={partner.company_name ? `${partner.company_name} logo` : `${partner.name}’s logo`} className="max-h-12 max-w-[10rem] object-contain" referrerPolicy="no-referrer" />
            </>
          )}
        </div>
        <PartnerContact partner={partner} className="sm:text-right" />
      </div>
    </header>
  );
}

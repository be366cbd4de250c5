import type { FAQPage, Offer, Organization, Product, Thing, WithContext } from 'schema-dts';
import contact from 'virtual:brand-content/contact';
import social from 'virtual:brand-content/social';
import { APP_NAME } from '../../../lib/config';
import { BUSINESS_FAQS, PARTNER_FAQS, type FaqItem } from '../content/faqs';
import { PARTNER_TIERS } from '../content/partner-tiers';

/**
 * The schema.org JSON-LD of each prerendered public page (issue 20 item 5): the Organization on
 * every page, an FAQPage on /memberfaq and /businessfaq, and on /pricing the partner plans as a
 * Product with an Offer per priced plan. Typed with schema-dts, so a property schema.org does not
 * define for the type fails the typecheck. `siteUrl` is the site's absolute address (the build
 * passes the placeholder the server fills in).
 */
export function structuredData(route: string, siteUrl: string): Array<WithContext<Thing>> {
  const data: Array<WithContext<Thing>> = [organization(siteUrl)];
  if (route === '/memberfaq') data.push(faqPage(PARTNER_FAQS, `${siteUrl}/memberfaq`));
  if (route === '/businessfaq') data.push(faqPage(BUSINESS_FAQS, `${siteUrl}/businessfaq`));
  if (route === '/pricing') data.push(partnerPlans(siteUrl));
  return data;
}

export const SOCIAL_IMAGE = { path: '/social-card.png', width: 1200, height: 630, alt: `${APP_NAME}: commercial solar for every business, through partners they trust` } as const;
export const LOGO_IMAGE = { path: '/logo.png', width: 512, height: 512 } as const;

/** The Organization from the brand content: its general address, its office and its social profiles (`sameAs`). */
function organization(siteUrl: string): WithContext<Organization> {
  const { email, office } = contact;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${siteUrl}/#organization`,
    name: APP_NAME,
    url: `${siteUrl}/`,
    logo: `${siteUrl}${LOGO_IMAGE.path}`,
    email: email.general,
    address: {
      '@type': 'PostalAddress',
      ...(office.streetAddress ? { streetAddress: office.streetAddress } : {}),
      addressLocality: office.city,
      addressRegion: office.state,
      postalCode: office.zip,
      addressCountry: 'US',
    },
    contactPoint: [
      { '@type': 'ContactPoint', contactType: 'sales', email: email.quotes, areaServed: 'US' },
      { '@type': 'ContactPoint', contactType: 'customer support', email: email.support, areaServed: 'US' },
    ],
    ...(social.length > 0 ? { sameAs: social.map((link) => link.url) } : {}),
  };
}

function faqPage(items: FaqItem[], url: string): WithContext<FAQPage> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    url,
    mainEntity: items.map((item) => ({ '@type': 'Question', name: item.question, acceptedAnswer: { '@type': 'Answer', text: item.answer } })),
  };
}

function partnerPlans(siteUrl: string): WithContext<Product> {
  const offers: Offer[] = PARTNER_TIERS.filter((tier) => tier.price || tier.priceLabel === 'Free').map((tier) => ({
    '@type': 'Offer',
    name: tier.name,
    description: tier.summary,
    price: tier.price ? tier.price.monthlyUsd.toFixed(2) : '0.00',
    priceCurrency: 'USD',
    url: `${siteUrl}/signup`,
    availability: 'https://schema.org/InStock',
    ...(tier.price ? { priceSpecification: { '@type': 'UnitPriceSpecification', price: tier.price.monthlyUsd.toFixed(2), priceCurrency: 'USD', unitCode: 'MON', referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' } } } : {}),
  }));
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: `${APP_NAME} Partner Program`,
    description: 'Partner plans for selling commercial solar with the SunIn platform: a free Referral Partner plan and a monthly Sales Partner plan.',
    url: `${siteUrl}/pricing`,
    brand: { '@type': 'Brand', name: APP_NAME },
    image: `${siteUrl}${SOCIAL_IMAGE.path}`,
    offers,
  };
}

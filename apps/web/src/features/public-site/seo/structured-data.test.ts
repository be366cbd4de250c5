import { createRequire } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import contact from 'virtual:brand-content/contact';
import social from 'virtual:brand-content/social';
import { BUSINESS_FAQS, PARTNER_FAQS } from '../content/faqs';
import { headTags } from './head-tags';

const SITE = 'https://solar.example.com';
const require = createRequire(import.meta.url);

/** The JSON-LD blocks of a page's head, parsed back from the HTML the build writes. */
function jsonLdOf(route: string): Array<Record<string, unknown>> {
  const head = headTags({ route, title: 'T', description: 'D' }, SITE);
  return [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
}

/**
 * Type-checks each block, as emitted, against schema-dts: TypeScript types generated from the
 * schema.org vocabulary. A type schema.org does not have, or a property it does not define for
 * the type (or its parents), or a value of the wrong kind is a diagnostic.
 */
function schemaOrgDiagnostics(blocks: Array<Record<string, unknown>>): string[] {
  const schemaDts = path.dirname(require.resolve('schema-dts/package.json'));
  const source = `import type { WithContext, Thing } from 'schema-dts';\n${blocks.map((block, i) => `export const block${i} = ${JSON.stringify(block)} as const satisfies WithContext<import('schema-dts').${String(block['@type'])}>;`).join('\n')}\nexport type _ = Thing;\n`;
  const file = path.join(schemaDts, '__structured-data-check.ts');
  const options: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, skipLibCheck: true, types: [] };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => (path.resolve(name) === file ? source : readFile(name));
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => path.resolve(name) === file || fileExists(name);
  const program = ts.createProgram([file], options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

describe('JSON-LD of the public pages (issue 20 item 5)', () => {
  it('describes the Organization on every page, an FAQPage on the FAQ pages and the plans on /pricing', () => {
    for (const route of ['/', '/team', '/contact']) expect(jsonLdOf(route).map((block) => block['@type'])).toEqual(['Organization']);
    expect(jsonLdOf('/memberfaq').map((block) => block['@type'])).toEqual(['Organization', 'FAQPage']);
    expect(jsonLdOf('/businessfaq').map((block) => block['@type'])).toEqual(['Organization', 'FAQPage']);
    expect(jsonLdOf('/pricing').map((block) => block['@type'])).toEqual(['Organization', 'Product']);
  });

  it('validates against the schema.org types (schema-dts)', () => {
    const blocks = ['/memberfaq', '/businessfaq', '/pricing'].flatMap(jsonLdOf);
    expect(schemaOrgDiagnostics(blocks)).toEqual([]);
    // The check itself catches what schema.org does not define.
    expect(schemaOrgDiagnostics([{ '@context': 'https://schema.org', '@type': 'Organization', name: 'x', pricePerKilowatt: 3 }]).join()).toMatch(/pricePerKilowatt/);
    expect(schemaOrgDiagnostics([{ '@context': 'https://schema.org', '@type': 'Organisation', name: 'x' }]).join()).toMatch(/Organisation/);
  }, 60_000);

  it("carries what Google's rich results require: every question answered, priced offers, absolute addresses", () => {
    const [, memberFaq] = jsonLdOf('/memberfaq') as [unknown, { mainEntity: Array<{ '@type': string; name: string; acceptedAnswer: { '@type': string; text: string } }> }];
    expect(memberFaq.mainEntity).toHaveLength(PARTNER_FAQS.length);
    expect(memberFaq.mainEntity[0]).toEqual({ '@type': 'Question', name: PARTNER_FAQS[0]!.question, acceptedAnswer: { '@type': 'Answer', text: PARTNER_FAQS[0]!.answer } });
    const [, businessFaq] = jsonLdOf('/businessfaq') as [unknown, { mainEntity: unknown[] }];
    expect(businessFaq.mainEntity).toHaveLength(BUSINESS_FAQS.length);

    const [organization, product] = jsonLdOf('/pricing') as [{ url: string; logo: string; name: string }, { name: string; offers: Array<{ name: string; price: string; priceCurrency: string }> }];
    expect(organization).toMatchObject({ name: 'SunIn', url: `${SITE}/`, logo: `${SITE}/logo.png` });
    expect(product.name).toBeTruthy();
    expect(product.offers.map(({ name, price, priceCurrency }) => [name, price, priceCurrency])).toEqual([
      ['Referral Partner', '0.00', 'USD'],
      ['Sales Partner', '129.00', 'USD'],
    ]);
  });

  it("takes the Organization's email, address and social profiles from the brand content", () => {
    const [organization] = jsonLdOf('/') as [Record<string, unknown>];
    expect(organization).toMatchObject({
      email: contact.email.general,
      address: { '@type': 'PostalAddress', addressLocality: 'Austin', addressRegion: 'TX', postalCode: '78701', addressCountry: 'US' },
      sameAs: social.map((link) => link.url),
    });
    expect(organization.sameAs).toContain('https://www.linkedin.com/company/sunin-solar-example');
    expect(schemaOrgDiagnostics([organization])).toEqual([]);
  }, 60_000);

  it('adds the canonical address, Open Graph and Twitter card tags, escaped', () => {
    const head = headTags({ route: '/pricing', title: 'Pricing · SunIn', description: 'Plans "for" <partners> & teams' }, SITE);
    expect(head).toContain(`<link rel="canonical" href="${SITE}/pricing" />`);
    expect(head).toContain(`<meta property="og:url" content="${SITE}/pricing" />`);
    expect(head).toContain(`<meta property="og:image" content="${SITE}/social-card.png" />`);
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(head).toContain('<meta property="og:description" content="Plans &quot;for&quot; &lt;partners&gt; &amp; teams" />');
    expect(headTags({ route: '/', title: 'x', description: 'y' }, SITE)).toContain(`<link rel="canonical" href="${SITE}/" />`);
    // Nothing in the JSON can close its <script>.
    expect(head.match(/<\/script>/g)).toHaveLength(jsonLdOf('/pricing').length);
  });
});

import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseBrandContent } from './schema.ts';

const repoContent = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'content');
const defaults = JSON.parse(readFileSync(path.join(repoContent, 'brand.json'), 'utf8')) as Record<string, unknown> & {
  team: Array<Record<string, unknown>>;
  partners: Array<Record<string, unknown>>;
  gallery: Array<Record<string, unknown>>;
  caseStudies: Array<Record<string, unknown>>;
  contact: Record<string, unknown>;
  office: Record<string, unknown>;
  social: Record<string, unknown>;
};

/** The default content with one change, as the error message parseBrandContent throws. */
function errorOf(change: (content: typeof defaults) => void, contentDir = repoContent): string {
  const content = structuredClone(defaults);
  change(content);
  try {
    parseBrandContent(content, contentDir);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the content passed the schema');
}

describe('the brand content schema (issue 20 item 3)', () => {
  let photoDir: string;
  beforeAll(() => {
    photoDir = mkdtempSync(path.join(tmpdir(), 'brand-schema-'));
    mkdirSync(path.join(photoDir, 'images', 'team'), { recursive: true });
    writeFileSync(path.join(photoDir, 'images', 'team', 'maya.jpg'), 'not checked here');
  });

  it('accepts the default content of content/brand.json', () => {
    const brand = parseBrandContent(defaults, repoContent);
    expect(brand.team).toHaveLength(5);
    expect(brand.gallery.map((project) => project.status)).toContain('Under Negotiation');
    expect(brand.contact.support).toBe('support@sunin.example');
    expect(brand.social.linkedin).toMatch(/^https:\/\/www\.linkedin\.com\//);
  });

  it('names the file and the field of a missing bio', () => {
    const message = errorOf((content) => delete content.team[1]!.bio);
    expect(message).toMatch(/content\/brand\.json is not valid brand content/);
    expect(message).toContain('team[1].bio: bio is required');
  });

  it('names an image file that does not exist', () => {
    expect(errorOf((content) => (content.partners[0]!.logo = 'images/partners/nowhere.svg'))).toContain('partners[0].logo: content/images/partners/nowhere.svg does not exist');
    expect(errorOf((content) => (content.team[0]!.photo = '../secrets/photo.jpg'))).toContain("team[0].photo: photo must be a path inside the content folder's images/ folder");
    expect(errorOf((content) => (content.team[0]!.photo = 'images/team/maya.gif'))).toContain('team[0].photo: photo must be a .jpg, .jpeg, .png, .webp, .avif or .svg file');
  });

  it('accepts a photo that exists', () => {
    const content = structuredClone(defaults);
    content.team[0]!.photo = 'images/team/maya.jpg';
    content.partners = [];
    content.gallery = [];
    expect(parseBrandContent(content, photoDir).team[0]!.photo).toBe('images/team/maya.jpg');
  });

  it('names an unknown gallery status and lists the known ones', () => {
    expect(errorOf((content) => (content.gallery[2]!.status = 'Done'))).toContain(
      'gallery[2].status: status must be one of "Completed", "Under Contract", "Under Negotiation" (got "Done")',
    );
  });

  it('asks for alt text with a gallery photo, and a real date', () => {
    expect(errorOf((content) => delete content.gallery[0]!.alt)).toContain('gallery[0].alt: alt is required with a photo');
    expect(errorOf((content) => (content.gallery[0]!.completionDate = 'June 2025'))).toContain('gallery[0].completionDate: completionDate must be a date written YYYY-MM-DD');
  });

  it('rejects unknown fields, bad addresses and social links on the wrong site', () => {
    expect(errorOf((content) => (content.team[0]!.photograph = 'x.jpg'))).toContain('team[0]: unknown field "photograph"');
    expect(errorOf((content) => (content.contact.quotes = 'quotes at sunin'))).toContain('contact.quotes: quotes must be an email address');
    expect(errorOf((content) => delete content.contact.support)).toContain('contact.support');
    expect(errorOf((content) => (content.office.state = 'Texas'))).toContain('office.state: state must be a two-letter code');
    expect(errorOf((content) => (content.social.linkedin = 'https://example.com/sunin'))).toContain('social.linkedin: linkedin must be an address on linkedin.com');
    expect(errorOf((content) => (content.social.tiktok = 'https://www.tiktok.com/@sunin'))).toContain('social: unknown field "tiktok"');
  });

  it('reports every problem at once', () => {
    const message = errorOf((content) => {
      delete content.team[0]!.name;
      content.caseStudies.pop();
    });
    expect(message).toContain('team[0].name');
    expect(message).toContain('caseStudies: caseStudies must hold exactly three case studies');
  });
});

import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The schema of `content/brand.json`: everything a business changes to make the public site its
 * own (issue 20 item 3). Checked in Node when a build, the dev server or Vitest loads the brand
 * content; a mistake fails the build with the file, the field and what is wrong.
 */

/** The statuses of public-site-and-admin.md 2.3's gallery. */
export const GALLERY_STATUSES = ['Completed', 'Under Contract', 'Under Negotiation'] as const;

/** The social networks the footer and the JSON-LD's `sameAs` know, with the hosts each accepts. */
export const SOCIAL_NETWORKS = {
  linkedin: { label: 'LinkedIn', hosts: ['linkedin.com'] },
  x: { label: 'X', hosts: ['x.com', 'twitter.com'] },
  facebook: { label: 'Facebook', hosts: ['facebook.com'] },
  instagram: { label: 'Instagram', hosts: ['instagram.com'] },
  youtube: { label: 'YouTube', hosts: ['youtube.com'] },
} as const;
export type SocialNetwork = keyof typeof SOCIAL_NETWORKS;

/** Raster formats the image step turns into AVIF and WebP; SVG is copied as it is. */
export const RASTER_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp', '.avif'] as const;
const IMAGE_EXTENSIONS: readonly string[] = [...RASTER_EXTENSIONS, '.svg'];

const text = (what: string) => z.string({ error: `${what} is required` }).trim().min(1, `${what} must not be empty`);
const email = (what: string) => z.email({ error: `${what} must be an email address` });

/** A path below content/images, relative to the content folder, of a file that exists. */
function imagePath(contentDir: string, what: string) {
  return text(what)
    .refine((file) => !path.isAbsolute(file) && file.split(/[\\/]/)[0] === 'images' && !file.split(/[\\/]/).includes('..'), {
      error: `${what} must be a path inside the content folder's images/ folder, like "images/team/maya.jpg"`,
      abort: true,
    })
    .refine((file) => IMAGE_EXTENSIONS.includes(path.extname(file).toLowerCase()), {
      error: `${what} must be a .jpg, .jpeg, .png, .webp, .avif or .svg file`,
      abort: true,
    })
    .refine((file) => existsSync(path.join(contentDir, file)) && statSync(path.join(contentDir, file)).isFile(), {
      error: (issue) => `${path.join(path.basename(contentDir), String(issue.input))} does not exist`,
    });
}

export function brandContentSchema(contentDir: string) {
  const teamMember = z.strictObject({
    name: text('name'),
    role: text('role'),
    bio: text('bio'),
    /** Optional: without one the team page shows the member's initials (a monogram). */
    photo: imagePath(contentDir, 'photo').optional(),
  });

  const partner = z.strictObject({
    name: text('name'),
    logo: imagePath(contentDir, 'logo'),
    url: z.url({ protocol: /^https?$/, error: 'url must be an http(s) address' }).optional(),
  });

  const galleryProject = z
    .strictObject({
      customer: text('customer'),
      status: z.enum(GALLERY_STATUSES, { error: (issue) => `status must be one of ${GALLERY_STATUSES.map((s) => `"${s}"`).join(', ')} (got ${JSON.stringify(issue.input)})` }),
      city: text('city'),
      systemSize: text('systemSize'),
      completionDate: z.iso.date({ error: 'completionDate must be a date written YYYY-MM-DD' }),
      photo: imagePath(contentDir, 'photo').optional(),
      /** What the photo shows, for people who cannot see it; required with a photo. */
      alt: text('alt').optional(),
    })
    .refine((project) => !project.photo || project.alt, { error: 'alt is required with a photo: describe what it shows', path: ['alt'] });

  const caseStudy = z.strictObject({
    id: z.string({ error: 'id is required' }).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'id must be lower-case words joined by hyphens, like "cold-storage-fresno"'),
    title: text('title'),
    location: text('location'),
    summary: text('summary'),
    stats: z
      .array(z.strictObject({ label: text('label'), value: text('value') }), { error: 'stats must be a list' })
      .min(1, 'stats needs at least one figure')
      .max(3, 'stats has room for three figures at most'),
    details: z.array(text('details paragraph'), { error: 'details must be a list of paragraphs' }).min(1, 'details needs at least one paragraph'),
  });

  const social = z.strictObject(
    Object.fromEntries(
      Object.entries(SOCIAL_NETWORKS).map(([key, network]) => [
        key,
        z
          .url({ protocol: /^https$/, error: `${key} must be an https:// address` })
          .refine((url) => network.hosts.some((host) => new URL(url).hostname === host || new URL(url).hostname.endsWith(`.${host}`)), {
            error: `${key} must be an address on ${network.hosts.join(' or ')}`,
          })
          .optional(),
      ]),
    ) as Record<SocialNetwork, z.ZodOptional<z.ZodURL>>,
  );

  return z.strictObject({
    team: z.array(teamMember, { error: 'team must be a list of people' }).min(1, 'team needs at least one person'),
    partners: z.array(partner, { error: 'partners must be a list' }),
    gallery: z.array(galleryProject, { error: 'gallery must be a list of projects' }),
    caseStudies: z
      .array(caseStudy, { error: 'caseStudies must be a list' })
      .length(3, 'caseStudies must hold exactly three case studies (the landing page shows three)')
      .refine((studies) => new Set(studies.map((study) => study.id)).size === studies.length, { error: 'caseStudies: every id must be different' }),
    contact: z.strictObject(
      {
        general: email('general'),
        quotes: email('quotes'),
        partners: email('partners'),
        installers: email('installers'),
        support: email('support'),
      },
      { error: 'contact must hold the addresses general, quotes, partners, installers and support' },
    ),
    office: z.strictObject(
      {
        streetAddress: text('streetAddress').optional(),
        city: text('city'),
        state: z.string({ error: 'state is required' }).regex(/^[A-Z]{2}$/, 'state must be a two-letter code, like "TX"'),
        zip: z.string({ error: 'zip is required' }).regex(/^\d{5}(?:-\d{4})?$/, 'zip must be a ZIP code, like "78701"'),
      },
      { error: 'office must hold city, state and zip' },
    ),
    social: social.default({}),
  });
}

export type BrandContent = z.output<ReturnType<typeof brandContentSchema>>;

/** The content of `file` checked against the schema; throws an error naming each bad field. */
export function parseBrandContent(json: unknown, contentDir: string, file = path.join(contentDir, 'brand.json')): BrandContent {
  const result = brandContentSchema(contentDir).safeParse(json);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const field = issue.path.reduce<string>((name, key) => (typeof key === 'number' ? `${name}[${key}]` : name ? `${name}.${String(key)}` : String(key)), '');
    return `  - ${field || '(top level)'}: ${issue.code === 'unrecognized_keys' ? `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => `"${key}"`).join(', ')}` : issue.message}`;
  });
  // Named as the business sees it, "content/brand.json", wherever the build runs from.
  throw new Error(`${path.join(path.basename(contentDir), path.relative(contentDir, file))} is not valid brand content:\n${lines.join('\n')}`);
}

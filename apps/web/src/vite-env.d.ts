/// <reference types="vite/client" />

/** The 50 states and DC as SVG paths, drawn at build time (vite-plugins/us-state-paths.ts). */
declare module 'virtual:us-state-paths' {
  import type { UsStateCode } from '@sunin/contract';

  export interface UsStatePaths {
    /** "0 0 <width> <height>": the paths lie inside it. */
    viewBox: string;
    /** Sorted by code: USPS code, the atlas's name of the state and its outline. */
    states: Array<{ code: UsStateCode; name: string; d: string }>;
  }
  const statePaths: UsStatePaths;
  export default statePaths;
}

/** The same, as a module of its own for a dynamic import (the plugin says why). */
declare module 'virtual:us-state-paths-lazy' {
  export * from 'virtual:us-state-paths';
  export { default } from 'virtual:us-state-paths';
}

/**
 * The brand content (content/brand.json at the repository root), checked and with its images
 * made responsive at build time (vite-plugins/brand-content.ts). One module per part of the
 * site, so each page's chunk carries only what it shows; `virtual:brand-content` holds their types
 * only.
 */
declare module 'virtual:brand-content' {
  /** An image: AVIF and WebP `srcset`s for a `<picture>` (none for an SVG) and the `<img>` fallback. */
  export interface BrandImage {
    src: string;
    /** The intrinsic size: sets the aspect ratio before the image arrives. */
    width: number;
    height: number;
    sources: Array<{ type: 'image/avif' | 'image/webp'; srcset: string }>;
  }
  export interface TeamMember {
    name: string;
    role: string;
    bio: string;
    /** Null: the team page shows a monogram. */
    photo: BrandImage | null;
  }
  export interface TrustedPartner {
    name: string;
    logo: BrandImage;
    url: string | null;
  }
  export type GalleryStatus = 'Completed' | 'Under Contract' | 'Under Negotiation';
  /** A project of the gallery, with the fields of public-site-and-admin.md 2.3. */
  export interface GalleryProject {
    customer: string;
    status: GalleryStatus;
    city: string;
    systemSize: string;
    /** ISO date; the expected date for projects not yet completed. */
    completionDate: string;
    photo: (BrandImage & { alt: string }) | null;
  }
  export interface CaseStudy {
    id: string;
    title: string;
    location: string;
    summary: string;
    stats: Array<{ label: string; value: string }>;
    details: string[];
  }
  export interface ContactDetails {
    email: { general: string; quotes: string; partners: string; installers: string; support: string };
    office: { streetAddress: string | null; city: string; state: string; zip: string; /** "Austin, TX 78701" */ line: string };
  }
  export interface SocialLink {
    network: 'linkedin' | 'x' | 'facebook' | 'instagram' | 'youtube';
    label: string;
    url: string;
    /** The network's mark: SVG path data in a 24 × 24 box. */
    icon: string;
  }
}

declare module 'virtual:brand-content/team' {
  import type { TeamMember } from 'virtual:brand-content';

  const team: TeamMember[];
  export default team;
}

declare module 'virtual:brand-content/partners' {
  import type { TrustedPartner } from 'virtual:brand-content';

  const partners: TrustedPartner[];
  export default partners;
}

declare module 'virtual:brand-content/gallery' {
  import type { GalleryProject } from 'virtual:brand-content';

  const gallery: GalleryProject[];
  export default gallery;
}

declare module 'virtual:brand-content/case-studies' {
  import type { CaseStudy } from 'virtual:brand-content';

  const caseStudies: CaseStudy[];
  export default caseStudies;
}

declare module 'virtual:brand-content/contact' {
  import type { ContactDetails } from 'virtual:brand-content';

  const contact: ContactDetails;
  export default contact;
}

declare module 'virtual:brand-content/social' {
  import type { SocialLink } from 'virtual:brand-content';

  const social: SocialLink[];
  export default social;
}

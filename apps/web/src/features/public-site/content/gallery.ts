export type GalleryStatus = 'Completed' | 'Under Contract' | 'Under Negotiation';

/** A project of the gallery, with the fields of public-site-and-admin.md 3 "Gallery item". */
export interface GalleryItem {
  customer: string;
  status: GalleryStatus;
  city: string;
  systemSize: string;
  /** ISO date; the expected date for projects not yet completed. */
  completionDate: string;
  img: string;
  alt: string;
}

/** Sample projects: completed, under contract and under negotiation (public-site-and-admin.md 2.3). */
export const GALLERY_ITEMS: GalleryItem[] = [
  {
    customer: 'Valley Fresh Cold Storage',
    status: 'Completed',
    city: 'Fresno, CA',
    systemSize: '480 kW',
    completionDate: '2025-06-12',
    img: '/images/gallery/warehouse.svg',
    alt: 'Illustration of a warehouse with two rows of solar panels on its flat roof',
  },
  {
    customer: 'Riverside Community Health Center',
    status: 'Completed',
    city: 'Hartford, CT',
    systemSize: '210 kW',
    completionDate: '2025-09-30',
    img: '/images/gallery/clinic.svg',
    alt: 'Illustration of a clinic with rooftop solar panels and a solar carport beside it',
  },
  {
    customer: 'Alamo Metal Fabrication',
    status: 'Completed',
    city: 'San Antonio, TX',
    systemSize: '1.1 MW',
    completionDate: '2026-02-18',
    img: '/images/gallery/ground-mount.svg',
    alt: 'Illustration of rows of ground-mounted solar panels in a field',
  },
  {
    customer: 'Harborview Unified School District',
    status: 'Under Contract',
    city: 'Worcester, MA',
    systemSize: '350 kW',
    completionDate: '2026-10-15',
    img: '/images/gallery/school.svg',
    alt: 'Illustration of a school building with solar panels on its pitched roof',
  },
  {
    customer: 'Desert Logistics Park',
    status: 'Under Contract',
    city: 'North Las Vegas, NV',
    systemSize: '760 kW',
    completionDate: '2026-12-01',
    img: '/images/gallery/carport.svg',
    alt: 'Illustration of a solar carport shading parked cars',
  },
  {
    customer: 'Pacific Packaging Co.',
    status: 'Under Negotiation',
    city: 'Ontario, CA',
    systemSize: '620 kW',
    completionDate: '2027-03-31',
    img: '/images/gallery/factory.svg',
    alt: 'Illustration of a factory with a saw-tooth roof covered in solar panels',
  },
];

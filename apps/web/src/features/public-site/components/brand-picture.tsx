import type { BrandImage } from 'virtual:brand-content';

interface BrandPictureProps {
  image: BrandImage;
  alt: string;
  /** How wide the image is drawn at each viewport width: picks the file from the srcset. */
  sizes: string;
  /** Above the fold: loaded at once, not lazily. */
  priority?: boolean;
  className?: string;
}

/**
 * An image of the brand content: AVIF, then WebP, then the JPEG or PNG fallback, each at the
 * widths the build made (vite-plugins/brand-content). The intrinsic width and height reserve
 * the space before it arrives, so nothing moves. An SVG has one file and needs no `<picture>`.
 */
export function BrandPicture({ image, alt, sizes, priority = false, className }: BrandPictureProps) {
  const img = (
    <img
      src={image.src}
      alt={alt}
      width={image.width}
      height={image.height}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      {...(image.sources.length > 0 ? { sizes } : {})}
      className={className}
    />
  );
  if (image.sources.length === 0) return img;
  return (
    <picture>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}

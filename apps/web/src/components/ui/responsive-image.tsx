import { imageHeight, imageSrcSet, imageUrl, type SiteImage } from './site-images';

interface ResponsiveImageProps {
  image: SiteImage;
  alt: string;
  /** The width the image takes in the layout, for the browser to pick a file (`sizes`). */
  sizes: string;
  /** Above the fold: load at once with high priority; otherwise lazily. */
  priority?: boolean;
  className?: string;
}

/** A WebP illustration at the size shown, with its intrinsic size so nothing shifts as it loads. */
export function ResponsiveImage({ image, alt, sizes, priority = false, className }: ResponsiveImageProps) {
  const largest = image.widths[image.widths.length - 1] ?? 0;
  return (
    <img
      className={className}
      src={imageUrl(image, image.widths[0] ?? largest)}
      srcSet={imageSrcSet(image)}
      sizes={sizes}
      width={largest}
      height={imageHeight(image, largest)}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
    />
  );
}

interface ArtDirectedImageProps {
  wide: SiteImage;
  tall: SiteImage;
  /** Screens up to this width get the tall crop. */
  tallUpTo: number;
  alt: string;
  className?: string;
}

/** The hero picture: a tall crop on phones, the wide scene elsewhere; loaded first. */
export function ArtDirectedImage({ wide, tall, tallUpTo, alt, className }: ArtDirectedImageProps) {
  const wideLargest = wide.widths[wide.widths.length - 1] ?? 0;
  const tallLargest = tall.widths[tall.widths.length - 1] ?? 0;
  return (
    <picture>
      <source
        media={`(max-width: ${tallUpTo}px)`}
        srcSet={imageSrcSet(tall)}
        sizes="100vw"
        width={tallLargest}
        height={imageHeight(tall, tallLargest)}
      />
      <img
        className={className}
        src={imageUrl(wide, wide.widths[0] ?? wideLargest)}
        srcSet={imageSrcSet(wide)}
        sizes="100vw"
        width={wideLargest}
        height={imageHeight(wide, wideLargest)}
        alt={alt}
        loading="eager"
        fetchPriority="high"
      />
    </picture>
  );
}

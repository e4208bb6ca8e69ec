/**
 * The illustrations of the public site, rendered to WebP by `scripts/render-images.ts` into
 * `public/images/{file}-{width}.webp`. Each image exists at every width listed, with the same
 * aspect ratio, so `srcset` lets the browser pick the file that fits the layout. The images of
 * the first screen are here; the others in marketing-images.ts (loaded with their pages).
 */
export interface SiteImage {
  /** File name stem under /images/. */
  file: string;
  /** The scene drawn (one scene may be cropped to several ratios). */
  scene: SceneName;
  widths: readonly number[];
  /** Width and height of the aspect ratio. */
  ratio: readonly [number, number];
  /** Which part of the scene stays when it is cropped to this ratio (default: the centre). */
  keep?: 'bottom';
}

export type SceneName =
  | 'coast'
  | 'airport'
  | 'station'
  | 'corniche'
  | 'alps'
  | 'village'
  | 'wedding'
  | 'harbour'
  | 'business'
  | 'vclass'
  | 'nice'
  | 'cannes'
  | 'monaco'
  | 'marseille';

/** The home hero, on the first screen (kept apart so the first download carries only these). */
export const HERO_IMAGES = {
  heroWide: { file: 'hero-riviera', scene: 'coast', widths: [1280, 1920], ratio: [16, 9] },
  heroTall: { file: 'hero-riviera-tall', scene: 'coast', widths: [480, 828], ratio: [3, 4] },
} as const satisfies Record<string, SiteImage>;

/** Open Graph / social preview: 1200 × 630 JPEG (what every sharing service reads). */
export const OG_IMAGE = { file: 'og-riviera-vtc.jpg', scene: 'coast' as SceneName, width: 1200, height: 630 };

export function imageUrl(image: SiteImage, width: number): string {
  return `/images/${image.file}-${width}.webp`;
}

export function imageHeight(image: SiteImage, width: number): number {
  return Math.round((width * image.ratio[1]) / image.ratio[0]);
}

export function imageSrcSet(image: SiteImage): string {
  return image.widths.map((width) => `${imageUrl(image, width)} ${width}w`).join(', ');
}

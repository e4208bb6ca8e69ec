import type { SiteImage } from '../ui/site-images';

const wide = [640, 1280] as const;
const media = [560, 840, 1120] as const;
const tile = [400, 600, 800] as const;

/** The illustrations below the first screen and on the offer pages (see site-images.ts). */
export const SITE_IMAGES = {
  slideAirport: { file: 'slide-airport', scene: 'airport', widths: wide, ratio: [16, 7], keep: 'bottom' },
  slideTours: { file: 'slide-tours', scene: 'village', widths: wide, ratio: [16, 7], keep: 'bottom' },
  slideEvents: { file: 'slide-events', scene: 'wedding', widths: wide, ratio: [16, 7], keep: 'bottom' },
  airport: { file: 'airport-transfer', scene: 'airport', widths: media, ratio: [4, 3] },
  station: { file: 'station-transfer', scene: 'station', widths: media, ratio: [4, 3] },
  corniche: { file: 'corniche-road', scene: 'corniche', widths: media, ratio: [4, 3] },
  alps: { file: 'alps-road', scene: 'alps', widths: media, ratio: [4, 3] },
  village: { file: 'hill-village', scene: 'village', widths: media, ratio: [4, 3] },
  wedding: { file: 'wedding-car', scene: 'wedding', widths: media, ratio: [4, 3] },
  harbour: { file: 'harbour', scene: 'harbour', widths: media, ratio: [4, 3] },
  business: { file: 'business-night', scene: 'business', widths: media, ratio: [4, 3] },
  vclass: { file: 'mercedes-v-class', scene: 'vclass', widths: media, ratio: [4, 3] },
  nice: { file: 'city-nice', scene: 'nice', widths: tile, ratio: [4, 3] },
  cannes: { file: 'city-cannes', scene: 'cannes', widths: tile, ratio: [4, 3] },
  monaco: { file: 'city-monaco', scene: 'monaco', widths: tile, ratio: [4, 3] },
  marseille: { file: 'city-marseille', scene: 'marseille', widths: tile, ratio: [4, 3] },
} as const satisfies Record<string, SiteImage>;

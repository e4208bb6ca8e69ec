import type { Map as LeafletMap } from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../lib/public-config';
import { createBaseMap } from './base-map';

/**
 * The Leaflet map of a container, made once the public configuration has said whether there are
 * tiles (a failed configuration request means none), removed when the component goes.
 */
export function useBaseMap() {
  const { t, i18n } = useTranslation();
  const config = usePublicConfig();
  const element = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<LeafletMap>();
  const tiles = config.isPending ? undefined : (config.data?.mapTiles ?? null);
  const rtl = i18n.dir() === 'rtl';
  const zoomInTitle = t('map.zoomIn');
  const zoomOutTitle = t('map.zoomOut');

  useEffect(() => {
    if (!element.current || tiles === undefined) return;
    const created = createBaseMap(element.current, { tiles, rtl, zoomInTitle, zoomOutTitle });
    setMap(created);
    return () => {
      setMap(undefined);
      created.remove();
    };
  }, [tiles, rtl, zoomInTitle, zoomOutTitle]);

  return { element, map };
}

import type { DestinationItem } from '@vtc/shared/places/place-responses';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DestinationsMapPlace } from '../../../components/map/cluster-places';
import { DestinationsMap } from '../../../components/map/destinations-map';
import { usePriceListEntries } from '../../../lib/catalogue-api';

/**
 * The destinations of one origin on a clustered map, each with its lowest fixed price; pressing
 * one opens its tab of the table. Destinations the gazetteer cannot place are left off the map.
 */
export function PriceListMap({
  originId,
  cityName,
  destinations,
  format,
  onChoose,
}: {
  originId: number;
  cityName: string;
  destinations: readonly DestinationItem[];
  format: (cents: number) => string;
  onChoose: (id: number) => void;
}) {
  const { t } = useTranslation('pricelist');
  const entries = usePriceListEntries(originId, undefined);
  const places = useMemo((): DestinationsMapPlace[] => {
    const lowest = new Map<number, number>();
    for (const entry of entries.data ?? []) {
      for (const price of entry.pricingCars) {
        const known = lowest.get(entry.destination.id);
        if (known === undefined || price.price_cents < known) lowest.set(entry.destination.id, price.price_cents);
      }
    }
    return destinations.flatMap((destination) => {
      if (destination.lat === null || destination.lon === null) return [];
      const cents = lowest.get(destination.id);
      const label = cents === undefined ? destination.name : t('mapPlace', { destination: destination.name, price: format(cents) });
      return [{ id: destination.id, lat: destination.lat, lon: destination.lon, label }];
    });
  }, [destinations, entries.data, format, t]);

  if (entries.isPending) return null;
  return (
    <div className="price-list-map">
      <DestinationsMap places={places} label={t('mapTitle', { origin: cityName })} onChoose={onChoose} />
    </div>
  );
}

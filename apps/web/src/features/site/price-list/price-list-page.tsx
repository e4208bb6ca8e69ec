import { formatPrice } from '@vtc/shared/pricing/format-euros';
import { Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useDestinations, usePriceListCars, usePriceListEntries } from '../../../lib/catalogue-api';
import { originName, useOrigins } from '../../../lib/origins-api';
import { Tabs } from '../../../components/ui/tabs';
import { getStoredLanguage } from '../../../lib/language';
import { PriceListMap } from './price-list-map';
import { PriceTable } from './price-table';
import './price-list-page.css';

/** /price-list/:city?originId=: without a valid originId, home (spec §2). */
export function PriceListPage() {
  const { city = '' } = useParams();
  const [params] = useSearchParams();
  const originId = Number(params.get('originId'));
  if (!Number.isInteger(originId) || originId <= 0) return <Navigate to="/" replace />;
  // The page's own translations load on first visit: only the page waits, not the header.
  return (
    <Suspense fallback={<PageSpinner />}>
      <PriceList originId={originId} city={city} />
    </Suspense>
  );
}

/**
 * The fixed prices from one origin: a tab per destination, a row per route, a column per
 * vehicle. Load failures are not reported (spec §8): the table says "No Data".
 */
function PriceList({ originId, city }: { originId: number; city: string }) {
  const { t } = useTranslation('pricelist');
  const language = getStoredLanguage();
  const [destinationChoice, setDestinationChoice] = useState<number>();

  const origins = useOrigins();
  const destinations = useDestinations(originId);
  const cars = usePriceListCars();
  const destinationRows = destinations.data ?? [];
  const destination = destinationRows.find((d) => d.id === destinationChoice) ?? destinationRows[0];
  const entries = usePriceListEntries(originId, destination?.id);

  const origin = origins.data?.find((o) => o.id === originId);
  // The slug of the address ("vtc-nice") is never shown: until the origins load, an ellipsis.
  const cityName = origin ? originName(origin, language) : origins.isPending ? '…' : city;
  const format = useCallback((cents: number) => formatPrice(cents, language), [language]);
  const loading = destinations.isPending || (destination !== undefined && (entries.isPending || cars.isPending));

  return (
    <section className="page-section price-list-page">
      <div className="container">
        <h1 className="page-title">{t('common:pages.priceList.title', { city: cityName })}</h1>
        <p className="page-lead">{t('common:pages.priceList.text')}</p>
        <PriceListMap originId={originId} cityName={cityName} destinations={destinationRows} format={format} onChoose={setDestinationChoice} />
        <Tabs
          label={t('destinations')}
          tabs={destinationRows.map((d) => ({ id: d.id, label: d.name }))}
          selected={destination?.id}
          onSelect={setDestinationChoice}
          focusablePanel
        >
          <PriceTable
            caption={destination ? t('caption', { origin: cityName, destination: destination.name }) : t('captionEmpty', { origin: cityName })}
            cars={cars.data ?? []}
            entries={destination ? (entries.data ?? []) : []}
            loading={loading}
            format={format}
          />
        </Tabs>
      </div>
    </section>
  );
}

import type { PriceListCar, PricingListItem } from '@vtc/shared/pricing/pricing-responses';
import { useTranslation } from 'react-i18next';
import { TableStateRow } from '../../../components/ui/data-table';

interface PriceTableProps {
  caption: string;
  cars: readonly PriceListCar[];
  entries: readonly PricingListItem[];
  loading: boolean;
  format: (cents: number) => string;
}

/** One row per route, one column per vehicle with its picture; a cell is that car's price. */
export function PriceTable({ caption, cars, entries, loading, format }: PriceTableProps) {
  const { t } = useTranslation('pricelist');
  return (
    // Focusable and named: with many vehicles the table scrolls sideways, also from the keyboard.
    <div className="table-wrap price-table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="table price-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('route')}</th>
            {cars.map((car) => (
              <th key={car.id} scope="col" className="price-car">
                {car.img_url ? <img src={car.img_url} alt="" width={120} height={80} loading="lazy" /> : null}
                <span>{car.name}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <TableStateRow
            colSpan={cars.length + 1}
            isPending={loading}
            error={null}
            isEmpty={entries.length === 0}
            loadingLabel={t('common:loading')}
            emptyLabel={t('noData')}
          />
          {loading
            ? null
            : entries.map((entry) => (
                <tr key={entry.id}>
                  <th scope="row">
                    {entry.origin.name} → {entry.place_to ?? entry.destination.name}
                  </th>
                  {cars.map((car) => {
                    const price = entry.pricingCars.find((p) => p.car.id === car.id);
                    return (
                      <td key={car.id} className="price-cell">
                        {price ? (
                          <span dir="ltr">{format(price.price_cents)}</span>
                        ) : (
                          <>
                            <span aria-hidden="true">—</span>
                            <span className="visually-hidden">{t('noPrice')}</span>
                          </>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
        </tbody>
      </table>
    </div>
  );
}

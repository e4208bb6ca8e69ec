import { BOOKING_STATUSES, type BookingStatus } from '@vtc/shared/booking/booking-transitions';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { formatTime12h } from '@vtc/shared/time/paris-time';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, RowButton } from '../../../components/ui/data-table';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { SelectField } from '../../../components/ui/select-field';
import { BookingDrawer } from './booking-drawer';
import { useBookings } from './bookings-api';
import { StatusBadge } from './status-badge';
import { getStoredLanguage } from '../../../lib/language';

/** Réservations: every booking, filtered by status or searched, with details and the decision. */
export function BookingsPage() {
  const { t } = useTranslation('admin');
  const language = getStoredLanguage();
  const searchId = useId();
  const [status, setStatus] = useState<BookingStatus | ''>('');
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [openId, setOpenId] = useState<number | null>(null);
  const bookings = useBookings({ status: status || undefined, q: q || undefined });

  return (
    <div className="admin-page">
      <h1 className="admin-title">{t('pages.bookings.title')}</h1>
      <p className="admin-lead">{t('pages.bookings.text')}</p>

      <div className="card crud-filter bookings-filter">
        <SelectField
          label={t('pages.bookings.status')}
          options={[
            { value: '', label: t('pages.bookings.allStatuses') },
            ...BOOKING_STATUSES.map((value) => ({ value, label: t(`bookingStatus.${value}`) })),
          ]}
          value={status}
          onChange={(event) => setStatus(event.target.value as BookingStatus | '')}
        />
        <form
          role="search"
          className="bookings-search"
          onSubmit={(event) => {
            event.preventDefault();
            setQ(search.trim());
          }}
        >
          <div className="field">
            <label htmlFor={searchId} className="field-label">
              {t('pages.bookings.search')}
            </label>
            <input
              id={searchId}
              type="search"
              className="field-input"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              aria-describedby={`${searchId}-hint`}
            />
            <p id={`${searchId}-hint`} className="field-hint">
              {t('pages.bookings.searchHint')}
            </p>
          </div>
          <button type="submit" className="btn btn-primary">
            {t('actions.search')}
          </button>
        </form>
      </div>

      <DataTable
        caption={t('pages.bookings.title')}
        rows={bookings.rows}
        isPending={bookings.isPending}
        error={bookings.error}
        getRowId={(row) => row.id}
        highlightedId={openId}
        columns={[
          { key: 'id', header: t('pages.bookings.number'), cell: (row) => `#${row.id}` },
          {
            key: 'pickup',
            header: t('pages.bookings.pickup'),
            cell: (row) => `${row.rent_date} ${formatTime12h(row.rent_time)}`,
            className: 'cell-nowrap',
          },
          { key: 'route', header: t('pages.bookings.route'), cell: (row) => `${row.origin} → ${row.destination}` },
          {
            key: 'customer',
            header: t('pages.bookings.customer'),
            cell: (row) => (
              <>
                {row.contact_name ?? row.customer.fullName}
                <br />
                <span className="cell-muted">{row.customer.email}</span>
              </>
            ),
          },
          { key: 'car', header: t('pages.bookings.car'), cell: (row) => row.car?.name ?? '—' },
          {
            key: 'total',
            header: t('pages.bookings.total'),
            cell: (row) => (row.total_cents === null ? '—' : formatEuros(row.total_cents, language)),
            className: 'cell-number',
          },
          { key: 'status', header: t('pages.bookings.status'), cell: (row) => <StatusBadge status={row.status} /> },
          {
            key: 'details',
            header: t('pages.bookings.details'),
            cell: (row) => <RowButton label={t('actions.details')} rowLabel={`#${row.id}`} onClick={() => setOpenId(row.id)} />,
            className: 'cell-action',
          },
        ]}
      />
      <LoadMoreButton
        label={t('actions.loadMore')}
        loadingLabel={t('table.loading')}
        hasMore={bookings.hasNextPage}
        loading={bookings.isFetchingNextPage}
        onLoad={() => void bookings.fetchNextPage()}
      />

      <BookingDrawer id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}

import { isNoEmailAddress } from '@vtc/shared/auth/no-email-address';
import { BOOKING_STATUSES, type BookingStatus } from '@vtc/shared/booking/booking-transitions';
import { paymentStateOf, type PaymentState } from '@vtc/shared/booking/booking-balance';
import type { BookingListItem } from '@vtc/shared/booking/booking-responses';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { formatTimeOfDay } from '@vtc/shared/time/format-paris';
import { BookingSearchFields, withOrderedDays } from '@vtc/shared/search/search-query';
import { SERVICE_TYPES, type ServiceType } from '@vtc/shared/booking/service-types';
import { useServiceWords } from '../../../components/booking/hire-charges';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, RowButton } from '../../../components/ui/data-table';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { ListSearchField, useUrlFilters } from '../../../components/admin/list-search';
import { BookingDrawer } from './booking-drawer';
import { useBookings } from './bookings-api';
import { StatusBadge } from './status-badge';
import { getStoredLanguage } from '../../../lib/language';

const FILTERS = ['status', 'service', 'q', 'from', 'to'] as const;
const RangeCheck = withOrderedDays(BookingSearchFields.pick({ from: true, to: true }));

/**
 * Réservations: every booking, filtered by status and pickup days or searched (a word of the
 * name, the e-mail, a phone in any format by its whole, start or end, a number; decisions 0071
 * and 0104), with details and the decision. The filters live in the URL, so a reload keeps them.
 */
export function BookingsPage() {
  const { t } = useTranslation('admin');
  const language = getStoredLanguage();
  const [filters, setFilter] = useUrlFilters(FILTERS);
  const status = (BOOKING_STATUSES as readonly string[]).includes(filters.status) ? (filters.status as BookingStatus) : undefined;
  const serviceType = (SERVICE_TYPES as readonly string[]).includes(filters.service) ? (filters.service as ServiceType) : undefined;
  const service = useServiceWords();
  const range = RangeCheck.safeParse({ from: filters.from, to: filters.to });
  const rangeError = range.success ? undefined : range.error.issues[0];
  const [openId, setOpenId] = useState<number | null>(null);
  const bookings = useBookings({
    status,
    serviceType,
    q: filters.q || undefined,
    // A range the wrong way round is not sent: its field says what is wrong.
    from: range.success ? range.data.from : undefined,
    to: range.success ? range.data.to : undefined,
  });
  const filtered = Boolean(status || serviceType || filters.q || filters.from || filters.to);


  return (
    <div className="admin-page">
      <h1 className="admin-title">{t('pages.bookings.title')}</h1>
      <p className="admin-lead">{t('pages.bookings.text')}</p>
      <Link className="btn btn-primary" to="/bookings/new">{t('newBooking.title')}</Link>

      <div className="card crud-filter bookings-filter">
        <SelectField
          label={t('pages.bookings.status')}
          options={[
            { value: '', label: t('pages.bookings.allStatuses') },
            ...BOOKING_STATUSES.map((value) => ({ value, label: t(`bookingStatus.${value}`) })),
          ]}
          value={status ?? ''}
          onChange={(event) => setFilter('status', event.target.value)}
        />
        <SelectField
          label={t('pages.bookings.service')}
          options={[
            { value: '', label: t('pages.bookings.allServices') },
            ...SERVICE_TYPES.map((value) => ({ value, label: service({ serviceType: value, hours: null, days: null, tourName: null }) })),
          ]}
          value={serviceType ?? ''}
          onChange={(event) => setFilter('service', event.target.value)}
        />
        <TextField
          type="date"
          className="bookings-day"
          label={t('pages.bookings.pickupFrom')}
          value={filters.from}
          onChange={(event) => setFilter('from', event.target.value)}
          error={rangeError?.path[0] === 'from' ? { type: 'validate', message: rangeError.message } : undefined}
        />
        <TextField
          type="date"
          className="bookings-day"
          label={t('pages.bookings.pickupTo')}
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => setFilter('to', event.target.value)}
          error={rangeError?.path[0] === 'to' ? { type: 'validate', message: rangeError.message } : undefined}
        />
        <ListSearchField
          label={t('pages.bookings.search')}
          hint={t('pages.bookings.searchHint')}
          buttonLabel={t('actions.search')}
          value={filters.q}
          onSearch={(q) => setFilter('q', q)}
        />
      </div>

      <DataTable
        caption={t('pages.bookings.title')}
        rows={bookings.rows}
        isPending={bookings.isPending}
        error={bookings.error}
        getRowId={(row) => row.id}
        highlightedId={openId}
        emptyLabel={filtered ? t('pages.bookings.noMatch') : undefined}
        columns={[
          { key: 'id', header: t('pages.bookings.number'), cell: (row) => `#${row.id}` },
          {
            key: 'pickup',
            header: t('pages.bookings.pickup'),
            cell: (row) => `${row.rent_date} ${formatTimeOfDay(row.rent_time, language)}`,
            className: 'cell-nowrap',
          },
          {
            key: 'service',
            header: t('pages.bookings.service'),
            cell: (row) => service({ serviceType: row.serviceType, hours: row.hours, days: row.days, tourName: null }),
          },
          {
            key: 'route',
            header: t('pages.bookings.route'),
            // A hire without a drop-off ends where it starts: its pickup place alone (decision 0137).
            cell: (row) => (row.serviceType !== 'transfer' && row.origin === row.destination ? row.origin : `${row.origin} → ${row.destination}`),
          },
          {
            key: 'customer',
            header: t('pages.bookings.customer'),
            cell: (row) => (
              <>
                {row.contact_name ?? row.customer.fullName}
                <br />
                {isNoEmailAddress(row.customer.email) ? null : <span className="cell-muted">{row.customer.email}</span>}
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
          { key: 'status', header: t('pages.bookings.status'), cell: (row) => <StatusBadge status={row.status} paymentState={listPaymentState(row)} /> },
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

/** What the list knows is paid (decision 0117): a done trip's balance shows in its drawer. */
function listPaymentState(row: BookingListItem): PaymentState | null {
  return row.status === 'completed' ? null : paymentStateOf({ status: row.status, paymentMethod: row.payment_method, balanceDueCents: 0, noShow: false, onAccount: row.on_account });
}

import type { HolidayItem } from '@vtc/shared/calendar/calendar-responses';
import { zodResolver } from '@hookform/resolvers/zod';
import { EASTER_OFFSETS, HOLIDAY_KINDS } from '@vtc/shared/calendar/holiday-rules';
import { HolidayBody } from '@vtc/shared/calendar/holiday-schemas';
import { formatDateFr } from '@vtc/shared/time/paris-time';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { holidaysResource } from '../../../lib/catalogue-api';
import { CrudScreen } from '../../../components/admin/crud-screen';
import { createdAtColumn } from '../../../components/ui/data-table';
import { monthName, monthOptions, weekdayName } from '../../../components/admin/month-names';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useCrud } from '../../../components/admin/use-crud';

type HolidayForm = z.input<typeof HolidayBody>;

const EMPTY: HolidayForm = { title: '', kind: 'fixed', day: '', month: '', easterOffset: '' };
const resolver = zodResolver(HolidayBody);

function toFormValues(holiday: HolidayItem): HolidayForm {
  return holiday.kind === 'easter'
    ? { title: holiday.title, kind: 'easter', day: '', month: '', easterOffset: holiday.easterOffset ?? '' }
    : { title: holiday.title, kind: 'fixed', day: holiday.day, month: holiday.month, easterOffset: '' };
}

/**
 * Vacances: the public holidays that carry a surcharge, each a rule: a fixed date every year, or
 * a number of days after Easter Sunday (Easter Monday, Ascension, Whit Monday move every year).
 */
export function HolidaysPage() {
  const { t, i18n } = useTranslation('admin');
  const crud = useCrud({ resource: holidaysResource, resolver, emptyValues: EMPTY, toFormValues });
  const kind = crud.form.watch('kind');
  const offset = (value: number) => (value >= 0 ? `+${value}` : `−${-value}`);

  return (
    <CrudScreen
      page="holidays"
      crud={crud}
      fields={
        <>
          <TextField label={t('pages.holidays.name')} required {...crud.field('title')} />
          <SelectField
            label={t('pages.holidays.kind')}
            options={HOLIDAY_KINDS.map((value) => ({ value, label: t(`pages.holidays.kinds.${value}`) }))}
            required
            {...crud.field('kind')}
          />
          {kind === 'easter' ? (
            <TextField
              label={t('pages.holidays.easterOffset')}
              hint={t('pages.holidays.easterOffsetHint', EASTER_OFFSETS)}
              type="number"
              inputMode="numeric"
              min={-100}
              max={100}
              required
              {...crud.field('easterOffset')}
            />
          ) : (
            <>
              <TextField
                label={t('pages.holidays.day')}
                type="number"
                inputMode="numeric"
                min={1}
                max={31}
                required
                {...crud.field('day')}
              />
              <SelectField
                label={t('pages.holidays.month')}
                placeholder={t('form.choose')}
                options={monthOptions(i18n.language)}
                required
                {...crud.field('month')}
              />
            </>
          )}
        </>
      }
      table={{
        rowLabel: (holiday) => holiday.title,
        columns: [
          { key: 'name', header: t('pages.holidays.name'), cell: (h) => h.title },
          {
            key: 'rule',
            header: t('pages.holidays.rule'),
            cell: (h) =>
              h.kind === 'easter'
                ? t('pages.holidays.easterRule', { offset: offset(h.easterOffset ?? 0) })
                : `${h.day} ${monthName(h.month, i18n.language)}`,
          },
          {
            key: 'next',
            header: t('pages.holidays.nextDate'),
            cell: (h) => `${weekdayName(h.nextDate, i18n.language)} ${formatDateFr(h.nextDate)}`,
          },
          createdAtColumn(t('pages.holidays.createdAt')),
        ],
      }}
    />
  );
}

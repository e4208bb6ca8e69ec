import type { HolidayItem } from '@vtc/shared/calendar/calendar-responses';
import { zodResolver } from '@hookform/resolvers/zod';
import { HolidayBody } from '@vtc/shared/calendar/holiday-schemas';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { holidaysResource } from '../../../lib/catalogue-api';
import { CrudScreen } from '../../../components/admin/crud-screen';
import { createdAtColumn } from '../../../components/ui/data-table';
import { monthName, monthOptions } from '../../../components/admin/month-names';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useCrud } from '../../../components/admin/use-crud';

type HolidayForm = z.input<typeof HolidayBody>;

const EMPTY: HolidayForm = { title: '', day: '', month: '' };
const resolver = zodResolver(HolidayBody);

/** Vacances: public holidays (day and month, every year) that carry a surcharge. */
export function HolidaysPage() {
  const { t, i18n } = useTranslation('admin');
  const crud = useCrud({
    resource: holidaysResource,
    resolver,
    emptyValues: EMPTY,
    toFormValues: (holiday: HolidayItem): HolidayForm => ({ title: holiday.title, day: holiday.day, month: holiday.month }),
  });

  return (
    <CrudScreen
      page="holidays"
      crud={crud}
      fields={
        <>
          <TextField label={t('pages.holidays.name')} required {...crud.field('title')} />
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
      }
      table={{
        rowLabel: (holiday) => holiday.title,
        columns: [
          { key: 'name', header: t('pages.holidays.name'), cell: (h) => h.title },
          { key: 'day', header: t('pages.holidays.day'), cell: (h) => h.day },
          { key: 'month', header: t('pages.holidays.month'), cell: (h) => monthName(h.month, i18n.language) },
          createdAtColumn(t('pages.holidays.createdAt')),
        ],
      }}
    />
  );
}

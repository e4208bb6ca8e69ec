import type { SeasonItem } from '@vtc/shared/calendar/calendar-responses';
import { zodResolver } from '@hookform/resolvers/zod';
import { SEASON_NAMES, SeasonBody } from '@vtc/shared/calendar/season-schemas';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { seasonsResource } from '../../../lib/catalogue-api';
import { CrudScreen } from '../../../components/admin/crud-screen';
import { createdAtColumn } from '../../../components/ui/data-table';
import { monthName, monthOptions } from '../../../components/admin/month-names';
import { SelectField } from '../../../components/ui/select-field';
import { useCrud } from '../../../components/admin/use-crud';

type SeasonForm = z.input<typeof SeasonBody>;

const EMPTY: SeasonForm = { name: '', startMonth: '', endMonth: '' };
const resolver = zodResolver(SeasonBody);

/** Saisons: name (one of four), first and last month; ranges may wrap the year end. */
export function SeasonsPage() {
  const { t, i18n } = useTranslation('admin');
  const crud = useCrud({
    resource: seasonsResource,
    resolver,
    emptyValues: EMPTY,
    toFormValues: (season: SeasonItem): SeasonForm => ({ name: season.name, startMonth: season.startMonth, endMonth: season.endMonth }),
    alsoInvalidate: [['admin', 'pricing']],
  });
  const months = monthOptions(i18n.language);
  const seasonName = (season: SeasonItem) => t(`seasonNames.${season.name}`);

  return (
    <CrudScreen
      page="seasons"
      crud={crud}
      fields={
        <>
          <SelectField
            label={t('pages.seasons.name')}
            placeholder={t('form.choose')}
            options={SEASON_NAMES.map((name) => ({ value: name, label: t(`seasonNames.${name}`) }))}
            required
            {...crud.field('name')}
          />
          <SelectField
            label={t('pages.seasons.startMonth')}
            placeholder={t('form.choose')}
            options={months}
            required
            {...crud.field('startMonth')}
          />
          <SelectField
            label={t('pages.seasons.endMonth')}
            placeholder={t('form.choose')}
            options={months}
            required
            {...crud.field('endMonth')}
          />
        </>
      }
      table={{
        rowLabel: seasonName,
        columns: [
          { key: 'name', header: t('pages.seasons.season'), cell: seasonName },
          { key: 'start', header: t('pages.seasons.startDate'), cell: (s) => monthName(s.startMonth, i18n.language) },
          { key: 'end', header: t('pages.seasons.endDate'), cell: (s) => monthName(s.endMonth, i18n.language) },
          createdAtColumn(t('pages.seasons.createdOn')),
        ],
      }}
    />
  );
}

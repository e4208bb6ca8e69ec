import type { DurationItem } from '@vtc/shared/calendar/calendar-responses';
import { zodResolver } from '@hookform/resolvers/zod';
import { DurationBody } from '@vtc/shared/calendar/duration-schemas';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { durationsResource } from '../../../lib/catalogue-api';
import { CrudScreen } from '../../../components/admin/crud-screen';
import { createdAtColumn } from '../../../components/ui/data-table';
import { TextField } from '../../../components/ui/text-field';
import { useCrud } from '../../../components/admin/use-crud';
import { usePlaceSuggestions } from './place-suggestions';

type DurationForm = z.input<typeof DurationBody>;

const EMPTY: DurationForm = { origin: '', destination: '', duration: '' };
const resolver = zodResolver(DurationBody);

/** Durées: travel time in minutes between two places. */
export function DurationsPage() {
  const { t } = useTranslation('admin');
  const crud = useCrud({
    resource: durationsResource,
    resolver,
    emptyValues: EMPTY,
    toFormValues: (row: DurationItem): DurationForm => ({ origin: row.origin, destination: row.destination, duration: row.duration }),
  });
  const route = (row: DurationItem) => `${row.origin} → ${row.destination}`;
  const listId = useId();
  const [origin, destination] = useWatch({ control: crud.form.control, name: ['origin', 'destination'] });
  const originSuggestions = usePlaceSuggestions(origin);
  const destinationSuggestions = usePlaceSuggestions(destination);

  return (
    <CrudScreen
      page="durations"
      crud={crud}
      fields={
        <>
          <TextField label={t('pages.durations.origin')} list={`${listId}-origin`} autoComplete="off" required {...crud.field('origin')} />
          <TextField
            label={t('pages.durations.destination')}
            list={`${listId}-destination`}
            autoComplete="off"
            required
            {...crud.field('destination')}
          />
          <datalist id={`${listId}-origin`}>
            {originSuggestions.map((title) => (
              <option key={title} value={title} />
            ))}
          </datalist>
          <datalist id={`${listId}-destination`}>
            {destinationSuggestions.map((title) => (
              <option key={title} value={title} />
            ))}
          </datalist>
          <TextField
            label={t('pages.durations.minutes')}
            type="number"
            inputMode="numeric"
            min={1}
            required
            {...crud.field('duration')}
          />
        </>
      }
      table={{
        rowLabel: route,
        columns: [
          { key: 'origin', header: t('pages.durations.origin'), cell: (d) => d.origin },
          { key: 'destination', header: t('pages.durations.destination'), cell: (d) => d.destination },
          { key: 'duration', header: t('pages.durations.minutes'), cell: (d) => t('pages.durations.inMinutes', { minutes: d.duration }) },
          createdAtColumn(t('pages.durations.createdAt')),
        ],
      }}
    />
  );
}

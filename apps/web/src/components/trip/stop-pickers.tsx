import { MAX_STOPS } from '@vtc/shared/booking/booking-schemas';
import type { Language } from '@vtc/shared/i18n/languages';
import { useTranslation } from 'react-i18next';
import { suggestPlaces } from '../../lib/places-api';
import { LocationPicker, type PickedPlace } from './location-picker';
import { PlusIcon, TrashIcon } from './trip-icons';
import { usePickerLabels } from './use-picker-labels';
import './stop-pickers.css';

/** A stop as the pickers hold it: `id` is the form's own key for add and delete. */
export type PickedStop = PickedPlace & { id: string };

interface StopPickersProps {
  stops: PickedStop[];
  onChange: (stops: PickedStop[]) => void;
  language: Language;
  /** The error of the stop at `index` (`stop.0`...), if any. */
  errorOf: (index: number) => string | undefined;
  addButtonClassName?: string;
}

/**
 * The stops between pickup and drop-off in the trip forms after step one (the phone booking, the
 * drawer's change, the customer's change): one place picker each with its remove button, and
 * "Ajouter un arrêt" up to MAX_STOPS; the words are the booking form's.
 */
export function StopPickers({ stops, onChange, language, errorOf, addButtonClassName }: StopPickersProps) {
  const { t } = useTranslation('booking');
  const pickerLabels = usePickerLabels();
  return (
    <>
      <ol className="stop-pickers">
        {stops.map((stop, index) => (
          <li key={stop.id}>
            <LocationPicker
              label={t('form.stopLabel', { number: index + 1 })}
              value={stop}
              onChange={(value) => onChange(stops.map((s) => (s.id === stop.id ? { ...value, id: stop.id } : s)))}
              language={language}
              europe={false}
              suggest={suggestPlaces}
              labels={pickerLabels}
              error={errorOf(index)}
              action={
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('form.removeStop', { number: index + 1 })}
                  title={t('form.removeStop', { number: index + 1 })}
                  onClick={() => onChange(stops.filter((s) => s.id !== stop.id))}
                >
                  <TrashIcon />
                </button>
              }
            />
          </li>
        ))}
      </ol>
      {stops.length < MAX_STOPS ? (
        <button
          type="button"
          className={['btn btn-soft btn-small', addButtonClassName].filter(Boolean).join(' ')}
          onClick={() => onChange([...stops, { id: crypto.randomUUID(), title: '', type: 'address' }])}
        >
          <PlusIcon />
          {t('form.addStop')}
        </button>
      ) : null}
    </>
  );
}

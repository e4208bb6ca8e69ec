import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocationPickerLabels } from './location-picker';

/** The location picker's words, from the booking form's catalogue (the home form and the back office's phone booking). */
export function usePickerLabels(): LocationPickerLabels {
  const { t } = useTranslation('booking');
  return useMemo<LocationPickerLabels>(
    () => ({
      modes: {
        address: t('form.modes.address'),
        airport: t('form.modes.airport'),
        station: t('form.modes.station'),
        town: t('form.modes.town'),
      },
      placeholders: {
        address: t('form.placeholders.address'),
        airport: t('form.placeholders.airport'),
        station: t('form.placeholders.station'),
        town: t('form.placeholders.town'),
      },
      clear: t('form.clear'),
      searching: t('form.searching'),
      noResults: t('form.noResults'),
      results: (count) => t('form.results', { count }),
    }),
    [t],
  );
}

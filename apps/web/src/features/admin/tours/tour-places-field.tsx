import { useFieldArray, type Control, type FieldError, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MAX_TOUR_DEPARTURES, MAX_TOUR_VISITS } from '@vtc/shared/tours/tour-schemas';
import { fieldMessage } from '../../../components/ui/field-message';
import { TextField } from '../../../components/ui/text-field';
import type { CrudContext } from '../../../components/admin/use-crud';
import type { TourFormIn, TourFormOut } from './tour-form';

interface TourPlacesFieldProps {
  name: 'departures' | 'visits';
  control: Control<TourFormIn, CrudContext, TourFormOut>;
  register: UseFormRegister<TourFormIn>;
  errors: FieldErrors<TourFormIn>;
}

/** A list of named points (departures, places visited in order), each with its coordinates. */
export function TourPlacesField({ name, control, register, errors }: TourPlacesFieldProps) {
  const { t } = useTranslation('admin');
  const { fields, append, remove } = useFieldArray({ control, name });
  const max = name === 'departures' ? MAX_TOUR_DEPARTURES : MAX_TOUR_VISITS;
  const listError = fieldMessage(errors[name]?.root ?? (errors[name] as FieldError | undefined));
  return (
    <fieldset className="crud-fieldset tour-places">
      <legend className="field-label">{t(`pages.tours.${name}`)}</legend>
      <p className="field-hint">{t(`pages.tours.${name}Hint`)}</p>
      {fields.map((field, index) => {
        const placeErrors = errors[name]?.[index];
        const number = index + 1;
        return (
          <div key={field.id} className="tour-place">
            <TextField label={t('pages.tours.placeName', { number })} required error={placeErrors?.name} {...register(`${name}.${index}.name`)} />
            <TextField label={t('pages.tours.latitude')} inputMode="decimal" dir="ltr" required error={placeErrors?.lat} {...register(`${name}.${index}.lat`)} />
            <TextField label={t('pages.tours.longitude')} inputMode="decimal" dir="ltr" required error={placeErrors?.lon} {...register(`${name}.${index}.lon`)} />
            <button type="button" className="btn btn-outline btn-small tour-place-remove" onClick={() => remove(index)}>
              {t('pages.tours.removePlace', { number })}
            </button>
          </div>
        );
      })}
      {listError ? (
        <p className="field-error" role="alert">
          {listError}
        </p>
      ) : null}
      {fields.length < max ? (
        <button type="button" className="btn btn-outline btn-small tour-place-add" onClick={() => append({ name: '', lat: '', lon: '' })}>
          {t(`pages.tours.add_${name}`)}
        </button>
      ) : null}
    </fieldset>
  );
}

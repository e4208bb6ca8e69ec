import { PROGRAMME_MAX } from '@vtc/shared/booking/booking-schemas';
import { useEffect, useId } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CounterField } from '../../components/trip/counter-field';
import { ClockIcon, StopsIcon } from '../../components/trip/trip-icons';
import { TextareaField } from '../../components/ui/textarea-field';
import { SERVER_ERROR_TYPE } from '../../lib/form-errors';
import { Collapsible } from './collapsible';
import type { ServiceSectionProps } from './booking-form-section';
import './hire-fields.css';
import { hireMessages } from '@vtc/shared/booking/hire-messages';
import { addMessageCatalogue } from '@vtc/shared/i18n/error-messages';

// The hire's error words come with this part, not with the home page (decision 0143).
addMessageCatalogue(hireMessages);

/**
 * The "Mise à disposition" part of the booking form (issue 22): the pickup place, by the hour or
 * by the day and how long, an optional drop-off elsewhere and an optional programme. Its own
 * chunk, loaded when the tab is chosen.
 */
export function HireFields({ control, setValue, errorFor, clearError, placeField, limits, programmeOpen, onProgrammeOpenChange }: ServiceSectionProps) {
  const { t } = useTranslation('booking');
  const id = useId();
  const service = useWatch({ control, name: 'serviceType' });
  const hours = useWatch({ control, name: 'hours' });
  const days = useWatch({ control, name: 'days' });
  const dropOff = useWatch({ control, name: 'dropOff' });
  const programme = useWatch({ control, name: 'programme' });
  const mode = service === 'daily' ? 'daily' : 'hourly';
  const step = limits.stepMinutes / 60;

  // Limits from the configuration may differ from the form's defaults: keep the counters inside them.
  useEffect(() => {
    if (hours < limits.minHours) setValue('hours', limits.minHours);
    else if (hours > limits.maxHours) setValue('hours', limits.maxHours);
    if (days < 1) setValue('days', 1);
    else if (days > limits.maxDays) setValue('days', limits.maxDays);
  }, [hours, days, limits, setValue]);

  const durationError = errorFor(mode === 'hourly' ? 'hours' : 'days');
  const durationErrorId = durationError ? `${id}-duration-error` : undefined;
  const programmeError = errorFor('programme');

  return (
    <div className="booking-route booking-hire">
      {placeField('origin', t('form.hire.pickup'))}

      <fieldset className="hire-duration">
        <legend className="field-label">{t('form.hire.mode')}</legend>
        <div className="segmented">
          {(['hourly', 'daily'] as const).map((option) => (
            <label key={option} className="segmented-option">
              <input
                type="radio"
                name={`${id}-mode`}
                value={option}
                checked={mode === option}
                onChange={() => {
                  setValue('serviceType', option, { shouldDirty: true });
                  clearError(option === 'hourly' ? 'days' : 'hours');
                }}
              />
              <span>{option === 'hourly' ? t('form.hire.hourly') : t('form.hire.daily')}</span>
            </label>
          ))}
        </div>
        {mode === 'hourly' ? (
          <Controller
            control={control}
            name="hours"
            render={({ field }) => (
              <CounterField
                label={t('form.hire.hours')}
                hint={t('form.hire.hoursHint', { min: limits.minHours, max: limits.maxHours, step: limits.stepMinutes })}
                icon={<ClockIcon />}
                name="hours"
                value={field.value}
                min={limits.minHours}
                max={limits.maxHours}
                step={step}
                onChange={(value) => {
                  field.onChange(value);
                  clearError('hours');
                }}
                decrementLabel={t('form.decrement', { label: t('form.hire.hours') })}
                incrementLabel={t('form.increment', { label: t('form.hire.hours') })}
                errorId={durationErrorId}
                inputRef={field.ref}
              />
            )}
          />
        ) : (
          <Controller
            control={control}
            name="days"
            render={({ field }) => (
              <CounterField
                label={t('form.hire.days')}
                hint={t('form.hire.daysHint', { max: limits.maxDays })}
                icon={<ClockIcon />}
                name="days"
                value={field.value}
                min={1}
                max={limits.maxDays}
                onChange={(value) => {
                  field.onChange(value);
                  clearError('days');
                }}
                decrementLabel={t('form.decrement', { label: t('form.hire.days') })}
                incrementLabel={t('form.increment', { label: t('form.hire.days') })}
                errorId={durationErrorId}
                inputRef={field.ref}
              />
            )}
          />
        )}
        {durationError ? (
          <p id={durationErrorId} className="field-error">
            {durationError}
          </p>
        ) : null}
      </fieldset>

      <Collapsible
        className="hire-drop-off"
        title={t('form.hire.dropOff')}
        summary={dropOff ? undefined : t('form.hire.noDropOff')}
        icon={<StopsIcon />}
        open={dropOff}
        onOpenChange={(open) => {
          setValue('dropOff', open, { shouldDirty: true });
          clearError('destination');
        }}
      >
        {placeField('destination', t('form.hire.dropOffPlace'))}
        <p className="field-hint">{t('form.hire.dropOffHint')}</p>
      </Collapsible>

      <Collapsible
        className="hire-programme"
        title={t('form.hire.programme')}
        summary={programme.trim() ? t('form.hire.programmeWritten') : undefined}
        open={programmeOpen}
        onOpenChange={onProgrammeOpenChange}
      >
        <Controller
          control={control}
          name="programme"
          render={({ field }) => (
            <TextareaField
              label={t('form.hire.programmeLabel')}
              hint={t('form.hire.programmeHint')}
              rows={3}
              limit={PROGRAMME_MAX}
              length={field.value.length}
              counter={`${field.value.length} / ${PROGRAMME_MAX}`}
              announcement={(remaining) => t('form.hire.programmeLeft', { count: remaining })}
              error={programmeError ? { type: SERVER_ERROR_TYPE, message: programmeError } : undefined}
              name={field.name}
              value={field.value}
              onChange={(event) => {
                field.onChange(event.target.value);
                clearError('programme');
              }}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
      </Collapsible>
    </div>
  );
}

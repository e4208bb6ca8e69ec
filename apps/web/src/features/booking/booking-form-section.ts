import type { CreateBookingBody } from '@vtc/shared/booking/booking-schemas';
import type { HireLimits } from '@vtc/shared/booking/service-types';
import type { ReactNode } from 'react';
import type { Control, UseFormSetValue } from 'react-hook-form';
import type { BookingField, BookingFormValues } from './booking-form-values';

/** What the booking form hands the lazily loaded part of a service (hire, tour). */
export interface ServiceSectionProps {
  control: Control<BookingFormValues, unknown, CreateBookingBody>;
  setValue: UseFormSetValue<BookingFormValues>;
  /** The translated message of the error shown on this field, if it is the one shown. */
  errorFor: (field: BookingField) => string | undefined;
  /** The field was changed: its error goes away. */
  clearError: (field: BookingField) => void;
  /** The form's place picker (transfer and hire alike) for one of its place fields, with its label. */
  placeField: (name: 'origin' | 'destination', label: string) => ReactNode;
  /** Hire limits of the configuration (public config), as the API applies them. */
  limits: HireLimits;
  /** Hire: whether the programme is open (an error there opens it). */
  programmeOpen: boolean;
  onProgrammeOpenChange: (open: boolean) => void;
}

import type { LocationMode } from '@vtc/shared/booking/booking-schemas';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/ui/text-field';
import { usePublicConfig } from '../../lib/public-config';
import type { ConfirmationInput } from './confirmation-form-values';

type Leg = 'outbound' | 'return';

const NAMES = {
  outbound: {
    address: 'address',
    city: 'city',
    arriveTime: 'arriveTime',
    trainNumber: 'trainNumber',
    flightNumber: 'flightNumber',
    arriveFrom: 'arriveFrom',
  },
  return: {
    address: 'returnAddress',
    city: 'returnCity',
    arriveTime: 'returnArriveTime',
    trainNumber: 'returnTrainNumber',
    flightNumber: 'returnFlightNumber',
    arriveFrom: 'returnArriveFrom',
  },
} as const satisfies Record<Leg, Record<string, keyof ConfirmationInput>>;

interface PickupFieldsProps {
  /** The pickup's kind: rent_from_type for the trip, rent_to_type for the return. */
  type: LocationMode;
  leg: Leg;
  register: UseFormRegister<ConfirmationInput>;
  errors: FieldErrors<ConfirmationInput>;
}

/**
 * The pickup details of spec §2 step three: an airport asks for the flight, a station for the
 * train, an address or a town for the exact address.
 */
export function PickupFields({ type, leg, register, errors }: PickupFieldsProps) {
  const { t } = useTranslation('booking');
  const names = NAMES[leg];
  const label = (key: string) => t(`pickup.${key}`);
  // The flight is promised to be followed only when the server follows it (decision 0144).
  const followed = usePublicConfig().data?.flightsFollowed === true;

  if (type === 'airport') {
    return (
      <div className="form-grid">
        <TextField
          label={label('flightNumber')}
          hint={followed ? t('pickup.flightNumberHintFollowed') : t('pickup.flightNumberHint')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          dir="ltr"
          error={errors[names.flightNumber]}
          {...register(names.flightNumber)}
        />
        <TextField label={label('arriveFrom')} autoComplete="off" error={errors[names.arriveFrom]} {...register(names.arriveFrom)} />
        <TextField
          label={label('arriveTime')}
          type="time"
          error={errors[names.arriveTime]}
          {...register(names.arriveTime)}
        />
      </div>
    );
  }
  if (type === 'station') {
    return (
      <div className="form-grid">
        <TextField
          label={label('trainNumber')}
          hint={t('pickup.trainNumberHint')}
          autoComplete="off"
          dir="ltr"
          error={errors[names.trainNumber]}
          {...register(names.trainNumber)}
        />
        <TextField
          label={label('arriveTime')}
          type="time"
          error={errors[names.arriveTime]}
          {...register(names.arriveTime)}
        />
      </div>
    );
  }
  return (
    <div className="form-grid">
      <TextField
        label={label('address')}
        autoComplete={leg === 'outbound' ? 'street-address' : 'off'}
        className="form-grid-wide"
        error={errors[names.address]}
        {...register(names.address)}
      />
      <TextField
        label={label('city')}
        autoComplete={leg === 'outbound' ? 'address-level2' : 'off'}
        error={errors[names.city]}
        {...register(names.city)}
      />
    </div>
  );
}

import { MAX_PER_PARTY_FIELD } from '@vtc/shared/booking/booking-schemas';
import { useTranslation } from 'react-i18next';
import { CounterField } from './counter-field';
import { BagIcon, ChildIcon, PersonIcon, SeatIcon } from './trip-icons';
import './party-fields.css';

/** The party as a trip form holds it (the home form, the back office's phone booking). */
export interface Passengers {
  adults: number;
  children: number;
  childrenSeat: number;
}
export interface Packages {
  under10kg: number;
  above10kg: number;
  above30kg: number;
}

const PASSENGER_ICONS = { adults: <PersonIcon />, children: <ChildIcon />, childrenSeat: <SeatIcon /> };
const PACKAGE_FIELDS = ['under10kg', 'above10kg', 'above30kg'] as const;

interface PartyFieldsProps {
  passengers: Passengers;
  packages: Packages;
  onPassengersChange: (value: Passengers) => void;
  onPackagesChange: (value: Packages) => void;
}

/** The party and luggage counters of a trip form (spec §9: adults 1-8, the rest 0-8). */
export function PartyFields({ passengers, packages, onPassengersChange, onPackagesChange }: PartyFieldsProps) {
  const { t } = useTranslation('booking');
  const labels = (key: keyof Passengers | keyof Packages) => {
    const label = t(`form.counters.${key}.label`);
    return {
      label,
      hint: t(`form.counters.${key}.hint`),
      decrementLabel: t('form.decrement', { label }),
      incrementLabel: t('form.increment', { label }),
    };
  };

  const setPassengers = (key: keyof Passengers, value: number) => {
    const next = { ...passengers, [key]: value };
    // Child seats go with children: never more seats than children (the shared rule).
    next.childrenSeat = Math.min(next.childrenSeat, next.children);
    onPassengersChange(next);
  };

  return (
    <div className="party-grid">
      <fieldset className="party-group">
        <legend>{t('form.passengers')}</legend>
        {(Object.keys(PASSENGER_ICONS) as (keyof Passengers)[]).map((key) => (
          <CounterField
            key={key}
            name={`passengers.${key}`}
            {...labels(key)}
            icon={PASSENGER_ICONS[key]}
            value={passengers[key]}
            min={key === 'adults' ? 1 : 0}
            max={key === 'childrenSeat' ? Math.min(MAX_PER_PARTY_FIELD, passengers.children) : MAX_PER_PARTY_FIELD}
            onChange={(value) => setPassengers(key, value)}
          />
        ))}
      </fieldset>
      <fieldset className="party-group">
        <legend>{t('form.luggage')}</legend>
        {PACKAGE_FIELDS.map((key) => (
          <CounterField
            key={key}
            name={`packages.${key}`}
            {...labels(key)}
            icon={<BagIcon />}
            value={packages[key]}
            min={0}
            max={MAX_PER_PARTY_FIELD}
            onChange={(value) => onPackagesChange({ ...packages, [key]: value })}
          />
        ))}
      </fieldset>
    </div>
  );
}

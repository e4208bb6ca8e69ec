import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../ui/text-field';
import './change-lines.css';

/** The counts a change form holds: passengers and luggage, as text the inputs give. */
export type PartyCounts = { adults: string; children: string; childrenSeat: string; under10kg: string; above10kg: string; above30kg: string };

/** A booking's counts as the fields show them. */
export function countsOf(b: { passenger: { adults: number; children: number; children_seat: number }; package: { under10kg: number; above10kg: number; above30kg: number } }): PartyCounts {
  return {
    adults: String(b.passenger.adults),
    children: String(b.passenger.children),
    childrenSeat: String(b.passenger.children_seat),
    under10kg: String(b.package.under10kg),
    above10kg: String(b.package.above10kg),
    above30kg: String(b.package.above30kg),
  };
}

/** The `passengers` and `packages` of a change body, each only when one of its counts moved. */
export function changedCounts(was: PartyCounts, now: PartyCounts): { passengers?: Record<string, string>; packages?: Record<string, string> } {
  const moved = (keys: (keyof PartyCounts)[]) => keys.some((key) => was[key] !== now[key]);
  return {
    ...(moved(['adults', 'children', 'childrenSeat']) ? { passengers: { adults: now.adults, children: now.children, childrenSeat: now.childrenSeat } } : {}),
    ...(moved(['under10kg', 'above10kg', 'above30kg']) ? { packages: { under10kg: now.under10kg, above10kg: now.above10kg, above30kg: now.above30kg } } : {}),
  };
}

/** The form field of an API error's path: `passengers.adults` is `adults`. */
export function countField(path: string): string {
  const [head = '', tail] = path.split('.');
  return tail && (head === 'passengers' || head === 'packages') ? tail : head;
}

const ROWS = [
  ['adults', 'children', 'childrenSeat'],
  ['under10kg', 'above10kg', 'above30kg'],
] as const;

/**
 * The party and luggage of a booking as two rows of three counts (decision 0120): the drawer's
 * change modal and the customer's change form both use it, on any form whose values hold them.
 */
export function PartyCountFields<T extends PartyCounts>({ register, errors }: { register: UseFormRegister<T>; errors: FieldErrors<T> }) {
  const { t } = useTranslation();
  const reg = register as unknown as UseFormRegister<PartyCounts>;
  const errs = errors as FieldErrors<PartyCounts>;
  return (
    <>
      {ROWS.map((row) => (
        <div key={row[0]} className="form-row party-counts">
          {row.map((name) => (
            <TextField key={name} label={t(`bookingChange.counts.${name}`)} type="number" min={name === 'adults' ? 1 : 0} max={8} error={errs[name]} {...reg(name)} />
          ))}
        </div>
      ))}
    </>
  );
}

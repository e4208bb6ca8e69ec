import type { ChangeLine } from '@vtc/shared/booking/booking-change-responses';
import type { Language } from '@vtc/shared/i18n/languages';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { formatParisDateTime } from '@vtc/shared/time/format-paris';
import { useTranslation } from 'react-i18next';
import './change-lines.css';

/** One side of a change line, the reader's way (values are data: see ChangeLine in packages/shared). */
function useLineValue() {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  return (field: ChangeLine['field'], value: string | null): string => {
    if (value === null || value === '') return t('bookingChange.none');
    const [a = 0, b = 0, c = 0] = value.split('/').map(Number);
    switch (field) {
      case 'pickup':
      case 'return':
        return formatParisDateTime(value, language);
      case 'price':
        return formatEuros(Number(value), language);
      case 'party':
        return t('bookingChange.partyValue', { adults: a, children: b, seats: c });
      case 'luggage':
        return t('bookingChange.luggageValue', { under10kg: a, above10kg: b, above30kg: c });
      default:
        return value;
    }
  };
}

/** What a change moves, a line per field: "Prise en charge : 10/03 10:00 → 10/03 12:30". Used by the drawer and "Mes réservations". */
export function ChangeLines({ lines }: { lines: readonly ChangeLine[] }) {
  const { t, i18n } = useTranslation();
  const value = useLineValue();
  const arrow = i18n.language === 'ar' ? '←' : '→';
  return (
    <ul className="change-lines">
      {lines.map((line) => (
        <li key={line.field}>
          <span className="change-lines-field">{t(`bookingChange.fields.${line.field}`)}</span>{' '}
          <bdi className="change-lines-before">{value(line.field, line.before)}</bdi> <span aria-hidden="true">{arrow}</span>{' '}
          <bdi className="change-lines-after">{value(line.field, line.after)}</bdi>
        </li>
      ))}
    </ul>
  );
}

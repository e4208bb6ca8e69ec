import { useTranslation } from 'react-i18next';
// Its stylesheet is in the entry's (main.tsx): step two's first screen, written by the server, shows the steps (docs/decisions/0154).

const STEPS = ['trip', 'car', 'confirm'] as const;

/** Where the customer is in the funnel: trip → car → confirmation. */
export function BookingSteps({ current }: { current: 1 | 2 | 3 }) {
  const { t } = useTranslation('booking');
  return (
    <ol className="booking-steps" aria-label={t('steps.label')}>
      {STEPS.map((step, index) => {
        const number = index + 1;
        const state = number < current ? 'done' : number === current ? 'current' : 'next';
        return (
          <li key={step} className={`booking-step is-${state}`} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="booking-step-number" aria-hidden="true">
              {number}
            </span>
            <span className="booking-step-label">{t(`steps.${step}`)}</span>
          </li>
        );
      })}
    </ol>
  );
}

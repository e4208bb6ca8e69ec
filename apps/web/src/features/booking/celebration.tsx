import { useEffect, type ReactNode } from 'react';
import { CheckIcon } from '../../components/trip/trip-icons';
import { launchConfetti } from './confetti';
import './celebration.css';

/** Spec §9: confetti for 10 seconds. */
const CONFETTI_MS = 10_000;

interface CelebrationProps {
  title: string;
  children: ReactNode;
}

/** The thank-you pages (/success, /pay-success): a check mark, confetti, the message. */
export function Celebration({ title, children }: CelebrationProps) {
  useEffect(() => launchConfetti(CONFETTI_MS), []);
  return (
    <section className="booking-page celebration">
      <div className="container">
        <div className="celebration-card card">
          <span className="celebration-mark" aria-hidden="true">
            <CheckIcon />
          </span>
          <h1 className="page-title">{title}</h1>
          {children}
        </div>
      </div>
    </section>
  );
}

import type { PaymentMethod } from '@vtc/shared/booking/booking-schemas';
import type { ReactNode, Ref } from 'react';
import { CardIcon, CashIcon, CheckIcon, WalletIcon } from '../../components/trip/trip-icons';
import './payment-tiles.css';

export interface PaymentOption {
  method: PaymentMethod;
  title: string;
  text: string;
  /** When set, the tile is disabled and says why. */
  unavailable?: string | undefined;
}

interface PaymentTilesProps {
  labelledBy: string;
  options: readonly PaymentOption[];
  value: PaymentMethod | undefined;
  onChange: (method: PaymentMethod) => void;
  describedBy?: string | undefined;
  invalid?: boolean;
  firstRef?: Ref<HTMLButtonElement>;
}

const TILE_ICONS: Record<PaymentMethod, ReactNode> = { stripe: <CardIcon />, paypal: <WalletIcon />, cash: <CashIcon /> };

/** The payment tiles (spec §4.4: card, PayPal, cash): none chosen at first, the chosen one pressed. */
export function PaymentTiles({ labelledBy, options, value, onChange, describedBy, invalid, firstRef }: PaymentTilesProps) {
  return (
    <div className={`payment-tiles${invalid ? ' is-invalid' : ''}`} role="group" aria-labelledby={labelledBy} aria-describedby={describedBy}>
      {options.map((option, index) => {
        const active = value === option.method;
        return (
          <button
            key={option.method}
            ref={index === 0 ? firstRef : undefined}
            type="button"
            className={`payment-tile${active ? ' is-active' : ''}`}
            aria-pressed={active}
            disabled={Boolean(option.unavailable)}
            onClick={() => onChange(option.method)}
          >
            <span className="payment-tile-icon">{TILE_ICONS[option.method]}</span>
            <span className="payment-tile-text">
              <span className="payment-tile-title">{option.title}</span>
              <span className="payment-tile-description">{option.unavailable ?? option.text}</span>
            </span>
            <span className="payment-tile-check" aria-hidden="true">
              {active ? <CheckIcon /> : null}
            </span>
          </button>
        );
      })}
    </div>
  );
}

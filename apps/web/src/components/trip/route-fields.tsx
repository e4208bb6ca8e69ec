import type { BookingDetails } from '@vtc/shared/booking/booking-responses';
import type { Language } from '@vtc/shared/i18n/languages';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { suggestPlaces } from '../../lib/places-api';
import { LocationPicker, type PickedPlace } from './location-picker';
import { StopPickers, type PickedStop } from './stop-pickers';
import { usePickerLabels } from './use-picker-labels';

/**
 * A booking's route in the forms that change it after step one (the drawer's change, the
 * customer's change, decisions 0120 and 0178): the pickup, the stops and the drop-off, each a
 * place picker, and what the API is sent of them.
 */

/** The route as the place pickers hold it: a stop carries the form's own key for add and delete. */
export type Route = { origin: PickedPlace; destination: PickedPlace; stops: PickedStop[] };

const picked = (place: BookingDetails['origin']): PickedPlace => ({
  title: place.title,
  type: place.type,
  placeId: place.placeId ?? undefined,
  lat: place.lat ?? undefined,
  lon: place.lon ?? undefined,
});

function routeOf(b: Pick<BookingDetails, 'origin' | 'destination' | 'stops'>): Route {
  return { origin: picked(b.origin), destination: picked(b.destination), stops: b.stops.map((stop, index) => ({ ...picked(stop), id: `stop-${index}` })) };
}

/** What the API needs of a place: its words, its mode and the provider's or fixed list's id. */
const sent = ({ title, type, placeId }: PickedPlace) => ({ title, type, ...(placeId ? { placeId } : {}) });
const samePlace = (a: PickedPlace, b: PickedPlace) => a.title === b.title && a.type === b.type && (a.placeId ?? '') === (b.placeId ?? '');

/** The parts of the route that moved, as the change's body sends them: nothing when nothing moved. */
export function routeChanges(was: Route, now: Route): { origin?: ReturnType<typeof sent>; destination?: ReturnType<typeof sent>; stop?: ReturnType<typeof sent>[] } {
  const body: ReturnType<typeof routeChanges> = {};
  if (!samePlace(was.origin, now.origin)) body.origin = sent(now.origin);
  if (!samePlace(was.destination, now.destination)) body.destination = sent(now.destination);
  const stopsMoved = was.stops.length !== now.stops.length || was.stops.some((stop, index) => !samePlace(stop, now.stops[index]!));
  if (stopsMoved) body.stop = now.stops.map(sent);
  return body;
}

/** An API error's path that belongs to the route (`origin`, `destination`, `stop.0`...). */
export const isRoutePath = (path: string) => /^(origin|destination|stop)\b/.test(path);

/**
 * The route a change form edits: the booking's as it was, the pickers' as it is now, and the
 * API's refusals of a place (`origin`, `stop.0`...), shown under its picker until the route moves.
 */
export function useRouteState(booking: Pick<BookingDetails, 'origin' | 'destination' | 'stops'>) {
  const [wasRoute] = useState(() => routeOf(booking));
  const [route, setRoute] = useState(wasRoute);
  const [placeErrors, setPlaceErrors] = useState<Record<string, string>>({});
  const changeRoute = (patch: Partial<Route>) => {
    setRoute((current) => ({ ...current, ...patch }));
    setPlaceErrors({});
  };
  const placeError = (path: string) => placeErrors[path] ?? Object.entries(placeErrors).find(([key]) => key.startsWith(`${path}.`))?.[1];
  return { wasRoute, route, changeRoute, placeError, setPlaceErrors };
}

interface RouteFieldsProps {
  route: Route;
  onChange: (patch: Partial<Route>) => void;
  language: Language;
  /** The API's refusal of a place, by its path (`origin`, `stop.0`...). */
  errorOf: (path: string) => string | undefined;
  addButtonClassName?: string;
}

/** The pickup, the stops and the drop-off, each with its picker and its error. */
export function RouteFields({ route, onChange, language, errorOf, addButtonClassName }: RouteFieldsProps) {
  const { t } = useTranslation('booking');
  const pickerLabels = usePickerLabels();
  const place = (name: 'origin' | 'destination') => (
    <LocationPicker
      label={t(`form.${name}`)}
      value={route[name]}
      onChange={(value) => onChange({ [name]: value })}
      language={language}
      europe={false}
      suggest={suggestPlaces}
      labels={pickerLabels}
      error={errorOf(name)}
    />
  );
  return (
    <>
      {place('origin')}
      <StopPickers stops={route.stops} onChange={(stops) => onChange({ stops })} language={language} errorOf={(index) => errorOf(`stop.${index}`)} addButtonClassName={addButtonClassName} />
      {place('destination')}
    </>
  );
}

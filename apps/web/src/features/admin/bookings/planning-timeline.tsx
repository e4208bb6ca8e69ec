import { createCalendar, destroyCalendar, ResourceTimeline, type Calendar } from '@event-calendar/core';
import '@event-calendar/core/index.css';
import type { CalendarTrip } from '@vtc/shared/planning/planning-schemas';
import { getParisParts, toParisDateTimeLocal } from '@vtc/shared/time/paris-time';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatParisTime } from '@vtc/shared/time/format-paris';
import { getStoredLanguage } from '../../../lib/language';
import { flightFlag, parisDayOf, tripGroup, tripLabel, type PlanningGroup } from './planning-trips';
import { useLegNote } from '../../../components/admin/leg-note';

interface PlanningTimelineProps {
  trips: CalendarTrip[];
  /** The day shown, YYYY-MM-DD on Paris clocks. */
  day: string;
  group: PlanningGroup;
  onOpen: (bookingId: number) => void;
}

/**
 * Pixels per hour: a trip of an hour (the shortest hold is a short ride plus the buffer) is wide
 * enough for its time, route, customer and chauffeur on four lines; the day scrolls sideways.
 */
const HOUR_WIDTH = 168;

/** The lines of a block, as text nodes (never HTML: names and places are typed by people). */
function blockContent(lines: { text: string; className: string }[]): { domNodes: Node[] } {
  return {
    domNodes: lines.map(({ text, className }) => {
      const line = document.createElement('span');
      line.className = className;
      line.dir = 'auto';
      line.textContent = text;
      return line;
    }),
  };
}

/** Paris wall-clock time without an offset: the timeline shows such "floating" times as they are. */
const parisWallClock = (iso: string) => `${toParisDateTimeLocal(Date.parse(iso))}:00`;

/**
 * The day as a resource timeline of @event-calendar/core (decisions 0084, 0122): one row per car
 * or chauffeur, one block per leg from pickup to the end of its hold, coloured by status, with
 * its time, route, customer and chauffeur written in it. Time runs left to right in every
 * language, as clocks do; the words in it follow the page's language.
 */
export function PlanningTimeline({ trips, day, group, onOpen }: PlanningTimelineProps) {
  const { t, i18n } = useTranslation('admin');
  const legNote = useLegNote();
  const target = useRef<HTMLDivElement>(null);
  const calendar = useRef<Calendar | null>(null);
  const open = useRef(onOpen);
  open.current = onOpen;

  useEffect(() => {
    const instance = createCalendar(target.current!, [ResourceTimeline], {
      headerToolbar: { start: '', center: '', end: '' },
      height: 'auto',
      firstDay: 1,
      eventContent: (info) => {
        const lines = info.event.extendedProps.lines as { text: string; className: string }[] | undefined;
        return lines ? blockContent(lines) : '';
      },
      eventClick: (info) => open.current(Number(info.event.extendedProps.bookingId)),
      eventDidMount: (info) => {
        // Blocks are reachable by keyboard too: Tab to one, Enter or Space opens it.
        const element = info.el;
        element.tabIndex = 0;
        element.setAttribute('role', 'button');
        element.setAttribute('aria-label', String(info.event.extendedProps.label));
        element.addEventListener('keydown', (event) => {
          if (event.key !== 'Enter' && event.key !== ' ') return;
          event.preventDefault();
          open.current(Number(info.event.extendedProps.bookingId));
        });
      },
    });
    calendar.current = instance;
    return () => {
      calendar.current = null;
      void destroyCalendar(instance);
    };
  }, []);

  useEffect(() => {
    const instance = calendar.current;
    if (!instance) return;
    const language = getStoredLanguage();
    const groups = new Map<string, string>();
    const events = trips.map((trip) => {
      const resource = tripGroup(trip, group, t);
      groups.set(resource.id, resource.title);
      const classNames = ['planning-event', `planning-${trip.status}`];
      if (!trip.driver) classNames.push('planning-unassigned');
      const flight = flightFlag(trip, t);
      if (flight) classNames.push('planning-flight-flag');
      return {
        id: `${trip.bookingId}-${trip.leg}`,
        resourceIds: [resource.id],
        start: parisWallClock(trip.start),
        end: parisWallClock(trip.end),
        title: `${trip.reference} ${trip.customerName} · ${trip.route}${trip.driver ? '' : ` · ${t('pages.planning.unassigned')}`}`,
        classNames,
        extendedProps: {
          bookingId: trip.bookingId,
          label: tripLabel(trip, t, legNote(trip)),
          lines: [
            { text: `${formatParisTime(trip.start, language)} – ${formatParisTime(trip.end, language)} · ${trip.reference}`, className: 'planning-block-time' },
            ...(flight ? [{ text: flight, className: 'planning-block-flight' }] : []),
            { text: [trip.route, legNote(trip)].filter(Boolean).join(' · '), className: 'planning-block-route' },
            { text: trip.customerName, className: 'planning-block-line' },
            { text: trip.driver ? trip.driver.name : t('pages.planning.unassigned'), className: 'planning-block-line' },
          ],
        },
      };
    });
    const resources = [...groups].map(([id, title]) => ({ id, title })).sort((a, b) => a.title.localeCompare(b.title));
    instance.setOption('locale', i18n.language);
    instance.setOption('view', 'resourceTimelineDay');
    // Hours written as clocks show them ("09:00"), an hour per slot, from an hour before the first trip.
    instance.setOption('slotDuration', '01:00');
    instance.setOption('slotLabelFormat', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    instance.setOption('slotWidth', HOUR_WIDTH);
    const first = trips.find((trip) => parisDayOf(trip.start) === day);
    const firstHour = first ? getParisParts(Date.parse(first.start)).hour : 8;
    // The day starts there rather than scrolling to it: the library scrolls by the document's
    // direction, and this timeline runs left to right on Arabic pages too.
    const earlier = trips.some((trip) => parisDayOf(trip.start) < day);
    instance.setOption('slotMinTime', earlier ? '00:00' : `${String(Math.max(0, firstHour - 1)).padStart(2, '0')}:00`);
    instance.setOption('date', day);
    instance.setOption('resources', resources.length > 0 ? resources : [{ id: 'none', title: group === 'car' ? t('pages.planning.byCar') : t('pages.planning.byDriver') }]);
    instance.setOption('events', events);
  }, [trips, day, group, t, i18n.language, legNote]);

  return <div className="planning-timeline" dir="ltr" ref={target} data-testid="planning-timeline" />;
}

import { createCalendar, destroyCalendar, ResourceTimeline, type Calendar } from '@event-calendar/core';
import '@event-calendar/core/index.css';
import type { CalendarTrip } from '@vtc/shared/planning/planning-schemas';
import { toParisDateTimeLocal } from '@vtc/shared/time/paris-time';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanningView } from './planning-api';
import { tripGroup, tripLabel, type PlanningGroup } from './planning-trips';

interface PlanningTimelineProps {
  trips: CalendarTrip[];
  view: PlanningView;
  /** The first day shown, YYYY-MM-DD on Paris clocks. */
  day: string;
  group: PlanningGroup;
  onOpen: (bookingId: number) => void;
}

/** About the width the timeline gives its column of cars or chauffeurs. */
const RESOURCE_COLUMN = 260;

/** Paris wall-clock time without an offset: the timeline shows such "floating" times as they are. */
const parisWallClock = (iso: string) => `${toParisDateTimeLocal(Date.parse(iso))}:00`;

/**
 * The resource timeline of @event-calendar/core (decision 0084): one row per car or chauffeur,
 * one block per leg from pickup to the end of its hold, coloured by status. Time runs left to
 * right in every language, as clocks do; the words in it follow the page's language.
 */
export function PlanningTimeline({ trips, view, day, group, onOpen }: PlanningTimelineProps) {
  const { t, i18n } = useTranslation('admin');
  const target = useRef<HTMLDivElement>(null);
  const calendar = useRef<Calendar | null>(null);
  const open = useRef(onOpen);
  open.current = onOpen;

  useEffect(() => {
    const instance = createCalendar(target.current!, [ResourceTimeline], {
      headerToolbar: { start: '', center: '', end: '' },
      height: 'auto',
      firstDay: 1,
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
    const groups = new Map<string, string>();
    const events = trips.map((trip) => {
      const resource = tripGroup(trip, group, t);
      groups.set(resource.id, resource.title);
      const classNames = ['planning-event', `planning-${trip.status}`];
      if (!trip.driver) classNames.push('planning-unassigned');
      return {
        id: `${trip.bookingId}-${trip.leg}`,
        resourceIds: [resource.id],
        start: parisWallClock(trip.start),
        end: parisWallClock(trip.end),
        title: `${trip.reference} ${trip.customerName} · ${trip.route}${trip.driver ? '' : ` · ${t('pages.planning.unassigned')}`}`,
        classNames,
        extendedProps: { bookingId: trip.bookingId, label: tripLabel(trip, t) },
      };
    });
    const resources = [...groups].map(([id, title]) => ({ id, title })).sort((a, b) => a.title.localeCompare(b.title));
    instance.setOption('locale', i18n.language);
    instance.setOption('view', view === 'day' ? 'resourceTimelineDay' : 'resourceTimelineWeek');
    // A week fits the page's width: four slots of six hours a day, labelled by the hour alone.
    const slots = view === 'day' ? 24 : 28;
    const width = target.current?.clientWidth ?? 1000;
    instance.setOption('slotDuration', view === 'day' ? '01:00' : '06:00');
    instance.setOption('slotLabelFormat', { hour: 'numeric' });
    instance.setOption('slotWidth', Math.max(view === 'day' ? 48 : 20, Math.floor((width - RESOURCE_COLUMN) / slots)));
    instance.setOption('date', day);
    instance.setOption('resources', resources.length > 0 ? resources : [{ id: 'none', title: group === 'car' ? t('pages.planning.byCar') : t('pages.planning.byDriver') }]);
    instance.setOption('events', events);
  }, [trips, view, day, group, t, i18n.language]);

  return <div className="planning-timeline" dir="ltr" ref={target} data-testid="planning-timeline" />;
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HolidayBody } from '@vtc/shared/calendar/holiday-schemas';
import { adminErrors, adminSecurity, DeletedItem, IdParams, listResponse, mutationResponse } from '../../platform/lib/api-schemas.ts';
import { HolidayItem } from '@vtc/shared/calendar/calendar-responses';
import { getParisParts } from '@vtc/shared/time/paris-time';
import { toHolidayItem } from './holiday-mappers.ts';
import { addHoliday, editHoliday, getHolidays, removeHoliday } from './holidays-service.ts';

const bodyNote = [
  'A holiday recurs every year: kind `fixed` (the default) on day/month (day 1-31, month 1-12, the date must exist: 31/02 is refused),',
  'or kind `easter` a number of days after Easter Sunday (easterOffset -100..100: Easter Monday 1, Ascension 39, Whit Monday 50; day and month are ignored).',
  'One holiday per rule: the same date or the same easterOffset twice is 409 holiday_exists.',
].join(' ');
const itemNote = 'Items carry kind, easterOffset and nextDate (the next day the rule falls on, Paris); an Easter rule\'s day and month are those of nextDate.';

/** Today's date in Paris, from which each rule's next date is counted. */
const parisToday = () => {
  const { year, month, day } = getParisParts(new Date());
  return { year, month, day };
};

/** Public holidays, which carry a surcharge (admin). */
const holidaysRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/getAll',
    {
      schema: {
        tags: ['holidays'],
        summary: 'All holidays: fixed dates in calendar order, then the Easter-relative ones (admin)',
        description: itemNote,
        security: adminSecurity,
        response: { 200: listResponse(HolidayItem), ...adminErrors },
      },
    },
    async () => {
      const today = parisToday();
      return { data: (await getHolidays(app.db)).map((row) => toHolidayItem(row, today)) };
    },
  );

  app.post(
    '/add',
    {
      schema: {
        tags: ['holidays'],
        summary: 'Add a holiday (admin)',
        description: bodyNote,
        security: adminSecurity,
        body: HolidayBody,
        response: { 201: mutationResponse(HolidayItem), ...adminErrors },
      },
    },
    async (request, reply) => {
      const holiday = await addHoliday(app.db, request.body);
      return reply.status(201).send({ message: request.t('created'), data: toHolidayItem(holiday, parisToday()) });
    },
  );

  app.put(
    '/update/:id',
    {
      schema: {
        tags: ['holidays'],
        summary: 'Edit a holiday (admin)',
        description: bodyNote,
        security: adminSecurity,
        params: IdParams,
        body: HolidayBody,
        response: { 200: mutationResponse(HolidayItem), ...adminErrors },
      },
    },
    async (request) => {
      const holiday = await editHoliday(app.db, request.params.id, request.body);
      return { message: request.t('updated'), data: toHolidayItem(holiday, parisToday()) };
    },
  );

  app.delete(
    '/delete/:id',
    {
      schema: {
        tags: ['holidays'],
        summary: 'Delete a holiday (admin)',
        security: adminSecurity,
        params: IdParams,
        response: { 200: mutationResponse(DeletedItem), ...adminErrors },
      },
    },
    async (request) => {
      const holiday = await removeHoliday(app.db, request.params.id);
      return { message: request.t('deleted'), data: { id: holiday.id } };
    },
  );
};

export default holidaysRoutes;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@vtc/shared/api/api-responses';
import { MissionResponse, MissionStatusResponse } from '@vtc/shared/missions/mission-responses';
import { MissionEndBody, MissionQuery, MissionStatusBody } from '@vtc/shared/missions/mission-schemas';
import { IdParams } from '../../platform/lib/api-schemas.ts';
import { sendFile } from '../../platform/lib/send-file.ts';
import { MissionBalanceBody } from '@vtc/shared/booking/booking-balance';
import { endMissionHire, getMission, missionVoucherPdf, recordMissionBalance, recordMissionStatus } from './missions-service.ts';
import { PositionBody } from '@vtc/shared/missions/tracking-schemas';
import { PositionResponse } from '@vtc/shared/missions/tracking-responses';
import { recordPosition } from '../tracking/record-position.ts';

const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse } as const;
const tokenNote = [
  'No account: the token of the chauffeur’s e-mailed link. 404 mission_link_invalid for a wrong token or another booking’s;',
  '403 mission_link_expired the day after the trip. Once the trip is off for this chauffeur (decision 0109), the steps and',
  'the voucher are refused: 403 mission_link_revoked when it was given to someone else, 409 mission_closed when cancelled.',
].join(' ');

/** The chauffeur's mission link (decision 0083), mounted at /mission. */
const missionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id',
    {
      schema: {
        tags: ['missions'],
        summary: 'The mission of one booking, for its chauffeur’s link',
        description: `${tokenNote} An off trip answers 200 { status: 'off', reason: 'cancelled' | 'reassigned' } and nothing of the trip.`,
        params: IdParams,
        querystring: MissionQuery,
        response: { 200: MissionResponse, ...errors },
      },
    },
    async (request) => {
      const mission = await getMission(app.db, app.config, request.params.id, request.query.token);
      return { data: mission.status === 'off' ? { ...mission, message: request.t(`mission_off_${mission.reason}`) } : mission };
    },
  );

  app.get(
    '/voucher/:id',
    {
      schema: {
        tags: ['missions'],
        summary: 'The booking voucher (PDF) the chauffeur shows on request during the trip',
        description: `${tokenNote} 404 voucher_not_issued before the company accepts.`,
        params: IdParams,
        querystring: MissionQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const file = await missionVoucherPdf(app.db, request.params.id, request.query.token);
      return sendFile(reply, 'application/pdf', file.filename, file.bytes);
    },
  );

  app.put(
    '/status/:id',
    {
      schema: {
        tags: ['missions'],
        summary: 'The chauffeur’s step: en_route, on_site, on_board, done',
        description: [
          tokenNote,
          'Steps go in order (no_show only from on_site); the current step again changes nothing; any other is 409',
          'mission_status_order. Steps follow the clock (decision 0117): en_route opens MISSION_EN_ROUTE_HOURS before pickup (409',
          'mission_step_too_early), done at pickup, the return’s for a return trip (409 trip_not_started), no_show once the waiting',
          'time included is over (409 no_show_too_early); each message says from when. en_route e-mails the customer; done',
          'completes the booking, accepted or paid, and issues the invoice; no_show waits for the company to confirm it.',
          '409 mission_closed when the booking is cancelled or closed.',
        ].join(' '),
        params: IdParams,
        body: MissionStatusBody,
        response: { 200: MissionStatusResponse, ...errors },
      },
    },
    async (request) => {
      const { mission } = await recordMissionStatus({ db: app.db, config: app.config }, request.params.id, request.body.token, request.body.status);
      return { message: request.t('mission_status_saved'), data: mission };
    },
  );

  app.post(
    '/position/:id',
    {
      schema: {
        tags: ['missions'],
        summary: 'One position of the chauffeur’s phone, shared from en_route until on_board (decision 0132)',
        description: [
          tokenNote,
          '`lat`, `lon`, `accuracy` (metres, at most 10 km) and `at` (when the phone took it, ISO 8601 with offset).',
          'Before en_route 409 position_not_yet, from on_board 409 position_sharing_over; a time before en_route or more than',
          'two minutes ahead of the server 422 position_time_invalid; not after the last one received 409 position_out_of_order.',
          'Nothing is stored on a refusal. Shown only to the trip’s customer (GET /api/track/{id}), deleted',
          'POSITION_RETENTION_HOURS after the trip.',
        ].join(' '),
        params: IdParams,
        body: PositionBody,
        response: { 200: PositionResponse, ...errors, 422: ErrorResponse },
      },
    },
    async (request) => {
      const update = await recordPosition({ db: app.db, config: app.config }, request.params.id, request.body);
      return { message: request.t('position_saved'), data: update };
    },
  );

  app.put(
    '/end/:id',
    {
      schema: {
        tags: ['missions'],
        summary: 'The chauffeur ends a hire or a tour: the end time and the km, overtime and extra km billed',
        description: [
          tokenNote,
          'A hire’s "done" (decision 0137; PUT /status with done on a hire is 409 hire_end_required). `endedAt` is the end on Paris',
          'clocks (YYYY-MM-DDTHH:MM), `km` the km driven in all (whole km). Overtime: started quarter hours past the booked end, each a',
          'quarter of the hourly rate of the car in the pickup’s season; extra km: beyond those included (per billed hour, 8 h a day by',
          'the day; none billed for a tour) at the extra-km price. Both are added to the total and to the invoice as lines with their',
          'reason; the booking is completed. 400 overtime_before_end (before the booked end) or hire_end_in_future on endedAt, nothing',
          'saved; 409 not_a_hire for a transfer, 409 mission_status_order before on_board or once done, 409 mission_closed.',
        ].join(' '),
        params: IdParams,
        body: MissionEndBody,
        response: { 200: MissionStatusResponse, ...errors },
      },
    },
    async (request) => {
      const { token, ...end } = request.body;
      const mission = await endMissionHire({ db: app.db, config: app.config, log: request.log }, request.params.id, token, end);
      return { message: request.t('hire_ended'), data: mission };
    },
  );

  app.put(
    '/balance/:id',
    {
      schema: {
        tags: ['missions'],
        summary: 'The chauffeur records the balance collected at the end of the trip, and how',
        description: [
          tokenNote,
          '`amountCents` (> 0) and `method` (cash, card_terminal, transfer). Only once the trip is done (409 balance_not_due);',
          '409 balance_settled when nothing remains, 409 balance_above_remaining for more than remains (decision 0117).',
        ].join(' '),
        params: IdParams,
        body: MissionBalanceBody,
        response: { 200: MissionStatusResponse, ...errors },
      },
    },
    async (request) => {
      const { token, ...balance } = request.body;
      const mission = await recordMissionBalance({ db: app.db, config: app.config }, request.params.id, token, balance);
      return { message: request.t('balance_recorded'), data: mission };
    },
  );
};

export default missionsRoutes;


import fastifySse from '@fastify/sse';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@vtc/shared/api/api-responses';
import { TrackingResponse, type Tracking, type TrackingUpdate } from '@vtc/shared/missions/tracking-responses';
import { TrackQuery } from '@vtc/shared/missions/tracking-schemas';
import { IdParams } from '../../platform/lib/api-schemas.ts';
import { AppError } from '../../platform/lib/app-error.ts';
import { createTrackingHub } from './tracking-hub.ts';
import { getTracking } from './tracking-service.ts';
import type { TrackingEvent } from './tracking-updates.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse, 410: ErrorResponse } as const;
const tokenNote = [
  'No account: the token of the tracking link mailed to the customer when the chauffeur sets off (decision 0132).',
  '401 tracking_link_invalid for a token that is not this trip’s (tampered, or another trip’s); 404 tracking_not_found;',
  '410 tracking_cancelled for a cancelled or rejected trip, 410 tracking_over once the trip is done or past its end.',
].join(' ');

/** How long a browser waits before it reconnects a lost stream, ms (sent as the stream's `retry`). */
const RECONNECT_MS = 2_000;

const updateOf = ({ status, position, arrival }: Tracking): TrackingUpdate => ({ status, position, arrival });

/** The customer's tracking link (decision 0132), mounted at /track. */
const trackingRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifySse, { heartbeatInterval: 25_000 });
  const hub = createTrackingHub(app.caches.feed);
  const streams = new Set<FastifyReply>();
  // Open streams would hold a graceful shutdown for ever: they are ended first, and browsers reconnect to another process.
  app.addHook('preClose', async () => {
    for (const reply of streams) reply.sse.close();
    streams.clear();
    hub.close();
  });

  app.get(
    '/:id',
    {
      schema: {
        tags: ['tracking'],
        summary: 'The trip as its customer follows it: status, the car’s last position and the arrival estimate',
        description: `${tokenNote} Before en_route, status waiting and no position; from on_board, no position.`,
        params: IdParams,
        querystring: TrackQuery,
        response: { 200: TrackingResponse, ...errors },
      },
    },
    async (request) => ({ data: await getTracking(app.db, app.config, request.params.id, request.query.token) }),
  );

  app.get(
    '/stream/:id',
    {
      sse: 'manual',
      schema: {
        tags: ['tracking'],
        summary: 'Server-Sent Events: one `position` event per position of the chauffeur, `status` at each step, `over` at the end',
        description: [
          tokenNote,
          'The refusals come as JSON before the stream starts. The first event is `status`, the trip as it is now; each event’s',
          'data is `{ status, position, arrival }` (null for `over`, after which the stream ends). Events reach every server',
          'process through the database’s notifications; a browser’s EventSource reconnects by itself.',
        ].join(' '),
        params: IdParams,
        querystring: TrackQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { token } = request.query;
      // Events that come while the trip is first read wait for it, so that the page gets them after the state they follow.
      let queued: TrackingEvent[] | null = [];
      // A step's notification can reach this process after the page has read the trip it changed: an update that
      // tells the page nothing new (same step, same position) is not sent twice.
      let lastShown: string | undefined;
      const send = (event: TrackingEvent['event'], data: TrackingUpdate | null) => {
        if (!reply.sse.isConnected) return;
        if (data) {
          const shown = JSON.stringify([data.status, data.position]);
          if (shown === lastShown) return;
          lastShown = shown;
        }
        reply.sse.send({ event, data }).catch(() => reply.sse.close());
        if (event === 'over') reply.sse.close();
      };
      // One re-read at a time, and one more if the trip changed meanwhile: two reads in flight could answer out of order.
      let reading = false;
      let readAgain = false;
      // Events sent so far: a re-read that began before an event was sent may not include it (a position posted while
      // it ran), so its answer is dropped and the trip read once more, rather than sent after the event as older news.
      let eventsSent = 0;
      const resync = () => {
        if (reading) {
          readAgain = true;
          return;
        }
        reading = true;
        const sentBefore = eventsSent;
        getTracking(app.db, app.config, id, token)
          .then(
            (tracking) => {
              if (eventsSent === sentBefore) send('status', updateOf(tracking));
              else readAgain = true;
            },
            (error: unknown) => (error instanceof AppError && error.statusCode === 410 ? send('over', null) : request.log.warn({ err: error }, 'tracking resync failed')),
          )
          .finally(() => {
            reading = false;
            if (readAgain && reply.sse.isConnected) {
              readAgain = false;
              resync();
            }
          });
      };
      const deliver = (event: TrackingEvent) => {
        if (queued) {
          queued.push(event);
          return;
        }
        eventsSent += 1;
        send(event.event, event.update);
      };
      const unsubscribe = hub.subscribe(id, {
        event: deliver,
        resync,
      });
      let tracking: Tracking;
      try {
        tracking = await getTracking(app.db, app.config, id, token);
      } catch (error) {
        unsubscribe();
        throw error;
      }
      reply.sse.keepAlive();
      streams.add(reply);
      reply.sse.onClose(() => {
        unsubscribe();
        streams.delete(reply);
      });
      const first = updateOf(tracking);
      lastShown = JSON.stringify([first.status, first.position]);
      await reply.sse.send({ event: 'status', data: first, retry: RECONNECT_MS });
      const waiting = queued;
      queued = null;
      for (const event of waiting) deliver(event);
    },
  );
};

export default trackingRoutes;

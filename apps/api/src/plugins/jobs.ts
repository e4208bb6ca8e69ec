import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJobRunner, type JobRunner } from '../jobs/job-runner.ts';
import { purgeExpiredCredentials } from '../jobs/purge-expired-credentials.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

/** The scheduled jobs of this server; a new kind of job is one more entry in `jobs`. */
export default fp(
  async function jobsPlugin(app: FastifyInstance) {
    const runner = createJobRunner({ db: app.db, log: app.log, pollMs: app.config.JOB_POLL_MS, jobs: [purgeExpiredCredentials] });
    app.decorate('jobs', runner);
    if (app.config.JOB_WORKER) app.addHook('onReady', async () => runner.start());
    app.addHook('onClose', async () => runner.stop());
  },
  { name: 'jobs', dependencies: ['config'] },
);

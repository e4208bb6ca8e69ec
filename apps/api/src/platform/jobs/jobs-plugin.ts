import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJobRunner, type JobDefinition, type JobRunner } from './job-runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

export type JobsPluginOptions = {
  /** The scheduled jobs of this server, given by the business folders (app.ts). */
  jobs: JobDefinition[];
};

/** Runs the durable scheduled jobs (docs/decisions/0062); a new kind of job is one more entry in `jobs`. */
export default fp<JobsPluginOptions>(
  async function jobsPlugin(app: FastifyInstance, options) {
    const runner = createJobRunner({ db: app.db, log: app.log, pollMs: app.config.JOB_POLL_MS, jobs: options.jobs });
    app.decorate('jobs', runner);
    if (app.config.JOB_WORKER) app.addHook('onReady', async () => runner.start());
    app.addHook('onClose', async () => runner.stop());
  },
  { name: 'jobs', dependencies: ['config'] },
);

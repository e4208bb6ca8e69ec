import { buildApp } from './app.ts';
import { ConfigError, loadConfig, loadDotEnv } from './config.ts';
import { openDatabase } from './platform/db/open-database.ts';
import { seedDemoData } from './demo/demo-seed.ts';
import { importUploadFolder } from './platform/lib/image-files.ts';
import { ensureFirstAdmin } from './accounts/auth/ensure-admin.ts';
import { checkHealth } from './site/health/check-health.ts';
import { startHealthWatchdog } from './site/health/health-watchdog.ts';

async function main() {
  loadDotEnv();
  const config = loadConfig();
  const database = await openDatabase(config);
  const imported = await importUploadFolder(database.db, config.UPLOADS_DIR);
  if (imported > 0) console.log(`Uploaded images moved from ${config.UPLOADS_DIR} into the database: ${imported}`);
  if (config.SEED_DEMO) await seedDemoData(database.db, { images: true });
  const admin = await ensureFirstAdmin(database.db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });

  const app = await buildApp({ config, database });
  let stopping = false;
  // A process that lives but no longer serves is ended, for the supervisor to start a fresh one.
  const watchdog =
    config.HEALTH_WATCHDOG_SECONDS > 0
      ? startHealthWatchdog({
          check: () => checkHealth(database.db),
          limitMs: config.HEALTH_WATCHDOG_SECONDS * 1_000,
          onStuck: ({ failingForMs, lastError }) => {
            app.log.fatal({ err: lastError, failingForMs }, 'health failing for too long (HEALTH_WATCHDOG_SECONDS): exiting for a restart');
            process.exit(1);
          },
        })
      : undefined;
  /**
   * Stops accepting connections, lets the requests in flight finish, then the app's onClose
   * hooks stop the mail worker (it finishes the mail it is sending) and the change feed; the
   * database goes last. Past SHUTDOWN_TIMEOUT_MS the process exits anyway.
   */
  const shutdown = async (signal: string) => {
    // Ctrl-C under `npm start` reaches this process from the terminal and again through npm and
    // the start script: later signals must not cut the shutdown short; its timeout bounds it.
    if (stopping) return;
    stopping = true;
    watchdog?.stop();
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error({ timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'shutdown timed out: exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS).unref();
    try {
      await app.close();
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    app.log.info('stopped');
    process.exit(0);
  };
  // A keep-alive connection whose request was in flight at the signal closes after its answer,
  // instead of holding the shutdown until it idles out.
  app.addHook('onSend', async (_request, reply) => {
    if (stopping) reply.header('connection', 'close');
  });
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const where = config.DATABASE_URL ? 'PostgreSQL' : `PGlite at ${config.PGLITE_DIR}`;
  console.log(`\nRiviera VTC is running on ${config.PUBLIC_URL} (database: ${where})`);
  if (admin) {
    console.log('\nAn admin account was created. Keep these credentials; they are shown only once:');
    console.log(`  e-mail:   ${admin.email}`);
    console.log(`  password: ${admin.generated ? admin.password : '(the ADMIN_PASSWORD you set)'}\n`);
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Start failed:', error);
  }
  process.exit(1);
});

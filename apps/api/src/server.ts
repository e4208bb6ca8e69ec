import { buildApp } from './app.ts';
import { ConfigError, loadConfig, loadDotEnv } from './config.ts';
import { openDatabase } from './db/open-database.ts';
import { seedDemoData } from './db/seed.ts';
import { importUploadFolder } from './lib/image-files.ts';
import { ensureFirstAdmin } from './modules/auth/ensure-admin.ts';

async function main() {
  loadDotEnv();
  const config = loadConfig();
  const database = await openDatabase(config);
  const imported = await importUploadFolder(database.db, config.UPLOADS_DIR);
  if (imported > 0) console.log(`Uploaded images moved from ${config.UPLOADS_DIR} into the database: ${imported}`);
  if (config.SEED_DEMO) await seedDemoData(database.db, { images: true });
  const admin = await ensureFirstAdmin(database.db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });

  const app = await buildApp({ config, database });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

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

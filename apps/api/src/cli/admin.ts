import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, loadDotEnv } from '../config.ts';
import { openDatabase } from '../platform/db/open-database.ts';
import { generatePassword, upsertAdmin } from '../accounts/auth/ensure-admin.ts';

const USAGE = `Usage: npm run admin -- --email <e-mail> [--password <password>] [--name <full name>]
Creates an admin account, or makes the account admin and sets its password.
Without --password a password is generated and printed.`;

async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help || !values.email) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 1);
  }
  if (values.password !== undefined && values.password.length < 10) {
    console.error('The password must be at least 10 characters.');
    process.exit(1);
  }
  loadDotEnv();
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const password = values.password ?? generatePassword();
    const outcome = await upsertAdmin(database.db, { email: values.email, password, fullName: values.name });
    console.log(`Admin ${outcome === 'created' ? 'created' : 'updated'}: ${values.email}`);
    if (!values.password) console.log(`Password: ${password}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});

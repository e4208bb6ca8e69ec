import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from './src/app';
import { loadConfig } from './src/config';
import { openDatabase } from './src/db/open-database';
import { seedDemoData } from './src/db/seed';
import { upsertAdmin } from './src/modules/auth/ensure-admin';
const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'sz-')), LOG_LEVEL: 'silent', MAIL_WORKER: 'false' });
const database = await openDatabase(config);
await seedDemoData(database.db);
await upsertAdmin(database.db, { email: 'a@b.test', password: 'bench-password' });
const app = await buildApp({ config, database, logger: false });
const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.test', password: 'bench-password' } });
const token = login.json().token;
const year = new Date().getFullYear() + 1;
const add = await app.inject({ method: 'POST', url: '/api/user/booking/add', headers: { authorization: `Bearer ${token}` }, payload: {
  origin: { title: 'Nice', placeId: 'city-nice' }, destination: { title: 'Monaco', placeId: 'city-monaco' }, date: `${year}-07-14T21:30`,
  passengers: JSON.stringify({ adults: 3, children: 1, childrenSeat: 1 }), packages: JSON.stringify({ under10kg: 2, above10kg: 1, above30kg: 0 }) } });
const r = await app.inject({ url: `/api/user/booking/step-two/${add.json().bookingId}`, headers: { authorization: `Bearer ${token}` } });
console.log(r.statusCode, r.body.length, JSON.stringify(r.headers));
console.log(r.body);
await app.close(); await database.close();

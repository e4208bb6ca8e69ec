import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { HireLimits } from '@vtc/shared/booking/service-types';
import { WhatsappTemplatesSetting } from './platform/texts/whatsapp-templates.ts';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();
const optionalUrl = (protocols: RegExp) =>
  optionalString.refine((value) => value === undefined || (URL.canParse(value) && protocols.test(value)), {
    message: `must be a URL (${protocols.source})`,
  });
const boolFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((value) => (value === undefined || value === '' ? fallback : value === 'true' || value === '1'));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalUrl(/^https?:/),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, 'data')),
  PGLITE_DIR: optionalString,
  DATABASE_URL: optionalUrl(/^postgres(ql)?:/),
  JWT_SECRET: optionalString.refine((value) => value === undefined || value.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).default(15 * 60),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  PASSWORD_RESET_TTL_MINUTES: z.coerce.number().int().min(5).default(60),
  /** Life of a one-time sign-in link (decision 0106): short, it opens a session by itself. */
  SIGN_IN_LINK_TTL_MINUTES: z.coerce.number().int().min(1).max(60).default(15),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_WINDOW: z.string().default('1 minute'),
  /** Sign-in attempts per account (from any address) before it is locked, with backoff. */
  AUTH_ACCOUNT_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(5),
  AUTH_ACCOUNT_LOCK_MINUTES: z.coerce.number().min(0.01).default(15),
  EMAIL_VERIFICATION_TTL_HOURS: z.coerce.number().int().min(1).default(48),
  /** Life of an invitation to join a company account for an address with no verified account (decision 0134). */
  COMPANY_INVITATION_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(14),
  /** Verification mails one account, or one client address, may ask for again per window. */
  VERIFICATION_RESEND_MAX: z.coerce.number().int().min(1).default(3),
  VERIFICATION_RESEND_WINDOW: z.string().default('1 hour'),
  /**
   * Mails of one kind that anyone can ask for (a reset link, a verification link, a contact
   * receipt) per recipient address and per account within the window (decision 0107).
   */
  MAIL_CAP_ADDRESS_MAX: z.coerce.number().int().min(1).default(5),
  MAIL_CAP_ACCOUNT_MAX: z.coerce.number().int().min(1).default(5),
  MAIL_CAP_WINDOW_MINUTES: z.coerce.number().int().min(1).default(60),
  /** Profile updates (name, e-mail, phone) per window: per account, per client address. */
  PROFILE_RATE_LIMIT_ACCOUNT_MAX: z.coerce.number().int().min(1).default(10),
  PROFILE_RATE_LIMIT_ADDRESS_MAX: z.coerce.number().int().min(1).default(30),
  PROFILE_RATE_LIMIT_WINDOW: z.string().default('1 hour'),
  /** Booking creations (step one), and separately confirmations (step three), per window: per account, per client address. */
  BOOKING_RATE_LIMIT_ACCOUNT_MAX: z.coerce.number().int().min(1).default(20),
  BOOKING_RATE_LIMIT_ADDRESS_MAX: z.coerce.number().int().min(1).default(60),
  BOOKING_RATE_LIMIT_WINDOW: z.string().default('1 hour'),
  /** Quotes (step one without an account) one client address may start per booking window (decision 0092). */
  QUOTE_RATE_LIMIT_ADDRESS_MAX: z.coerce.number().int().min(1).default(30),
  /** Days after which a visitor's quote nobody claimed (still draft or car_selected) is deleted. */
  QUOTE_RETENTION_DAYS: z.coerce.number().int().min(1).max(90).default(3),
  SMTP_URL: optionalUrl(/^smtps?:/),
  MAIL_FROM: z.string().default('Riviera VTC <no-reply@riviera-vtc.fr>'),
  MAIL_WORKER: boolFlag(true),
  MAIL_POLL_MS: z.coerce.number().int().min(50).default(2000),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(8),
  /** Scheduled jobs (purges, reminders) are run by every process that has this on; each runs once. */
  JOB_WORKER: boolFlag(true),
  JOB_POLL_MS: z.coerce.number().int().min(50).default(5000),
  /** The company is reminded of a booking still pending this many minutes after it was confirmed (decision 0086). */
  PENDING_REMINDER_MINUTES: z
    .string()
    .default('30,120')
    .transform((value) => value.split(',').map((part) => part.trim()).filter((part) => part !== '').map(Number))
    .pipe(z.array(z.number().int().min(1).max(7 * 24 * 60)).max(10))
    .transform((minutes) => [...new Set(minutes)].sort((a, b) => a - b)),
  /** The customer's reminder leaves this many hours before pickup. */
  CUSTOMER_REMINDER_HOURS: z.coerce.number().int().min(1).max(168).default(24),
  /** Hours after a trip is completed before its customer is asked for a rating (decision 0146); 0 asks at once. */
  FEEDBACK_REQUEST_DELAY_HOURS: z.coerce.number().min(0).max(720).default(2),
  /** The company's public reviews page (Google, Tripadvisor…), offered after a rating of at least FEEDBACK_REVIEWS_MIN_RATING. */
  REVIEWS_URL: optionalUrl(/^https:/),
  FEEDBACK_REVIEWS_MIN_RATING: z.coerce.number().int().min(1).max(5).default(4),
  /** Paris time at which each chauffeur gets the next day's trips. */
  DRIVER_DIGEST_TIME: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM').default('19:00'),
  /** Where the chauffeur meets customers arriving by air, added to the airport reminder (any language). */
  AIRPORT_MEETING_NOTE: optionalString,
  /** Seconds a claimed mail is kept from other processes; renewed while it is being sent. */
  MAIL_LEASE_SECONDS: z.coerce.number().int().min(1).default(300),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: optionalUrl(/^https?:/),
  /** PayPal REST app (decision 0094): the deposit by PayPal needs all three; the tile says "not configured" otherwise. */
  PAYPAL_CLIENT_ID: optionalString,
  PAYPAL_CLIENT_SECRET: optionalString,
  PAYPAL_WEBHOOK_ID: optionalString,
  PAYPAL_ENVIRONMENT: z.enum(['sandbox', 'live']).default('sandbox'),
  /** Another host for PayPal's API (tests use a stub on loopback); the SDK's requests are routed there. */
  PAYPAL_API_URL: optionalUrl(/^https?:/),
  /**
   * Text messages (decision 0130): `twilio` sends them through Twilio's API; `none` (the default)
   * records each one as skipped and sends nothing.
   */
  SMS_PROVIDER: z.enum(['twilio', 'none']).default('none'),
  /** `whatsapp` sends the texts by WhatsApp (Twilio's `whatsapp:` addresses) instead of SMS. */
  SMS_CHANNEL: z.enum(['sms', 'whatsapp']).default('sms'),
  /** How long one request to the SMS provider may take before it counts as failed (retried later). */
  SMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  /** The SMS sender: a number in E.164, an alphanumeric sender id, or a Messaging Service SID (MG…). */
  TWILIO_FROM: optionalString,
  /** The WhatsApp sender's number in E.164, for SMS_CHANNEL=whatsapp. */
  TWILIO_WHATSAPP_FROM: optionalString.refine((value) => value === undefined || /^\+[1-9]\d{6,14}$/.test(value), { message: 'must be a number in E.164 (+33…)' }),
  /**
   * The approved WhatsApp templates (decision 0148), JSON: `{"booking_accepted": {"fr": "HX…", "en": "HX…", "ar": "HX…"}, …}`.
   * A WhatsApp text whose kind and language have none goes by SMS from TWILIO_FROM, or is skipped.
   */
  TWILIO_WHATSAPP_TEMPLATES: WhatsappTemplatesSetting,
  /** Another host for Twilio's API (tests use a stub on loopback); the SDK's requests are routed there. */
  TWILIO_API_URL: optionalUrl(/^https?:/),
  /**
   * Flights followed (decision 0144): `aerodatabox` asks AeroDataBox (RapidAPI or API.Market) for an
   * airport pickup's flight and moves the pickup with a delay; `none` (the default) follows no
   * flight, and the site does not say it does.
   */
  FLIGHTS_PROVIDER: z.enum(['none', 'aerodatabox']).default('none'),
  FLIGHTS_API_KEY: optionalString,
  /** AeroDataBox's base URL: RapidAPI's by default; API.Market's, or a loopback stub in tests. */
  FLIGHTS_API_URL: optionalUrl(/^https?:/),
  /** The header the key goes in: `X-RapidAPI-Key` (RapidAPI) or `x-magicapi-key` (API.Market). */
  FLIGHTS_API_KEY_HEADER: z.string().regex(/^[A-Za-z0-9-]+$/).default('X-RapidAPI-Key'),
  /** How long one flight request may take before it counts as failed (asked again at the next poll). */
  FLIGHTS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  /** A flight is followed from this many hours before its pickup. */
  FLIGHTS_POLL_START_HOURS: z.coerce.number().min(0.5).max(48).default(4),
  /** Minutes between two looks at the flights followed (decimals allowed, for tests). */
  FLIGHTS_POLL_MINUTES: z.coerce.number().min(0.01).max(240).default(10),
  MAPS_API_KEY: optionalString,
  /**
   * The certified e-invoicing platform ("plateforme agréée", decision 0139): `none` keeps the
   * Factur-X files downloadable only; `http` sends each business document to EINVOICE_API_URL
   * (AFNOR XP Z12-013 style: POST the file, GET its status) with EINVOICE_API_KEY as bearer.
   */
  EINVOICE_PLATFORM: z.enum(['none', 'http']).default('none'),
  EINVOICE_API_URL: optionalUrl(/^https?:/),
  EINVOICE_API_KEY: optionalString,
  /** Places API (New) and Routes API base URLs: Google's by default; tests point them at a loopback stub. */
  MAPS_PLACES_API_URL: optionalUrl(/^https?:/),
  MAPS_ROUTES_API_URL: optionalUrl(/^https?:/),
  /** How long one maps request may take before it is retried, ms. */
  MAPS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Raster tiles drawn over the bundled basemap, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png (decision 0096). */
  MAP_TILE_URL: optionalString.refine(
    (value) => value === undefined || (/^https?:\/\/[^/]+\//.test(value) && ['{z}', '{x}', '{y}'].every((part) => value.includes(part))),
    { message: 'must be an http(s) URL with {z}, {x} and {y}' },
  ),
  MAP_TILE_ATTRIBUTION: optionalString,
  COMPANY_EMAIL: z.email().default('contact@riviera-vtc.fr'),
  COMPANY_PHONE: z.string().min(4).default('+33 6 12 34 56 78'),
  COMPANY_WHATSAPP: z.string().regex(/^\d{6,15}$/, 'digits only, with country code').default('33612345678'),
  // The operator's identity on the legal notice, terms and documents (demo values until set).
  COMPANY_LEGAL_NAME: z.string().min(1).default('Riviera VTC SAS'),
  COMPANY_ADDRESS: z.string().min(1).default('12 avenue de Verdun, 06000 Nice, France'),
  COMPANY_SIREN: z.string().regex(/^\d{9}$/, '9 digits').default('123456789'),
  COMPANY_VTC_REGISTER: z.string().min(1).default('EVTC006230001'),
  COMPANY_VAT_NUMBER: z.string().min(1).default('FR32123456789'),
  // What a company's invoices must also name (C. com. R123-237): legal form, share capital, trade register entry.
  COMPANY_LEGAL_FORM: z.string().min(1).default('SAS (société par actions simplifiée)'),
  COMPANY_SHARE_CAPITAL: z.string().min(1).default('10 000 €'),
  COMPANY_TRADE_REGISTER: z.string().min(1).default('RCS Nice 123 456 789'),
  // The consumer mediator the legal notice and terms name (C. consom. L612-1, R616-1).
  COMPANY_MEDIATOR: z.string().min(1).default('CM2C, 49 rue de Ponthieu, 75008 Paris'),
  COMPANY_MEDIATOR_URL: z.url().default('https://www.cm2c.net'),
  /** VAT on passenger transport, in percent, on receipts and invoices (decision 0088). */
  VAT_RATE_PERCENT: z.coerce.number().min(0).max(100).multipleOf(0.01).default(10),
  // The host's name, address and phone, which the legal notice must give (LCEN art. 6).
  COMPANY_HOSTING_PROVIDER: z.string().min(1).default('OVH SAS, 2 rue Kellermann, 59100 Roubaix, France, +33 9 72 10 10 07'),
  HOLIDAY_SURCHARGE_PERCENT: z.coerce.number().min(0).max(200).default(20),
  /** Waiting time included at pickup, in minutes, by the kind of place (decision 0102). */
  WAITING_MINUTES_AIRPORT: z.coerce.number().int().min(0).max(600).default(60),
  WAITING_MINUTES_STATION: z.coerce.number().int().min(0).max(600).default(30),
  WAITING_MINUTES_OTHER: z.coerce.number().int().min(0).max(600).default(15),
  /** How long before pickup the chauffeur's "en route" opens (decision 0117). */
  MISSION_EN_ROUTE_HOURS: z.coerce.number().min(0.25).max(48).default(3),
  /** The chauffeur's positions are deleted this many hours after the end of the trip (decision 0132). */
  POSITION_RETENTION_HOURS: z.coerce.number().min(0.25).max(72).default(3),
  /** A booking holds its car from pickup to pickup + trip duration + this (decision 0070). */
  HOLD_BUFFER_MINUTES: z.coerce.number().int().min(0).max(1440).default(30),
  /** Trip duration from the distance when no durations row matches the route. */
  AVERAGE_SPEED_KMH: z.coerce.number().min(5).max(200).default(60),
  /** How long a hire with chauffeur may be (issue 22): hours by the hour, in steps of minutes, and days by the day. */
  HIRE_MIN_HOURS: z.coerce.number().int().min(1).max(24).default(3),
  HIRE_MAX_HOURS: z.coerce.number().int().min(1).max(24).default(12),
  HIRE_STEP_MINUTES: z.coerce.number().int().min(5).max(60).default(30),
  HIRE_MAX_DAYS: z.coerce.number().int().min(1).max(31).default(7),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString.refine((value) => value === undefined || value.length >= 10, {
    message: 'must be at least 10 characters',
  }),
  /** How many proxies to trust for the client address (rate limits): 0 when clients reach us directly. */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  SEED_DEMO: boolFlag(true),
  WEB_DIST_DIR: optionalString,
  /** Longest graceful shutdown (requests and the mail in flight) before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  /**
   * Seconds the health (the database answering this process) may fail without a break before the
   * process exits with code 1, for its supervisor to restart it; 0 turns the watchdog off.
   */
  HEALTH_WATCHDOG_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
}).superRefine((env, ctx) => {
  if (env.HIRE_MIN_HOURS > env.HIRE_MAX_HOURS) ctx.addIssue({ code: 'custom', path: ['HIRE_MAX_HOURS'], message: 'must be at least HIRE_MIN_HOURS' });
  if (60 % env.HIRE_STEP_MINUTES !== 0) ctx.addIssue({ code: 'custom', path: ['HIRE_STEP_MINUTES'], message: 'must divide 60 (5, 10, 15, 20, 30 or 60)' });
  if (env.EINVOICE_PLATFORM === 'http' && env.EINVOICE_API_URL === undefined) {
    ctx.addIssue({ code: 'custom', path: ['EINVOICE_API_URL'], message: 'EINVOICE_PLATFORM=http needs EINVOICE_API_URL' });
  }
  if (env.FLIGHTS_PROVIDER === 'aerodatabox' && env.FLIGHTS_API_KEY === undefined) {
    ctx.addIssue({ code: 'custom', path: ['FLIGHTS_API_KEY'], message: 'required with FLIGHTS_PROVIDER=aerodatabox' });
  }
  if (env.SMS_PROVIDER !== 'twilio') return;
  const sender = env.SMS_CHANNEL === 'whatsapp' ? 'TWILIO_WHATSAPP_FROM' : 'TWILIO_FROM';
  for (const key of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', sender] as const) {
    if (env[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: `required with SMS_PROVIDER=twilio${key === sender ? ` and SMS_CHANNEL=${env.SMS_CHANNEL}` : ''}` });
  }
});

export type Env = z.infer<typeof EnvSchema>;

export type Config = Omit<Env, 'JWT_SECRET' | 'PUBLIC_URL' | 'PGLITE_DIR' | 'WEB_DIST_DIR'> & {
  PUBLIC_URL: string;
  PGLITE_DIR: string;
  JWT_SECRET: string;
  /**
   * Where JWT_SECRET comes from: the environment; the data folder, beside the embedded database
   * that only one process opens; or, with PostgreSQL and none set, the database every process
   * shares (decisions 11), where `JWT_SECRET` is only this process's candidate until the app
   * adopts the stored one (platform/db/shared-secret.ts).
   */
  JWT_SECRET_SOURCE: 'environment' | 'data-folder' | 'database';
  UPLOADS_DIR: string;
  MAIL_DIR: string;
  WEB_DIST_DIR: string;
};

export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

const secretFile = (dataDir: string) => path.join(dataDir, 'jwt-secret');
const newSecret = () => randomBytes(48).toString('base64url');

/** The JWT secret kept under the data folder, if any and long enough to sign with (as JWT_SECRET must be). */
function readSecret(dataDir: string): string | undefined {
  const file = secretFile(dataDir);
  const kept = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  return kept.length >= 32 ? kept : undefined;
}

/** Reads the JWT secret kept under the data folder, creating it on first start. */
function loadOrCreateSecret(dataDir: string): string {
  const kept = readSecret(dataDir);
  if (kept) return kept;
  mkdirSync(dataDir, { recursive: true });
  const secret = newSecret();
  writeFileSync(secretFile(dataDir), secret, { mode: 0o600 });
  return secret;
}

/** Parses the environment once; a bad value throws a ConfigError listing every problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const dataDir = path.resolve(REPO_ROOT, e.DATA_DIR);
  return {
    ...e,
    DATA_DIR: dataDir,
    PUBLIC_URL: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    PGLITE_DIR: path.resolve(dataDir, e.PGLITE_DIR ?? 'db'),
    // With PostgreSQL, a secret an earlier version kept on this host is the candidate, so that its
    // links keep working; nothing is written to the data folder.
    JWT_SECRET: e.JWT_SECRET ?? (e.DATABASE_URL ? (readSecret(dataDir) ?? newSecret()) : loadOrCreateSecret(dataDir)),
    JWT_SECRET_SOURCE: e.JWT_SECRET ? 'environment' : e.DATABASE_URL ? 'database' : 'data-folder',
    UPLOADS_DIR: path.join(dataDir, 'uploads'),
    MAIL_DIR: path.join(dataDir, 'mail'),
    WEB_DIST_DIR: path.resolve(REPO_ROOT, e.WEB_DIST_DIR ?? 'apps/web/dist'),
  };
}

/** Loads `.env` from the repository root when it exists; real environment variables win. */
export function loadDotEnv(): void {
  const file = path.join(REPO_ROOT, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}

/** The hire limits the booking schema checks and the browser is told (public config `hire`). */
export function hireLimits(config: Pick<Config, 'HIRE_MIN_HOURS' | 'HIRE_MAX_HOURS' | 'HIRE_STEP_MINUTES' | 'HIRE_MAX_DAYS'>): HireLimits {
  return { minHours: config.HIRE_MIN_HOURS, maxHours: config.HIRE_MAX_HOURS, stepMinutes: config.HIRE_STEP_MINUTES, maxDays: config.HIRE_MAX_DAYS };
}

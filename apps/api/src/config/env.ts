import { hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import Type, { type Static } from 'typebox';
import Value from 'typebox/value';

// Every environment variable the server reads, parsed once at start. A bad value stops start-up
// with the variable's name. Documented in the README's Configuration table.
const EnvSchema = Type.Object({
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  HOST: Type.String({ minLength: 1, default: 'localhost' }),
  PUBLIC_URL: Type.Optional(Type.String({ pattern: '^https?://[^\\s/]+(/.*)?$' })),
  DATA_DIR: Type.String({ minLength: 1, default: './data' }),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  // The schema owner's URL: migrations, postal codes and the first-start demo world run through it,
  // while requests and jobs use DATABASE_URL's login role, which owns nothing (decision 185).
  MIGRATION_DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  // Unset: twice the machine's cores plus one (database.ts defaultPoolSize, decision 070).
  DATABASE_POOL_SIZE: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  // How long an authenticated caller is reused before it is looked up again (decision 070); 0: never.
  AUTH_CACHE_SECONDS: Type.Integer({ minimum: 0, maximum: 60, default: 5 }),
  // A stalled database answers 503 within these bounds instead of holding requests (decision 081).
  DATABASE_CONNECT_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 600_000, default: 5_000 }),
  DATABASE_STATEMENT_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 3_600_000,
    default: 15_000,
  }),
  // Addresses (or CIDR ranges, or loopback, linklocal, uniquelocal) of the reverse proxies whose
  // X-Forwarded-For is believed; unset: none, the client address is the connection's (decision 082).
  TRUSTED_PROXIES: Type.Optional(
    Type.String({
      pattern:
        '^\\s*(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(/\\d{1,3})?)(\\s*,\\s*(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(/\\d{1,3})?))*\\s*$',
    }),
  ),
  // Browser error reports one client address may log a minute; all addresses together, ten times
  // as many (decision 083).
  CLIENT_ERRORS_PER_MINUTE: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 60 }),
  // Time one uploaded file may take to check in its worker before it is refused (decision 080).
  UPLOAD_CHECK_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 600_000, default: 20_000 }),
  APP_ENV: Type.Union(
    [Type.Literal('local'), Type.Literal('test'), Type.Literal('uat'), Type.Literal('production')],
    { default: 'local' },
  ),
  APP_SECRET: Type.Optional(Type.String({ minLength: 32 })),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((level) =>
      Type.Literal(level),
    ),
    { default: 'info' },
  ),
  SEED_ON_FIRST_START: Type.Boolean({ default: true }),
  SEED_SHIPMENTS: Type.Integer({ minimum: 0, maximum: 10_000_000, default: 2000 }),
  HELP_DESK_URL: Type.String({
    pattern: '^https?://',
    default: 'https://support.carrierportal.example/hc',
  }),
  // Front-end error and performance reports go to this collector; unset: none are sent.
  MONITORING_COLLECTOR_URL: Type.Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
  // Session replay to the portal's own collector (decision 181): on or off until an administrator
  // sets it; unset, it is on exactly when MONITORING_COLLECTOR_URL is set.
  SESSION_REPLAY: Type.Optional(Type.Union([Type.Literal('on'), Type.Literal('off')])),
  // Map tiles of the shipment map view: a {z}/{x}/{y} template the browser reads tiles from.
  MAP_TILE_URL: Type.String({
    pattern: '^https?://[^\\s]*\\{z\\}[^\\s]*\\{x\\}[^\\s]*\\{y\\}[^\\s]*$',
    default: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  }),
  MAP_TILE_ATTRIBUTION: Type.String({
    minLength: 1,
    maxLength: 500,
    default:
      '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
  }),
  // A Nominatim-compatible geocoder (GET {url}?q=...&format=jsonv2&addressdetails=1) asked first for
  // typed addresses; unset: only the portal's own postal-code table answers (decision 171).
  GEOCODER_URL: Type.Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
  GEOCODER_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 60_000, default: 3_000 }),
  // Background jobs (automatic tendering): run inside this API process, or only in `npm run worker`
  // processes. Unset: inside the API on the embedded database, in workers with DATABASE_URL.
  JOBS_IN_PROCESS: Type.Optional(Type.Boolean()),
  SHUTDOWN_GRACE_MS: Type.Integer({ minimum: 0, maximum: 600_000, default: 10_000 }),
  // Identity: the built-in provider at PUBLIC_URL/oidc unless an external issuer is named.
  OIDC_ISSUER_URL: Type.Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
  OIDC_PASSWORD_RESET_ISSUER_URL: Type.Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
  OIDC_CLIENT_ID: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  OIDC_CLIENT_SECRET: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
  OIDC_SCOPES: Type.String({
    pattern: '^[\\x21-\\x7e]+( [\\x21-\\x7e]+)*$',
    default: 'openid email profile offline_access',
  }),
  SESSION_IDLE_MINUTES: Type.Integer({ minimum: 1, maximum: 1440, default: 60 }),
  SESSION_ABSOLUTE_HOURS: Type.Integer({ minimum: 1, maximum: 720, default: 12 }),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: Type.Integer({ minimum: 1, maximum: 1000, default: 5 }),
  LOGIN_MAX_FAILURES_PER_ADDRESS: Type.Integer({ minimum: 1, maximum: 100_000, default: 20 }),
  LOGIN_LOCKOUT_MINUTES: Type.Integer({ minimum: 1, maximum: 1440, default: 15 }),
  // E-mail: kept in the outbox (and the log) unless SMTP is configured.
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://[^\\s]+$' })),
  SMTP_FROM: Type.Optional(Type.String({ minLength: 3, maxLength: 320 })),
  DOCUMENT_STORE: Type.Union([Type.Literal('file'), Type.Literal('s3')], { default: 'file' }),
  DOCUMENT_MAX_BYTES: Type.Integer({
    minimum: 1024,
    maximum: 1024 ** 3,
    default: 25 * 1024 * 1024,
  }),
  S3_BUCKET: Type.Optional(Type.String({ pattern: '^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$' })),
  S3_REGION: Type.String({ minLength: 1, default: 'us-east-1' }),
  S3_ENDPOINT: Type.Optional(Type.String({ pattern: '^https?://[^\\s/]+(/.*)?$' })),
  S3_FORCE_PATH_STYLE: Type.Boolean({ default: false }),
  S3_PREFIX: Type.Optional(Type.String({ pattern: '^[a-z0-9][a-z0-9/-]{0,100}/$' })),
  S3_ACCESS_KEY_ID: Type.Optional(Type.String({ minLength: 1 })),
  S3_SECRET_ACCESS_KEY: Type.Optional(Type.String({ minLength: 1 })),
});

type RawEnv = Static<typeof EnvSchema>;

export interface Config extends Omit<
  RawEnv,
  'PUBLIC_URL' | 'APP_SECRET' | 'OIDC_ISSUER_URL' | 'OIDC_CLIENT_ID' | 'OIDC_CLIENT_SECRET'
> {
  PUBLIC_URL: string;
  APP_SECRET: string;
  /** Absolute path of DATA_DIR. */
  dataDir: string;
  /** The issuer the server signs users in with: the built-in provider's unless configured. */
  OIDC_ISSUER_URL: string;
  OIDC_CLIENT_ID: string;
  OIDC_CLIENT_SECRET: string;
  /** True when OIDC_ISSUER_URL is unset and the built-in provider is the issuer. */
  oidcBuiltIn: boolean;
  /** Whether this API process runs the background jobs itself (JOBS_IN_PROCESS). */
  jobsInProcess: boolean;
  SMTP_FROM: string;
}

/** TRUSTED_PROXIES as a list (empty: no proxy is trusted). */
export function trustedProxies(setting: string | undefined): string[] {
  return (setting ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** The built-in provider's client of the portal itself; its secret is derived from APP_SECRET. */
export const BUILT_IN_CLIENT_ID = 'carrier-portal';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const BOOLEAN_WORDS: Record<string, boolean> = {
  true: true,
  '1': true,
  yes: true,
  false: false,
  '0': false,
  no: false,
};

/** Parses process.env (or the given map) into a Config, or throws a ConfigError naming each bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const known = Object.keys(EnvSchema.properties) as (keyof RawEnv)[];
  const raw: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const name of known) {
    const text = source[name];
    if (text === undefined || text === '') continue;
    const property = EnvSchema.properties[name];
    if (Type.IsInteger(property)) {
      raw[name] = /^-?\d+$/.test(text.trim()) ? Number(text) : text;
    } else if (Type.IsBoolean(property)) {
      const word = BOOLEAN_WORDS[text.trim().toLowerCase()];
      if (word === undefined) problems.push(`${name} must be true or false (got "${text}")`);
      else raw[name] = word;
    } else {
      raw[name] = text;
    }
  }
  const withDefaults = Value.Default(EnvSchema, raw) as Record<string, unknown>;
  for (const error of Value.Errors(EnvSchema, withDefaults)) {
    const name =
      error.instancePath.replace(/^\//, '') ||
      String(
        error.params && 'requiredProperties' in error.params ? error.params.requiredProperties : '',
      );
    problems.push(`${name} ${error.message} (got "${String(source[name] ?? '')}")`);
  }
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  ${[...new Set(problems)].join('\n  ')}`);
  }
  const env = withDefaults as RawEnv;
  const dataDir = resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  if (env.DOCUMENT_STORE === 's3' && !env.S3_BUCKET) {
    problems.push('S3_BUCKET is required when DOCUMENT_STORE is s3');
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  for (const entry of trustedProxies(env.TRUSTED_PROXIES)) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address);
    const named = ['loopback', 'linklocal', 'uniquelocal'].includes(entry);
    if (!named && (!family || (bits !== undefined && Number(bits) > (family === 4 ? 32 : 128))))
      problems.push(`TRUSTED_PROXIES has "${entry}", which is not an address or range`);
  }
  if (env.APP_ENV === 'production' && !env.APP_SECRET) {
    problems.push('APP_SECRET is required when APP_ENV is production');
  }
  // The session cookie is __Host- prefixed and Secure: browsers keep it over https, or on localhost.
  if (env.APP_ENV === 'production' && !publicUrl.startsWith('https://')) {
    problems.push(`PUBLIC_URL must be https:// when APP_ENV is production (got "${publicUrl}")`);
  }
  const external = env.OIDC_ISSUER_URL !== undefined;
  if (external && !env.OIDC_CLIENT_ID) {
    problems.push('OIDC_CLIENT_ID is required when OIDC_ISSUER_URL is set');
  }
  if (external && !env.OIDC_CLIENT_SECRET) {
    problems.push('OIDC_CLIENT_SECRET is required when OIDC_ISSUER_URL is set');
  }
  if (env.APP_ENV === 'production') {
    for (const name of ['OIDC_ISSUER_URL', 'OIDC_PASSWORD_RESET_ISSUER_URL'] as const) {
      const value = env[name];
      if (value && !value.startsWith('https://'))
        problems.push(`${name} must be https:// when APP_ENV is production (got "${value}")`);
    }
  }
  if (!env.OIDC_SCOPES.split(' ').includes('openid')) {
    problems.push(`OIDC_SCOPES must include openid (got "${env.OIDC_SCOPES}")`);
  }
  if (!external && env.OIDC_PASSWORD_RESET_ISSUER_URL) {
    problems.push(
      'OIDC_PASSWORD_RESET_ISSUER_URL needs OIDC_ISSUER_URL (the built-in provider has its own reset flow)',
    );
  }
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const appSecret = env.APP_SECRET ?? localSecret(dataDir);
  return {
    ...env,
    dataDir,
    PUBLIC_URL: publicUrl,
    APP_SECRET: appSecret,
    // An external issuer's identifier is used exactly as given (some end in a slash).
    OIDC_ISSUER_URL: env.OIDC_ISSUER_URL ?? `${publicUrl}/oidc`,
    OIDC_CLIENT_ID: env.OIDC_CLIENT_ID ?? BUILT_IN_CLIENT_ID,
    OIDC_CLIENT_SECRET: env.OIDC_CLIENT_SECRET ?? builtInClientSecret(appSecret),
    oidcBuiltIn: !external,
    jobsInProcess: env.JOBS_IN_PROCESS ?? env.DATABASE_URL === undefined,
    SMTP_FROM: env.SMTP_FROM ?? `Carrier Portal <no-reply@${new URL(publicUrl).hostname}>`,
  };
}

function builtInClientSecret(appSecret: string): string {
  return Buffer.from(
    hkdfSync('sha256', appSecret, 'carrier-portal', 'built-in-oidc-client', 32),
  ).toString('base64url');
}

// Outside production the secret is made once and kept beside the embedded database.
function localSecret(dataDir: string): string {
  const file = join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

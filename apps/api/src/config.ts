import path from 'node:path';
import { embeddedSeedRefusal } from './seed/estimate';

export interface Config {
  host: string;
  /** Behind a reverse proxy, the client's address comes from X-Forwarded-For (TRUST_PROXY). */
  trustProxy: boolean | string;
  port: number;
  /** Where the embedded database, the generated secret and the email outbox live. */
  dataDir: string;
  /** postgres://… switches from the embedded PGlite to a PostgreSQL server. */
  databaseUrl?: string;
  /** 'memory' keeps the embedded database in memory only (tests). */
  embeddedStorage: 'disk' | 'memory';
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Links in emails point here. */
  publicUrl: string;
  authSecret?: string;
  tokenTtlSeconds: number;
  resetTokenTtlSeconds: number;
  corsOrigins: string[];
  bodyLimitBytes: number;
  seed: { enabled: boolean; scale: number; adminEmail: string; adminPassword: string };
  logLevel: string;
  /** The shell's production build, served at / and /app; absent means API only. */
  shellDist: string;
  /** Published remote builds (remotes/<name>/<version>/) and the registry that points at them. */
  releasesDir: string;
  /** Seconds a socket has to authenticate before it is dropped. */
  socketAuthTimeoutMs: number;
}

export const DEFAULT_ADMIN_EMAIL = 'admin@backoffice.local';
export const DEFAULT_ADMIN_PASSWORD = 'ChangeMe-Admin-2026';

function int(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${value}"`);
  }
  return n;
}

/** Reads the environment once, failing at start with a clear message rather than later. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, repoRoot = defaultRepoRoot()): Config {
  const port = int('PORT', env.PORT, 8080, 0, 65535);
  const host = env.HOST || '127.0.0.1';
  const scale = env.SEED_SCALE === undefined || env.SEED_SCALE === '' ? 1 : Number(env.SEED_SCALE);
  if (!Number.isFinite(scale) || scale < 0 || scale > 1000) {
    throw new Error(`SEED_SCALE must be a number from 0 to 1000, got "${env.SEED_SCALE}"`);
  }
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const seedEnabled = env.SEED !== 'false';
  // Refused now rather than after minutes of seeding that look like a hung start.
  const refusal = seedEnabled && !databaseUrl ? embeddedSeedRefusal(scale) : undefined;
  if (refusal) throw new Error(refusal);
  return {
    host,
    port,
    trustProxy: env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY || false,
    dataDir: path.resolve(env.DATA_DIR || path.join(repoRoot, '.data')),
    databaseUrl,
    embeddedStorage: env.EMBEDDED_DB === 'memory' ? 'memory' : 'disk',
    redisUrl: env.REDIS_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Back Office <no-reply@backoffice.local>',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    authSecret: env.AUTH_SECRET || undefined,
    tokenTtlSeconds: int('TOKEN_TTL_SECONDS', env.TOKEN_TTL_SECONDS, 8 * 3600, 60, 7 * 24 * 3600),
    resetTokenTtlSeconds: 30 * 60,
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    bodyLimitBytes: int('BODY_LIMIT_BYTES', env.BODY_LIMIT_BYTES, 1024 * 1024, 1024, 50 * 1024 * 1024),
    seed: {
      enabled: seedEnabled,
      scale,
      adminEmail: env.SEED_ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL,
      adminPassword: env.SEED_ADMIN_PASSWORD || DEFAULT_ADMIN_PASSWORD,
    },
    logLevel: env.LOG_LEVEL || 'info',
    shellDist: path.resolve(env.SHELL_DIST || path.join(repoRoot, 'apps', 'shell', 'dist')),
    releasesDir: path.resolve(env.RELEASES_DIR || path.join(repoRoot, '.releases')),
    socketAuthTimeoutMs: int('SOCKET_AUTH_TIMEOUT_MS', env.SOCKET_AUTH_TIMEOUT_MS, 5000, 100, 60000),
  };
}

function defaultRepoRoot(): string {
  // apps/api/src -> repo root
  return path.resolve(__dirname, '..', '..', '..');
}

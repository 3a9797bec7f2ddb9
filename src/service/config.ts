import { networkInterfaces } from 'node:os';
import { parseArgs } from 'node:util';
import { z } from 'zod';

/** Everything the service process is configured by (README "Options"). */
export interface Config {
  port: number;
  host: string;
  /** Folder of the embedded SQLite database and other local state (mail outbox). */
  dataDir: string;
  /** PostgreSQL connection URL; when set, SQLite is not used. */
  databaseUrl: string | undefined;
  /** Address put in portal session urls: `{portalUrl}?uuid={uuid}`. */
  portalUrl: string;
  /** Account fixture loaded at every start; the bundled demo fixture when absent and the database is empty. */
  fixture: string | undefined;
  /** Requests per credential per minute; 0 turns the limit off. */
  rateLimit: number;
  /** How long a portal session stays open, in minutes. */
  sessionTtlMinutes: number;
  /** Origins of POS web pages that may embed the kiosk and receive its events by postMessage. */
  allowedOrigins: string[];
  /** SMTP server for outgoing mail (smtp:// or smtps://); unset: mail is written to `{dataDir}/outbox`. */
  smtpUrl: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
}

/** A bad option: the message names the flag and the environment variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const OPTIONS = {
  port: { env: 'PORT', type: 'string' },
  host: { env: 'HOST', type: 'string' },
  data: { env: 'DATA_DIR', type: 'string' },
  'database-url': { env: 'DATABASE_URL', type: 'string' },
  'portal-url': { env: 'PORTAL_URL', type: 'string' },
  fixture: { env: 'FIXTURE', type: 'string' },
  'rate-limit': { env: 'RATE_LIMIT', type: 'string' },
  'session-ttl': { env: 'SESSION_TTL_MINUTES', type: 'string' },
  'allowed-origins': { env: 'ALLOWED_ORIGINS', type: 'string' },
  'log-level': { env: 'LOG_LEVEL', type: 'string' },
  'smtp-url': { env: 'SMTP_URL', type: 'string' },
} as const;

type OptionName = keyof typeof OPTIONS;

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

const SCHEMA = z.object({
  port: wholeNumber(0, 65535).default(8080),
  host: z.string().min(1).default('127.0.0.1'),
  data: z.string().min(1).default('./data'),
  'database-url': z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  'portal-url': httpUrl.optional(),
  fixture: z.string().min(1).optional(),
  'rate-limit': wholeNumber(0, 10_000_000).default(5000),
  'session-ttl': wholeNumber(1, 24 * 60).default(60),
  'allowed-origins': z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ error: 'must be a comma-separated list of origins' }))),
  'log-level': z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  'smtp-url': z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
});

/**
 * Reads the configuration from command-line flags (`--port 8080`) and environment variables
 * (`PORT=8080`); a flag wins over its variable.
 * @throws ConfigError naming the option, e.g. "--port / PORT: must be a whole number".
 */
export function parseConfig(argv: string[], env: NodeJS.ProcessEnv): Config {
  let flags: Partial<Record<OptionName, string>>;
  try {
    const options = Object.fromEntries(Object.keys(OPTIONS).map((k) => [k, { type: 'string' as const }]));
    flags = parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values as typeof flags;
  } catch (err) {
    throw new ConfigError(
      `${(err as Error).message}. Options: ${Object.keys(OPTIONS)
        .map((k) => `--${k}`)
        .join(', ')}`,
    );
  }
  const raw: Partial<Record<OptionName, string>> = {};
  for (const [name, { env: variable }] of Object.entries(OPTIONS) as [OptionName, { env: string }][]) {
    const value = flags[name] ?? env[variable];
    if (value !== undefined && value !== '') raw[name] = value;
  }
  const parsed = SCHEMA.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]) as OptionName;
      return `--${name} / ${OPTIONS[name]?.env ?? name}: ${issue.message}`;
    });
    throw new ConfigError(lines.join('\n'));
  }
  const o = parsed.data;
  return {
    port: o.port,
    host: o.host,
    dataDir: o.data,
    databaseUrl: o['database-url'],
    portalUrl: o['portal-url'] ?? defaultPortalUrl(o.host, o.port),
    fixture: o.fixture,
    rateLimit: o['rate-limit'],
    sessionTtlMinutes: o['session-ttl'],
    allowedOrigins: o['allowed-origins'].map((u) => new URL(u).origin),
    logLevel: o['log-level'],
    smtpUrl: o['smtp-url'],
  };
}

/**
 * The kiosk address of this process: `http://{host}:{port}/portal/`. When bound to every interface
 * (0.0.0.0), the first LAN address, so that a tablet on the same network can open session urls.
 */
export function defaultPortalUrl(host: string, port: number): string {
  let name = host;
  if (host === '0.0.0.0' || host === '::') {
    const lan = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal);
    name = lan?.address ?? '127.0.0.1';
  }
  if (name.includes(':')) name = `[${name}]`;
  return `http://${name}:${port}/portal/`;
}

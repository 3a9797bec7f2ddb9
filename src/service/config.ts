import { networkInterfaces } from 'node:os';
import { parseArgs } from 'node:util';
import { z } from 'zod';

/**
 * Everything the service process is configured by (README "Options"): the options' schema
 * (SCHEMA) after `toConfig`; each field's meaning is written there.
 */
export type Config = ReturnType<typeof toConfig>;

/** How the service gets its TLS certificate. */
export type TlsOption = { kind: 'files'; certFile: string; keyFile: string } | { kind: 'self-signed' };

/** A bad option: the message names the flag and the environment variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

// `type: 'boolean'` options are flags without a value; their variable takes 1/true/yes or 0/false/no.
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
  'metrics-port': { env: 'METRICS_PORT', type: 'string' },
  'metrics-token': { env: 'METRICS_TOKEN', type: 'string' },
  workers: { env: 'WORKERS', type: 'string' },
  'tls-cert': { env: 'TLS_CERT', type: 'string' },
  'tls-key': { env: 'TLS_KEY', type: 'string' },
  'tls-self-signed': { env: 'TLS_SELF_SIGNED', type: 'boolean' },
  'webhook-timeout': { env: 'WEBHOOK_TIMEOUT_SECONDS', type: 'string' },
  'webhook-concurrency': { env: 'WEBHOOK_CONCURRENCY', type: 'string' },
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
  'metrics-port': wholeNumber(1, 65535).optional(),
  'metrics-token': z.string().min(16, 'must be at least 16 characters (a secret)').optional(),
  workers: wholeNumber(1, 256).default(1),
  'tls-cert': z.string().min(1).optional(),
  'tls-key': z.string().min(1).optional(),
  'tls-self-signed': z
    .enum(['1', 'true', 'yes', '0', 'false', 'no'], { error: 'must be 1/true/yes or 0/false/no' })
    .default('0')
    .transform((v) => v === '1' || v === 'true' || v === 'yes'),
  'webhook-timeout': wholeNumber(1, 60).default(10),
  'webhook-concurrency': wholeNumber(1, 64).default(8),
});

// Options that only make sense together; each message names the option to change.
const COMBINATIONS: { when: (o: z.infer<typeof SCHEMA>) => boolean; option: OptionName; message: string }[] =
  [
    {
      when: (o) => o.workers > 1 && !o['database-url'],
      option: 'workers',
      message:
        'more than one process needs PostgreSQL (--database-url); SQLite allows one writing process, so run without --workers',
    },
    {
      when: (o) => Boolean(o['tls-cert']) !== Boolean(o['tls-key']),
      option: 'tls-cert',
      message: 'give both --tls-cert and --tls-key (PEM files), or --tls-self-signed',
    },
    {
      when: (o) => o['tls-self-signed'] && Boolean(o['tls-cert'] ?? o['tls-key']),
      option: 'tls-self-signed',
      message: 'not together with --tls-cert/--tls-key: use your certificate or a self-signed one',
    },
    {
      when: (o) => o['metrics-port'] !== undefined && o['metrics-port'] === o.port,
      option: 'metrics-port',
      message: 'must differ from --port',
    },
  ];

/**
 * Reads the configuration from command-line flags (`--port 8080`) and environment variables
 * (`PORT=8080`); a flag wins over its variable.
 * @throws ConfigError naming the option, e.g. "--port / PORT: must be a whole number".
 */
export function parseConfig(argv: string[], env: NodeJS.ProcessEnv): Config {
  let flags: Partial<Record<OptionName, string | boolean>>;
  try {
    const options = Object.fromEntries(Object.entries(OPTIONS).map(([k, { type }]) => [k, { type }]));
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
    const flag = flags[name];
    const value = typeof flag === 'boolean' ? String(flag) : (flag ?? env[variable]);
    if (value !== undefined && value !== '') raw[name] = value;
  }
  const parsed = SCHEMA.safeParse(raw);
  const issues = parsed.success
    ? COMBINATIONS.filter((c) => c.when(parsed.data)).map((c) => ({ path: [c.option], message: c.message }))
    : parsed.error.issues;
  if (!parsed.success || issues.length > 0) {
    const lines = issues.map((issue) => {
      const name = String(issue.path[0]) as OptionName;
      return `--${name} / ${OPTIONS[name]?.env ?? name}: ${issue.message}`;
    });
    throw new ConfigError(lines.join('\n'));
  }
  return toConfig(parsed.data);
}

/** The options' values as the service uses them. */
function toConfig(o: z.output<typeof SCHEMA>) {
  const tls: TlsOption | undefined =
    o['tls-cert'] && o['tls-key']
      ? { kind: 'files', certFile: o['tls-cert'], keyFile: o['tls-key'] }
      : o['tls-self-signed']
        ? { kind: 'self-signed' }
        : undefined;
  return {
    port: o.port,
    host: o.host,
    /** Folder of the embedded SQLite database and other local state (mail outbox). */
    dataDir: o.data,
    /** PostgreSQL connection URL; when set, SQLite is not used. */
    databaseUrl: o['database-url'],
    /** Address put in portal session urls: `{portalUrl}?uuid={uuid}`. */
    portalUrl: o['portal-url'] ?? defaultPortalUrl(o.host, o.port, tls !== undefined),
    /** Account fixture loaded at every start; the bundled demo fixture when absent and the database is empty. */
    fixture: o.fixture,
    /** Requests per credential per minute; 0 turns the limit off. */
    rateLimit: o['rate-limit'],
    /** How long a portal session stays open, in minutes. */
    sessionTtlMinutes: o['session-ttl'],
    /** Origins of POS web pages that may embed the kiosk and receive its events by postMessage. */
    allowedOrigins: o['allowed-origins'].map((u) => new URL(u).origin),
    logLevel: o['log-level'],
    /** SMTP server for outgoing mail (smtp:// or smtps://); unset: mail is written to `{dataDir}/outbox`. */
    smtpUrl: o['smtp-url'],
    /** Serve Prometheus metrics on this separate port (plain HTTP, on `host`), no token. */
    metricsPort: o['metrics-port'],
    /** Serve Prometheus metrics at /metrics on the main port to `Authorization: Bearer <token>`. */
    metricsToken: o['metrics-token'],
    /** Service processes on this machine (node:cluster); more than 1 needs PostgreSQL. */
    workers: o.workers,
    /** HTTPS: certificate and key files, or a self-signed certificate kept in `{dataDir}/tls`. */
    tls,
    /** How long one webhook delivery try may take before it counts as failed, in seconds. */
    webhookTimeoutSeconds: o['webhook-timeout'],
    /** Webhook delivery tries one process runs at once. */
    webhookConcurrency: o['webhook-concurrency'],
  };
}

/**
 * The kiosk address of this process: `http(s)://{host}:{port}/portal/` (https when `tls`). When bound
 * to every interface (0.0.0.0), the first LAN address, so that a tablet on the same network can
 * open session urls.
 */
export function defaultPortalUrl(host: string, port: number, tls = false): string {
  let name = host;
  if (host === '0.0.0.0' || host === '::') {
    const lan = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal);
    name = lan?.address ?? '127.0.0.1';
  }
  if (name.includes(':')) name = `[${name}]`;
  return `${tls ? 'https' : 'http'}://${name}:${port}/portal/`;
}

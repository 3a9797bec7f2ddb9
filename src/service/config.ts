import { isIP } from 'node:net';
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
// `help` is the option's line in `--help` (its default in parentheses; README "Options" says more).
const OPTIONS = {
  port: { env: 'PORT', type: 'string', help: 'TCP port (8080)' },
  host: {
    env: 'HOST',
    type: 'string',
    help: 'interface to listen on (127.0.0.1); 0.0.0.0 for every interface',
  },
  data: {
    env: 'DATA_DIR',
    type: 'string',
    help: 'folder of the SQLite database and the mail outbox (./data)',
  },
  'database-url': {
    env: 'DATABASE_URL',
    type: 'string',
    help: 'postgres://… to use PostgreSQL instead of SQLite',
  },
  'portal-url': {
    env: 'PORTAL_URL',
    type: 'string',
    help: 'kiosk address put in session urls (http://{host}:{port}/portal/)',
  },
  fixture: {
    env: 'FIXTURE',
    type: 'string',
    help: 'account fixture loaded at every start (the demo, into an empty database)',
  },
  'fixture-mode': {
    env: 'FIXTURE_MODE',
    type: 'string',
    help: "when --fixture differs from the office's changes: check (refuse), add-only or replace (check)",
  },
  'rate-limit': {
    env: 'RATE_LIMIT',
    type: 'string',
    help: 'requests per credential per minute (5000); 0 turns every limit off',
  },
  'session-ttl': {
    env: 'SESSION_TTL_MINUTES',
    type: 'string',
    help: 'minutes a portal session stays open (60)',
  },
  'allowed-origins': {
    env: 'ALLOWED_ORIGINS',
    type: 'string',
    help: 'comma-separated origins of POS pages that embed the kiosk',
  },
  'log-level': {
    env: 'LOG_LEVEL',
    type: 'string',
    help: 'fatal, error, warn, info, debug, trace or silent (info)',
  },
  'smtp-url': {
    env: 'SMTP_URL',
    type: 'string',
    help: 'smtp(s)://user:pass@host:port for mail; unset: .eml files in {data}/outbox',
  },
  'metrics-port': {
    env: 'METRICS_PORT',
    type: 'string',
    help: 'serve Prometheus metrics on this port, no token',
  },
  'metrics-token': {
    env: 'METRICS_TOKEN',
    type: 'string',
    help: 'serve /metrics on the main port to this bearer token',
  },
  workers: {
    env: 'WORKERS',
    type: 'string',
    help: 'service processes (1); more than 1 needs --database-url',
  },
  'tls-cert': { env: 'TLS_CERT', type: 'string', help: 'PEM certificate (chain) for HTTPS, with --tls-key' },
  'tls-key': { env: 'TLS_KEY', type: 'string', help: 'PEM key for HTTPS, with --tls-cert' },
  'tls-self-signed': {
    env: 'TLS_SELF_SIGNED',
    type: 'boolean',
    help: 'serve HTTPS with a self-signed certificate kept in {data}/tls',
  },
  'webhook-timeout': {
    env: 'WEBHOOK_TIMEOUT_SECONDS',
    type: 'string',
    help: 'seconds one webhook delivery try may take (10)',
  },
  'webhook-concurrency': {
    env: 'WEBHOOK_CONCURRENCY',
    type: 'string',
    help: 'webhook delivery tries one process runs at once (8)',
  },
  'webhook-allow-private-networks': {
    env: 'WEBHOOK_ALLOW_PRIVATE_NETWORKS',
    type: 'boolean',
    help: 'deliver webhooks to loopback and private addresses too',
  },
  'trust-proxy': {
    env: 'TRUST_PROXY',
    type: 'string',
    help: 'proxies in front: a hop count, or their addresses and CIDR ranges',
  },
  'headers-timeout': {
    env: 'HEADERS_TIMEOUT_SECONDS',
    type: 'string',
    help: "seconds to receive a request's headers (10)",
  },
  'request-timeout': {
    env: 'REQUEST_TIMEOUT_SECONDS',
    type: 'string',
    help: 'seconds to receive a whole request (30)',
  },
  'idle-timeout': {
    env: 'IDLE_TIMEOUT_SECONDS',
    type: 'string',
    help: 'seconds a connection may stay silent (60)',
  },
  'keep-alive-timeout': {
    env: 'KEEP_ALIVE_TIMEOUT_SECONDS',
    type: 'string',
    help: 'seconds an idle keep-alive connection stays open (72)',
  },
  'max-connections': {
    env: 'MAX_CONNECTIONS',
    type: 'string',
    help: 'open connections of the process (10000)',
  },
  'max-connections-per-address': {
    env: 'MAX_CONNECTIONS_PER_ADDRESS',
    type: 'string',
    help: 'open connections of one client address (100)',
  },
  'max-streams': { env: 'MAX_STREAMS', type: 'string', help: 'open event streams of the process (5000)' },
  'max-streams-per-address': {
    env: 'MAX_STREAMS_PER_ADDRESS',
    type: 'string',
    help: 'open event streams of one client address (50)',
  },
  'max-streams-per-session': {
    env: 'MAX_STREAMS_PER_SESSION',
    type: 'string',
    help: 'open event streams of one portal session (10)',
  },
  'auth-failure-limit': {
    env: 'AUTH_FAILURE_LIMIT',
    type: 'string',
    help: 'failed authentications of one address a minute (60)',
  },
  'owner-email': {
    env: 'OWNER_EMAIL',
    type: 'string',
    help: "the owner's e-mail address made on the first start without staff (owner@{portal-url host})",
  },
} as const;

type OptionName = keyof typeof OPTIONS;

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

/**
 * `--trust-proxy`: how many proxies stand in front (a hop count), or the addresses and CIDR ranges
 * of the trusted ones (comma-separated; also `loopback`, `linklocal`, `uniquelocal`).
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx) => {
    if (/^\d+$/.test(v)) return Number(v);
    const list = v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    for (const entry of list) {
      if (!isTrustedProxyEntry(entry)) {
        ctx.addIssue({
          code: 'custom',
          message: `"${entry}" is not a hop count, an IP address, a CIDR range (10.0.0.0/8) or loopback/linklocal/uniquelocal`,
        });
        return z.NEVER;
      }
    }
    return list;
  });

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isTrustedProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.includes(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** A flag's value (its variable's): 1/true/yes or 0/false/no, off by default. */
const yesNo = () =>
  z
    .enum(['1', 'true', 'yes', '0', 'false', 'no'], { error: 'must be 1/true/yes or 0/false/no' })
    .default('0')
    .transform((v) => v === '1' || v === 'true' || v === 'yes');

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
  'fixture-mode': z
    .enum(['check', 'add-only', 'replace'], { error: 'must be check, add-only or replace' })
    .default('check'),
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
  'tls-self-signed': yesNo(),
  'webhook-timeout': wholeNumber(1, 60).default(10),
  'webhook-concurrency': wholeNumber(1, 64).default(8),
  'webhook-allow-private-networks': yesNo(),
  'trust-proxy': trustProxy.optional(),
  // Default: 10 s, or the request timeout when that is shorter.
  'headers-timeout': wholeNumber(1, 3600).optional(),
  'request-timeout': wholeNumber(1, 3600).default(30),
  // Above the event streams' heartbeat (15 s), which keeps an open stream from counting as idle.
  'idle-timeout': wholeNumber(20, 3600).default(60),
  'keep-alive-timeout': wholeNumber(1, 3600).default(72),
  // Sized so that one process alone holds a 500-counter chain (docs/postgresql.md "Sizing"): its
  // ~600 device streams, the session streams of the sessions under way, their other connections.
  'max-connections': wholeNumber(1, 1_000_000).default(10_000),
  'max-connections-per-address': wholeNumber(1, 1_000_000).default(100),
  'max-streams': wholeNumber(1, 1_000_000).default(5000),
  'max-streams-per-address': wholeNumber(1, 1_000_000).default(50),
  'max-streams-per-session': wholeNumber(1, 1000).default(10),
  'auth-failure-limit': wholeNumber(1, 1_000_000).default(60),
  'owner-email': z.email({ error: 'must be an e-mail address' }).max(191).optional(),
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
      when: (o) => (o['headers-timeout'] ?? 0) > o['request-timeout'],
      option: 'headers-timeout',
      message: 'must not be longer than --request-timeout (the headers are part of the request)',
    },
    {
      when: (o) => o['metrics-port'] !== undefined && o['metrics-port'] === o.port,
      option: 'metrics-port',
      message: 'must differ from --port',
    },
  ];

/**
 * What `--help` prints: how to start the service, then every option with its line of help and its
 * variable (README "Options").
 */
export function usage(): string {
  const flag = (name: string, type: string) => (type === 'boolean' ? `--${name}` : `--${name} <value>`);
  const width = Math.max(...Object.entries(OPTIONS).map(([name, o]) => flag(name, o.type).length));
  const rows = Object.entries(OPTIONS).map(
    ([name, o]) => `  ${flag(name, o.type).padEnd(width)}  ${o.help} [${o.env}]`,
  );
  return [
    'Usage: npm start -- [options]   (or, once built: node dist/service/main.js [options])',
    '',
    "Starts the Portal service: the public API, the kiosk, the cashier console and the customer's",
    'phone page, on SQLite in --data or on PostgreSQL (--database-url). Each option can also be set',
    'by the environment variable in brackets; a flag wins.',
    '',
    'Options:',
    ...rows,
    `  ${'--help'.padEnd(width)}  this text`,
    `  ${'--version'.padEnd(width)}  the version of the service`,
    '',
    'Commands: npm start -- <command> [options], on the database the options name (--data,',
    '--database-url); each prints a one-time link (base: --portal-url) that sets a password, valid 24 hours:',
    ...Object.entries(COMMANDS).flatMap(([name, c]) => [`  ${name} ${c.args}`, `      ${c.help}`]),
    '',
  ].join('\n');
}

/** The office's commands for a server operator (docs/office.md "Signing in"). */
export const COMMANDS = {
  'create-owner': {
    args: '--email <e-mail> [--name <name>]',
    help: 'make an owner of the office (or make this staff member owner)',
  },
  'reset-password': {
    args: '--email <e-mail>',
    help: "a link that sets this staff member's password, their address unlocked",
  },
} as const;

/** A command of the command line: `portal create-owner --email …` and the options of the database. */
export interface OfficeCommand {
  command: keyof typeof COMMANDS;
  /** As typed (checked by the command). */
  email: string | undefined;
  name: string | undefined;
  config: Config;
}

/**
 * The command of `argv` (its first word), its `--email` and `--name`, and the service options the
 * rest gives (the database's: --data, --database-url; the links': --portal-url); undefined when
 * `argv` names no command. @throws ConfigError for a bad option.
 */
export function parseCommand(argv: string[], env: NodeJS.ProcessEnv): OfficeCommand | undefined {
  const [first, ...rest] = argv;
  if (!first || !Object.hasOwn(COMMANDS, first)) return undefined;
  const own: { email?: string; name?: string } = {};
  const options: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    const match = /^--(email|name)(?:=(.*))?$/.exec(arg);
    if (!match) {
      options.push(arg);
      continue;
    }
    const value = match[2] ?? rest[++i];
    if (value === undefined) throw new ConfigError(`--${match[1]}: give a value`);
    own[match[1] as 'email' | 'name'] = value;
  }
  return {
    command: first as keyof typeof COMMANDS,
    email: own.email,
    name: own.name?.trim() || undefined,
    config: parseConfig(options, env),
  };
}

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
    /**
     * How --fixture meets a database the office has changed (docs/office.md "The fixture and the
     * office"): `check` refuses when it would undo a change, `add-only` inserts only what is
     * missing, `replace` makes the account match the fixture.
     */
    fixtureMode: o['fixture-mode'],
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
    /**
     * Webhooks may be delivered to loopback and private network addresses (docs/webhooks.md
     * "Where deliveries may go"); link-local, multicast and the service itself never.
     */
    webhookAllowPrivateNetworks: o['webhook-allow-private-networks'],
    /**
     * The proxies in front whose `X-Forwarded-For`, `-Proto` and `-Host` are believed: a hop count
     * or a list of addresses and CIDR ranges (Fastify's `trustProxy`); undefined: none.
     */
    trustProxy: o['trust-proxy'],
    /** HTTP limits of docs/operations.md: timeouts in seconds, caps in connections and streams. */
    limits: {
      headersTimeoutSeconds: o['headers-timeout'] ?? Math.min(10, o['request-timeout']),
      requestTimeoutSeconds: o['request-timeout'],
      idleTimeoutSeconds: o['idle-timeout'],
      keepAliveTimeoutSeconds: o['keep-alive-timeout'],
      maxConnections: o['max-connections'],
      maxConnectionsPerAddress: o['max-connections-per-address'],
      maxStreams: o['max-streams'],
      maxStreamsPerAddress: o['max-streams-per-address'],
      maxStreamsPerSession: o['max-streams-per-session'],
    },
    /** Failed authentications a minute one client address may make before 429 (off with rateLimit 0). */
    authFailureLimit: o['auth-failure-limit'],
    /** The owner's address made on the first start of an account without staff (docs/office.md). */
    ownerEmail: o['owner-email']?.toLowerCase(),
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

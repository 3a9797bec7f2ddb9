import { describe, expect, it } from 'vitest';
import { ConfigError, defaultPortalUrl, parseConfig } from '../../src/service/config';

describe('parseConfig', () => {
  it('has the documented defaults', () => {
    const c = parseConfig([], {});
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: undefined,
      portalUrl: 'http://127.0.0.1:8080/portal/',
      rateLimit: 5000,
      sessionTtlMinutes: 60,
      allowedOrigins: [],
    });
  });

  it('reads environment variables, and flags win over them', () => {
    const c = parseConfig(['--port', '9000'], {
      PORT: '7000',
      RATE_LIMIT: '0',
      DATA_DIR: '/tmp/x',
      FIXTURE: 'f.json',
      FIXTURE_MODE: 'add-only',
    });
    expect(c).toMatchObject({
      port: 9000,
      rateLimit: 0,
      dataDir: '/tmp/x',
      fixture: 'f.json',
      fixtureMode: 'add-only',
    });
    expect(parseConfig([], {}).fixtureMode).toBe('check');
  });

  it('builds the portal url from host and port unless given', () => {
    expect(parseConfig(['--host', 'localhost', '--port', '8081'], {}).portalUrl).toBe(
      'http://localhost:8081/portal/',
    );
    expect(parseConfig(['--portal-url', 'https://kiosk.example.com/screen/'], {}).portalUrl).toBe(
      'https://kiosk.example.com/screen/',
    );
    expect(defaultPortalUrl('0.0.0.0', 80)).toMatch(/^http:\/\/[\d.]+:80\/portal\/$/);
  });

  it('normalises allowed origins', () => {
    expect(
      parseConfig(['--allowed-origins', 'https://pos.example.com/app, http://localhost:3000'], {})
        .allowedOrigins,
    ).toEqual(['https://pos.example.com', 'http://localhost:3000']);
  });

  it('reads the operations options: metrics, workers, TLS', () => {
    const db = 'postgres://u:p@localhost/portal';
    expect(
      parseConfig(['--metrics-port', '9464', '--workers', '4', '--database-url', db], {
        METRICS_TOKEN: 'a-long-enough-secret',
      }),
    ).toMatchObject({ metricsPort: 9464, metricsToken: 'a-long-enough-secret', workers: 4, tls: undefined });
    const files = parseConfig(['--tls-cert', 'c.pem', '--tls-key', 'k.pem', '--port', '8443'], {});
    expect(files.tls).toEqual({ kind: 'files', certFile: 'c.pem', keyFile: 'k.pem' });
    expect(files.portalUrl).toBe('https://127.0.0.1:8443/portal/');
    expect(parseConfig(['--tls-self-signed'], {}).tls).toEqual({ kind: 'self-signed' });
    expect(parseConfig([], { TLS_SELF_SIGNED: 'yes' }).tls).toEqual({ kind: 'self-signed' });
    expect(parseConfig([], { TLS_SELF_SIGNED: '0' }).tls).toBeUndefined();
    expect(() => parseConfig([], { TLS_SELF_SIGNED: 'maybe' })).toThrow(
      '--tls-self-signed / TLS_SELF_SIGNED',
    );
  });

  it('reads the limits of the HTTP edge and the trusted proxies (docs/operations.md)', () => {
    expect(parseConfig([], {})).toMatchObject({
      trustProxy: undefined,
      authFailureLimit: 60,
      limits: {
        headersTimeoutSeconds: 10,
        requestTimeoutSeconds: 30,
        idleTimeoutSeconds: 60,
        keepAliveTimeoutSeconds: 72,
        maxConnections: 10_000,
        maxConnectionsPerAddress: 100,
        maxStreams: 5000,
        maxStreamsPerAddress: 50,
        maxStreamsPerSession: 10,
      },
    });
    expect(parseConfig(['--trust-proxy', '2'], {}).trustProxy).toBe(2);
    expect(parseConfig([], { TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,loopback,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'loopback',
      '::1',
    ]);
    expect(parseConfig(['--request-timeout', '5', '--max-streams-per-session', '2'], {})).toMatchObject({
      limits: { requestTimeoutSeconds: 5, headersTimeoutSeconds: 5, maxStreamsPerSession: 2 },
    });
  });

  it.each([
    [['--port', 'abc'], '--port / PORT: must be a whole number'],
    [['--port', '70000'], '--port / PORT: must be at most 65535'],
    [['--rate-limit=-1'], '--rate-limit / RATE_LIMIT: must be a whole number'],
    [['--database-url', 'mysql://x'], '--database-url / DATABASE_URL: must be a postgres:// URL'],
    [['--portal-url', 'ftp://x'], '--portal-url / PORTAL_URL'],
    [['--log-level', 'loud'], '--log-level / LOG_LEVEL'],
    [['--smtp-url', 'http://mail'], '--smtp-url / SMTP_URL: must be an smtp:// or smtps:// URL'],
    [['--bogus', '1'], "Unknown option '--bogus'"],
    [['--workers', '2'], '--workers / WORKERS: more than one process needs PostgreSQL (--database-url)'],
    [['--workers', '0'], '--workers / WORKERS: must be at least 1'],
    [['--tls-cert', 'c.pem'], '--tls-cert / TLS_CERT: give both --tls-cert and --tls-key'],
    [['--tls-key', 'k.pem'], '--tls-cert / TLS_CERT: give both --tls-cert and --tls-key'],
    [
      ['--tls-self-signed', '--tls-cert', 'c', '--tls-key', 'k'],
      '--tls-self-signed / TLS_SELF_SIGNED: not together',
    ],
    [['--metrics-port', '8080'], '--metrics-port / METRICS_PORT: must differ from --port'],
    [['--metrics-token', 'short'], '--metrics-token / METRICS_TOKEN: must be at least 16 characters'],
    [['--trust-proxy', '10.0.0.0/33'], '--trust-proxy / TRUST_PROXY: "10.0.0.0/33" is not a hop count'],
    [['--trust-proxy', 'proxy.example.com'], '--trust-proxy / TRUST_PROXY: "proxy.example.com"'],
    [
      ['--request-timeout', '5', '--headers-timeout', '6'],
      '--headers-timeout / HEADERS_TIMEOUT_SECONDS: must not be longer',
    ],
    [['--idle-timeout', '10'], '--idle-timeout / IDLE_TIMEOUT_SECONDS: must be at least 20'],
    [['--max-streams', '0'], '--max-streams / MAX_STREAMS: must be at least 1'],
    [['--fixture-mode', 'merge'], '--fixture-mode / FIXTURE_MODE: must be check, add-only or replace'],
  ])('refuses %j with a message naming the option', (argv, message) => {
    expect(() => parseConfig(argv, {})).toThrow(ConfigError);
    expect(() => parseConfig(argv, {})).toThrow(message);
  });
});

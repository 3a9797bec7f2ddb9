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
    });
    expect(c).toMatchObject({ port: 9000, rateLimit: 0, dataDir: '/tmp/x', fixture: 'f.json' });
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

  it.each([
    [['--port', 'abc'], '--port / PORT: must be a whole number'],
    [['--port', '70000'], '--port / PORT: must be at most 65535'],
    [['--rate-limit=-1'], '--rate-limit / RATE_LIMIT: must be a whole number'],
    [['--database-url', 'mysql://x'], '--database-url / DATABASE_URL: must be a postgres:// URL'],
    [['--portal-url', 'ftp://x'], '--portal-url / PORTAL_URL'],
    [['--log-level', 'loud'], '--log-level / LOG_LEVEL'],
    [['--smtp-url', 'http://mail'], '--smtp-url / SMTP_URL: must be an smtp:// or smtps:// URL'],
    [['--bogus', '1'], "Unknown option '--bogus'"],
  ])('refuses %j with a message naming the option', (argv, message) => {
    expect(() => parseConfig(argv, {})).toThrow(ConfigError);
    expect(() => parseConfig(argv, {})).toThrow(message);
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/service/app';
import { parseConfig } from '../../src/service/config';
import { type OpenDatabase, openDatabase } from '../../src/service/db/database';

let dir: string;
let database: OpenDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portal-kiosk-files-'));
  const kioskDir = join(dir, 'kiosk');
  mkdirSync(join(kioskDir, 'assets'), { recursive: true });
  writeFileSync(join(kioskDir, 'index.html'), '<!doctype html><title>kiosk</title>');
  writeFileSync(join(kioskDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  database = await openDatabase({ dataDir: dir });
  app = await buildApp(parseConfig(['--log-level', 'silent'], {}), {
    db: database.db,
    dialect: 'sqlite',
    groupCommit: database.groupCommit,
    kioskDir,
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the built kiosk at /portal/', () => {
  it.each([
    '/portal/',
    '/portal',
    '/portal/?uuid=abc',
    '/portal/index.html',
    '/portal/?device=demo-device-amsterdam',
  ])('serves the page at %s, never cached', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>kiosk</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets as immutable', async () => {
    const res = await app.inject({ method: 'GET', url: '/portal/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });
});

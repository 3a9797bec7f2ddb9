import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { expect } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

/**
 * Where the real platform's official PHP SDK (`piggy-php-sdk/`) and its one dependency Debian does
 * not package (`php-enum/`) are: SHARED_CLIENTS_DIR, else `../shared/clients` beside the repository.
 * They are third-party code, run from there, never copied into the project.
 */
export const SHARED_CLIENTS_DIR = resolve(root, process.env.SHARED_CLIENTS_DIR ?? '../shared/clients');

/** Guzzle and the PSR interfaces from Debian's php-guzzlehttp-* packages. */
const GUZZLE_AUTOLOAD = '/usr/share/php/GuzzleHttp/autoload.php';

/** Why the SDK cannot run here (PHP, Guzzle or the SDK missing), or undefined when it can. */
export function phpSdkMissing(): string | undefined {
  const php = spawnSync('php', ['-r', 'echo PHP_VERSION;'], { encoding: 'utf8' });
  if (php.status !== 0) return 'no `php` on PATH (Debian: php-cli php-curl php-mbstring php-xml)';
  if (!existsSync(GUZZLE_AUTOLOAD)) {
    return `no ${GUZZLE_AUTOLOAD} (Debian: php-guzzlehttp-guzzle php-guzzlehttp-psr7 php-guzzlehttp-promises php-psr-http-message php-psr-http-client php-psr-http-factory)`;
  }
  for (const folder of ['piggy-php-sdk/src', 'php-enum/src']) {
    if (!existsSync(join(SHARED_CLIENTS_DIR, folder))) {
      return `no ${join(SHARED_CLIENTS_DIR, folder)} (set SHARED_CLIENTS_DIR to the folder holding piggy-php-sdk/ and php-enum/)`;
    }
  }
  return undefined;
}

/** What a PiggyRequestException (or another throwable) carried. */
export interface SdkError {
  class: string;
  message: string;
  code: number;
  /** PiggyRequestException::getStatusCode() */
  status?: number;
  /** The ErrorBag as field → messages (null without one). */
  errors?: Record<string, string[]> | null;
  /** File and line of a throwable that is not the SDK's request exception. */
  at?: string;
}

/** One answer of test/php/bridge.php: the value as the SDK's getters give it, or what it threw. */
export type SdkAnswer =
  | { ok: true; value: unknown; ref?: number; warnings: string[] }
  | { ok: false; error: SdkError; warnings: string[] };

/** A reference to a PHP object kept by the bridge (a client, or an object an SDK call answered). */
export interface PhpObject {
  ref: number;
  // biome-ignore lint/suspicious/noExplicitAny: a described PHP object, read by getter names.
  value: any;
}

/**
 * One PHP process running test/php/bridge.php: the SDK's classes, driven call by call, each
 * answer read back as JSON of the mapped objects' getters (see the bridge for the protocol).
 */
export class PhpSdk {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly waiting: ((line: string) => void)[] = [];
  private stderr = '';

  constructor() {
    this.child = spawn('php', [join(root, 'test/php/bridge.php'), SHARED_CLIENTS_DIR], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child.stderr.on('data', (chunk) => {
      this.stderr += chunk;
    });
    createInterface({ input: this.child.stdout }).on('line', (line) => this.waiting.shift()?.(line));
    this.child.on('exit', (code) => {
      for (const reject of this.waiting.splice(0)) {
        reject(
          JSON.stringify({
            ok: false,
            error: { class: 'bridge', message: `PHP exited ${code}: ${this.stderr}` },
          }),
        );
      }
    });
  }

  /** Sends one request to the bridge and answers its reply. */
  send(request: Record<string, unknown>): Promise<SdkAnswer> {
    return new Promise((resolveAnswer) => {
      this.waiting.push((line) => resolveAnswer(JSON.parse(line) as SdkAnswer));
      this.child.stdin.write(`${JSON.stringify(request)}\n`);
    });
  }

  /** `new Piggy\Api\<kind>(...args)` with its base URL set to `baseUrl`. */
  async client(
    kind: 'RegisterClient' | 'OAuthClientApiKey' | 'OAuthClient',
    baseUrl: string,
    ...args: unknown[]
  ) {
    const created = mapped(await this.send({ new: kind, args }));
    mapped(await this.send({ on: created.ref, method: 'setBaseUrl', args: [baseUrl] }));
    return created.ref;
  }

  /** `$objects[on]->property->method(...args)` (without `property`: on the object itself). */
  call(on: number, property: string | null, method: string, ...args: unknown[]): Promise<SdkAnswer> {
    return this.send({ on, ...(property ? { property } : {}), method, args });
  }

  close(): void {
    this.child.stdin.end();
  }
}

/** Argument for a bridge call: the PHP object of an earlier answer. */
export const phpRef = (object: PhpObject) => ({ $ref: object.ref });

/** Argument for a bridge call: a PHP DateTime. */
export const phpDate = (iso: string) => ({ $date: iso });

/** Paths of getters that threw while the bridge read the value (a field the SDK could not map). */
function threwAt(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => threwAt(item, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  if ('$threw' in value) return [`${path}: ${String(value.$threw)}`];
  return Object.entries(value).flatMap(([key, item]) => threwAt(item, `${path}.${key}`));
}

/**
 * The mapped result of a call that must succeed as an integrator sees it: no exception, no PHP
 * warning, and every getter of every object answers.
 */
export function mapped(answer: SdkAnswer): PhpObject {
  if (!answer.ok) expect.fail(`the SDK threw ${JSON.stringify(answer.error)}`);
  expect(answer.warnings).toEqual([]);
  expect(threwAt(answer.value)).toEqual([]);
  return { ref: answer.ref ?? -1, value: answer.value };
}

/** The PiggyRequestException of a call that must fail. */
export function refused(answer: SdkAnswer): SdkError {
  if (answer.ok) expect.fail(`the SDK answered ${JSON.stringify(answer.value)}`);
  expect(answer.warnings).toEqual([]);
  expect(answer.error.class).toBe('PiggyRequestException');
  return answer.error;
}

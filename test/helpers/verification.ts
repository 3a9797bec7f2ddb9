import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { TestApp } from './app';

/**
 * The six-digit verification code of the newest e-mail to `email` in the app's outbox (no SMTP
 * server in tests: every e-mail is a .eml file there); undefined when none was sent.
 */
export function lastCodeSentTo(t: TestApp, email: string): string | undefined {
  const folder = join(t.dir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(folder);
  } catch {
    return undefined;
  }
  const mails = files
    .map((name) => join(folder, name))
    .map((file) => ({ file, at: statSync(file).mtimeMs, text: readFileSync(file, 'utf8') }))
    .filter((mail) => mail.text.includes(`To: ${email}`))
    .sort((a, b) => a.at - b.at || a.file.localeCompare(b.file));
  const text = mails.at(-1)?.text.replace(/=\r?\n/g, '');
  return text ? /code: (\d{6})/.exec(text)?.[1] : undefined;
}

/** How many e-mails the app's outbox holds for `email`. */
export function mailsSentTo(t: TestApp, email: string): number {
  try {
    return readdirSync(join(t.dir, 'outbox')).filter((name) =>
      readFileSync(join(t.dir, 'outbox', name), 'utf8').includes(`To: ${email}`),
    ).length;
  } catch {
    return 0;
  }
}

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/service/mail/mailer';
import { hasToken, isHtml, renderTemplate } from '../../src/service/mail/template';

describe('renderTemplate', () => {
  it('fills tokens with free spacing; unknown tokens become empty', () => {
    expect(
      renderTemplate('Hi {{contact.firstname}}, {{ giftcard.hash }} {{  custom.note }}{{ custom.nope }}!', {
        'contact.firstname': 'Anna',
        'giftcard.hash': 'GC-1',
        'custom.note': 7,
      }),
    ).toBe('Hi Anna, GC-1 7!');
  });

  it('escapes values in HTML content only', () => {
    const values = { 'contact.firstname': '<b>&' };
    expect(renderTemplate('<p>{{ contact.firstname }}</p>', values)).toBe('<p>&lt;b&gt;&amp;</p>');
    expect(renderTemplate('Hi {{ contact.firstname }}', values)).toBe('Hi <b>&');
    expect(isHtml('a < b')).toBe(false);
  });

  it('finds a token by name', () => {
    expect(hasToken('code {{giftcard.hash}}', 'giftcard.hash')).toBe(true);
    expect(hasToken('code giftcard.hash', 'giftcard.hash')).toBe(false);
    expect(hasToken('{{ giftcard.hash_url }}', 'giftcard.hash')).toBe(false);
  });
});

describe('createMailer', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-mail-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes one .eml file per message into {dataDir}/outbox without an SMTP URL', async () => {
    const mailer = createMailer({ smtpUrl: undefined, dataDir: dir, from: 'no-reply@localhost' });
    const first = await mailer.send({
      to: 'a@example.com',
      fromName: 'Demo Coffee',
      subject: 'One',
      text: 'Body 1',
    });
    await mailer.send({ to: 'b@example.com', subject: 'Two', html: '<p>Body 2</p>' });
    mailer.close();
    const files = readdirSync(join(dir, 'outbox'));
    expect(files).toHaveLength(2);
    const eml = readFileSync(first.file!, 'utf8');
    expect(eml).toContain('From: Demo Coffee <no-reply@localhost>');
    expect(eml).toContain('To: a@example.com');
    expect(eml).toContain('Subject: One');
    expect(eml).toContain('Body 1');
    expect(first.messageId).toMatch(/^<.+>$/);
  });

  describe('with an SMTP server', () => {
    const received: { from: string; to: string[]; data: string }[] = [];
    let server: SMTPServer;
    let url: string;
    beforeAll(async () => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              data: Buffer.concat(chunks).toString(),
            });
            callback();
          });
        },
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('delivers through the server of the SMTP URL', async () => {
      const mailer = createMailer({ smtpUrl: url, dataDir: dir, from: 'no-reply@shop.example' });
      const sent = await mailer.send({ to: 'c@example.com', subject: 'Three', text: 'Body 3' });
      mailer.close();
      expect(sent.file).toBeUndefined();
      expect(received).toEqual([
        { from: 'no-reply@shop.example', to: ['c@example.com'], data: expect.stringContaining('Body 3') },
      ]);
    });
  });
});

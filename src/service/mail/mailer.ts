import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

/** One outgoing e-mail: plain text, HTML, or both; `fromName` names the sender (the account). */
export interface OutgoingMail {
  to: string;
  fromName?: string;
  subject: string;
  text?: string;
  html?: string;
}

/** Where a sent e-mail went: the SMTP server's message id, or the .eml file of the outbox. */
export interface SentMail {
  messageId: string;
  file?: string;
}

/** Sends the service's e-mails (giftcard send-by-email); one per app. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<SentMail>;
  close(): void;
}

/**
 * A mailer through the SMTP server of `smtpUrl` (smtp:// or smtps://, credentials in the URL),
 * or, without one, into `{dataDir}/outbox/` as one .eml file per message (for demos and tests).
 * `from` is the sender's address, e.g. `no-reply@localhost`.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  dataDir: string;
  from: string;
}): Mailer {
  const message = ({ fromName, ...mail }: OutgoingMail) => ({
    from: fromName ? { name: fromName, address: options.from } : options.from,
    ...mail,
  });
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        const info = await transport.sendMail(message(mail));
        return { messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }
  const outbox = join(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail(message(mail));
      await mkdir(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`;
      const file = join(outbox, name);
      await writeFile(file, info.message as Buffer);
      return { messageId: info.messageId, file };
    },
    close: () => transport.close(),
  };
}

import type { FastifyInstance } from 'fastify';
import { createMailer, type Mailer } from '../../mail/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing mail: `config.smtpUrl`, else the `{dataDir}/outbox` folder. */
    mailer: Mailer;
  }
}

/** Decorates the app with its one mailer, closed with the app; it sends from no-reply@ the portal's host. */
export function registerMail(app: FastifyInstance): void {
  const host = new URL(app.config.portalUrl).hostname;
  const domain = host.includes('.') && !/^[\d.]+$/.test(host) ? host : 'localhost';
  const mailer = createMailer({
    smtpUrl: app.config.smtpUrl,
    dataDir: app.config.dataDir,
    from: `no-reply@${domain}`,
  });
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
}

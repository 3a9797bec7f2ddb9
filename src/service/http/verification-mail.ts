import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CodeDelivery } from '../domain/contacts/verification';
import { refusal } from '../domain/shared/errors';

/**
 * Hands a verification code's e-mail to the mailer, after its transaction committed. Without a mail
 * server the code also goes to the log (warn), where a demo's operator reads it (the counter says
 * so in a demo account).
 * @throws ServiceError 1000 (HTTP 502, reason email_not_sent) when the mail server refuses it.
 */
export async function deliverCode(
  app: FastifyInstance,
  req: FastifyRequest,
  delivery: CodeDelivery,
): Promise<void> {
  if (!app.config.smtpUrl)
    req.log.warn(`No mail server: verification code for ${delivery.sentTo}: ${delivery.code}`);
  try {
    await app.mailer.send(delivery.mail);
  } catch (err) {
    req.log.error({ err }, 'verification e-mail not sent');
    throw refusal('email_not_sent', 'The e-mail could not be sent');
  }
}

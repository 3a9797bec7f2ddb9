import type { FastifyInstance, FastifyReply } from 'fastify';
import type { RouteError } from '../../../contract/errors';
import {
  activityReport as activityShape,
  liabilityQuery,
  liabilityReport as liabilityShape,
  reportQuery,
  sessionsReport as sessionsShape,
  staffReport as staffShape,
} from '../../../contract/office-reports';
import { activityReport, sessionsReport } from '../../domain/reports/activity';
import { activityCsv, csvFileName, liabilityCsv, sessionsCsv, staffCsv } from '../../domain/reports/csv';
import { liabilityReport } from '../../domain/reports/liability';
import { staffReport } from '../../domain/reports/till-staff';
import { zodRoutes } from '../route';
import { officeRoute } from './auth';

const SCOPE =
  'An owner gets every shop (closed ones too), the row of what no shop is attributed and the ' +
  "account's total, or one shop with `shop_uuid`; a manager the shops they run (and their total), " +
  'or one of them; another shop is 403 office_not_allowed.';
const PERIOD =
  '`from` and `to` are shop-local (Europe/Amsterdam) dates, both included, at most 366 days apart ' +
  '(default: the 7 days ending today).';
const CSV =
  'The same rows as a CSV file (RFC 4180, CRLF, UTF-8 with a byte order mark; money and credits as ' +
  'plain decimals such as `12.34`), as an attachment.';
const ERRORS: RouteError[] = [{ code: 1008 }, { code: 1003 }];

/** Sends `text` as a CSV attachment named `name`. */
function sendCsv(reply: FastifyReply, name: string, text: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .send(text);
}

/**
 * The office's reports (docs/office.md "Reports"; domain/reports/): each as JSON and as a CSV file
 * of the same rows, computed once by the domain.
 */
export default async function reportRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);
  const liability = (req: {
    officeActor: Parameters<typeof liabilityReport>[1];
    query: { shop_uuid?: string | undefined; at?: string | undefined };
  }) =>
    liabilityReport(
      app.db,
      req.officeActor,
      { shopUuid: req.query.shop_uuid, at: req.query.at },
      app.clock(),
    );
  const period = (query: {
    shop_uuid?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
  }) => ({
    shopUuid: query.shop_uuid,
    from: query.from,
    to: query.to,
  });

  app.get(
    '/reports/liability',
    officeRoute({
      summary: 'What the business owes its customers at the end of a day: credits, prepaid and gift cards',
      description:
        'Summed from the ledgers (credit entries, prepaid transactions, gift-card transactions) up to the ' +
        'end of the shop-local day `at` (default today), a row per shop: a credit entry belongs to the ' +
        "shop of its credit or reward reception, a transaction to its own shop. The rows' `total` is " +
        `their sum. ${SCOPE}`,
      errors: ERRORS,
      querystring: liabilityQuery,
      response: { 200: liabilityShape },
    }),
    async (req) => liability(req),
  );

  app.get(
    '/reports/liability.csv',
    officeRoute({
      summary: 'The liability as a CSV file',
      description: `${CSV} ${SCOPE}`,
      errors: ERRORS,
      querystring: liabilityQuery,
      produces: ['text/csv'],
    }),
    async (req, reply) => {
      const report = await liability(req);
      return sendCsv(reply, csvFileName('liability', { at: report.at }), liabilityCsv(report));
    },
  );

  app.get(
    '/reports/activity',
    officeRoute({
      summary: 'What happened each day: members, credits, rewards, vouchers, gift cards, prepaid, sessions',
      description: `Every day of the period and its totals. ${PERIOD} ${SCOPE}`,
      errors: ERRORS,
      querystring: reportQuery,
      response: { 200: activityShape },
    }),
    async (req) => activityReport(app.db, req.officeActor, period(req.query), app.clock()),
  );

  app.get(
    '/reports/activity.csv',
    officeRoute({
      summary: 'The activity by day as a CSV file',
      description: `${CSV} The last row is the period's total. ${PERIOD} ${SCOPE}`,
      errors: ERRORS,
      querystring: reportQuery,
      produces: ['text/csv'],
    }),
    async (req, reply) => {
      const report = await activityReport(app.db, req.officeActor, period(req.query), app.clock());
      return sendCsv(reply, csvFileName('activity', report), activityCsv(report));
    },
  );

  app.get(
    '/reports/sessions',
    officeRoute({
      summary: 'The portal sessions started each day, by type and how they ended',
      description: `A row per day and session type that had any. ${PERIOD} ${SCOPE}`,
      errors: ERRORS,
      querystring: reportQuery,
      response: { 200: sessionsShape },
    }),
    async (req) => sessionsReport(app.db, req.officeActor, period(req.query), app.clock()),
  );

  app.get(
    '/reports/sessions.csv',
    officeRoute({
      summary: 'The portal sessions by day and type as a CSV file',
      description: `${CSV} ${PERIOD} ${SCOPE}`,
      errors: ERRORS,
      querystring: reportQuery,
      produces: ['text/csv'],
    }),
    async (req, reply) => {
      const report = await sessionsReport(app.db, req.officeActor, period(req.query), app.clock());
      return sendCsv(reply, csvFileName('sessions', report), sessionsCsv(report));
    },
  );

  app.get(
    '/reports/staff',
    officeRoute({
      summary: 'What each staff member did at the till: customers found, sessions, purchases, payments',
      description:
        "From the consoles' records of the shops in scope, by the person signed in at the till; " +
        `\`staff\` null: nobody was. ${PERIOD} ${SCOPE}`,
      errors: ERRORS,
      querystring: reportQuery,
      response: { 200: staffShape },
    }),
    async (req) => staffReport(app.db, req.officeActor, period(req.query), app.clock()),
  );

  app.get(
    '/reports/staff.csv',
    officeRoute({
      summary: 'What each staff member did at the till as a CSV file',
      description: `${CSV} ${PERIOD} ${SCOPE}`,
      errors: ERRORS,
      querystring: reportQuery,
      produces: ['text/csv'],
    }),
    async (req, reply) => {
      const report = await staffReport(app.db, req.officeActor, period(req.query), app.clock());
      return sendCsv(reply, csvFileName('staff', report), staffCsv(report));
    },
  );
}

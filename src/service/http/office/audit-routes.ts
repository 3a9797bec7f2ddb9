import type { FastifyInstance } from 'fastify';
import { auditPage, auditQuery } from '../../../contract/office';
import { AUDIT_PAGE_SIZE, auditPage as pageOf } from '../../domain/office/audit';
import { zodRoutes } from '../route';
import { officeRoute } from './auth';

/** The office's audit log (docs/office.md "Audit log"): every change, who made it, newest first. */
export default async function auditRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);

  app.get(
    '/audit',
    officeRoute({
      summary: 'The audit log, newest first, by staff member, shop and dates',
      description:
        `${AUDIT_PAGE_SIZE} entries a page; pass \`next\` as \`before_id\` for the next (null: the last). ` +
        '`from` and `to` are dates (inclusive, UTC). The owner reads every entry; a manager those of the ' +
        'shops they run. Entries stay when what they name is removed; a customer erased leaves ' +
        '`{"erased": true}` as the values of the entries about them.',
      errors: [{ code: 1008 }, { code: 1003 }],
      querystring: auditQuery,
      response: { 200: auditPage },
    }),
    async (req) =>
      pageOf(app.db, req.officeActor, {
        staffUuid: req.query.staff_uuid,
        shopUuid: req.query.shop_uuid,
        from: req.query.from,
        to: req.query.to,
        beforeId: req.query.before_id,
      }),
  );
}

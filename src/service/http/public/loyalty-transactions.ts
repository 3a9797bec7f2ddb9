import type { FastifyInstance } from 'fastify';
import { pagedEnvelope, paginatorMeta } from '../../../contract/envelope';
import { contactUuidParams } from '../../../contract/public/contacts';
import {
  contactLoyaltyTransactionsQuery,
  loyaltyTransaction,
  loyaltyTransactionsQuery,
} from '../../../contract/public/loyalty-transactions';
import { listLoyaltyTransactions } from '../../domain/loyalty/loyalty-transactions';
import { EXTENSION_TAG, zodRoutes } from '../route';

const TAGS = ['Loyalty transactions', EXTENSION_TAG];
const DESCRIPTION =
  "A contact's credit receptions and reward receptions (each as its own resource, by `type`), " +
  'newest first; filtered by `type` and `shop_uuid`. Paginated: `page` from 1, `limit` 1–100 ' +
  '(default 30), meta {current_page, per_page, from, to, last_page, total}.';

/**
 * Extension: a contact's loyalty history, at both addresses the real platform's PHP SDK uses
 * (RegisterClient: under the contact; OAuth clients: with `contact_uuid` in the query).
 */
export default async function loyaltyTransactionRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);
  const response = { 200: pagedEnvelope(loyaltyTransaction, paginatorMeta) };

  app.get(
    '/contacts/:contact_uuid/loyalty-transactions',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: "Extension: a contact's loyalty transactions",
        description: DESCRIPTION,
        errors: [55031, 1008],
        params: contactUuidParams,
        querystring: loyaltyTransactionsQuery,
        response,
      },
    },
    async (req) => {
      const { items, meta } = await listLoyaltyTransactions(app.db, {
        ...req.query,
        contact_uuid: req.params.contact_uuid,
      });
      return { data: items, meta };
    },
  );

  app.get(
    '/loyalty-transactions',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: "Extension: a contact's loyalty transactions (contact_uuid in the query)",
        description: DESCRIPTION,
        errors: [55031, 1008],
        querystring: contactLoyaltyTransactionsQuery,
        response,
      },
    },
    async (req) => {
      const { items, meta } = await listLoyaltyTransactions(app.db, req.query);
      return { data: items, meta };
    },
  );
}

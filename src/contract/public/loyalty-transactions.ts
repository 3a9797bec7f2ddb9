import { z } from 'zod';
import { DEMO } from '../examples';
import { idField } from '../fields';
import { creditReception } from './credit-receptions';
import { limitField, pageField } from './pagination';
import { rewardReception } from './reward-receptions';

/** A contact's loyalty transaction: a Credit Reception or a Reward Reception (by `type`). */
export const loyaltyTransaction = z.union([creditReception, rewardReception]);
export type LoyaltyTransaction = z.infer<typeof loyaltyTransaction>;

/** GET /contacts/{contact_uuid}/loyalty-transactions (extension). */
export const loyaltyTransactionsQuery = z.object({
  page: pageField(),
  limit: limitField(1, 100, 30),
  shop_uuid: idField().optional().describe('Only the transactions at this shop (1008 when unknown).'),
  type: z.enum(['credit_reception', 'reward_reception']).optional(),
});
export type LoyaltyTransactionsQuery = z.infer<typeof loyaltyTransactionsQuery>;

/** GET /loyalty-transactions (extension): the same, for the contact named in the query. */
export const contactLoyaltyTransactionsQuery = loyaltyTransactionsQuery.extend({
  contact_uuid: idField().meta({ example: DEMO.anna }),
});

import type {
  OfficeSubscriptionType,
  SubscriptionTypeRequest,
} from '../../../contract/office-programme-rules';
import { ACCOUNT_CHANGED_TOPIC } from '../../db/account-cache';
import type { Tx } from '../../db/transaction';
import { type OfficeActor, requireOwner } from '../office/access';
import { officeAuditBy, recordAudit } from '../office/audit';
import { invalidField, refusal } from '../shared/errors';
import { newUuid } from '../shared/values';
import { subscriptionTypeView } from './subscriptions';

/*
 * Subscription types as the office edits them (docs/office.md "Earning and promotions"): the
 * owner adds one or changes its name, description, strategy and whether it is offered (active).
 * A type is never deleted: contacts' choices name it. Read with listSubscriptionTypes (subscriptions.ts).
 */

function checked(input: SubscriptionTypeRequest) {
  const name = input.name.trim();
  if (!name) invalidField('name', 'A subscription type needs a name.');
  return {
    name,
    description: input.description?.trim() || null,
    active: input.active ? 1 : 0,
    strategy: input.strategy,
  };
}

const audited = (t: OfficeSubscriptionType) => ({
  name: t.name,
  description: t.description,
  active: t.active,
  strategy: t.strategy,
});

/**
 * Adds a subscription type (owner only): the next id, a new uuid. Recorded as
 * `subscription_type.created`. @throws ServiceError office_not_allowed (403); 1003 naming name.
 */
export async function createSubscriptionType(
  tx: Tx,
  actor: OfficeActor,
  input: SubscriptionTypeRequest,
): Promise<OfficeSubscriptionType> {
  requireOwner(actor);
  const values = checked(input);
  const last = await tx.db
    .selectFrom('subscription_types')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  const row = await tx.db
    .insertInto('subscription_types')
    .values({ id: Number(last?.id ?? 0) + 1, uuid: newUuid(), ...values })
    .returningAll()
    .executeTakeFirstOrThrow();
  tx.publish(ACCOUNT_CHANGED_TOPIC, { table: 'subscription_types' });
  const view = subscriptionTypeView(row);
  await recordAudit(tx, officeAuditBy(actor), {
    action: 'subscription_type.created',
    subjectType: 'account',
    subjectUuid: String(row.id),
    shopId: null,
    before: null,
    after: audited(view),
  });
  return view;
}

/**
 * Changes subscription type `id` (owner only): name, description, active, strategy. Contacts'
 * stored choices stay. Recorded as `subscription_type.changed`.
 * @throws ServiceError office_not_allowed (403), subscription_type_not_found (404), 1003 naming name.
 */
export async function changeSubscriptionType(
  tx: Tx,
  actor: OfficeActor,
  id: number,
  input: SubscriptionTypeRequest,
): Promise<OfficeSubscriptionType> {
  requireOwner(actor);
  const before = await tx.db
    .selectFrom('subscription_types')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!before) {
    throw refusal('subscription_type_not_found', {
      en: 'This subscription type does not exist',
      nl: 'Dit inschrijvingstype bestaat niet',
    });
  }
  const row = await tx.db
    .updateTable('subscription_types')
    .set(checked(input))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  tx.publish(ACCOUNT_CHANGED_TOPIC, { table: 'subscription_types' });
  const view = subscriptionTypeView(row);
  await recordAudit(tx, officeAuditBy(actor), {
    action: 'subscription_type.changed',
    subjectType: 'account',
    subjectUuid: String(id),
    shopId: null,
    before: audited(subscriptionTypeView(before)),
    after: audited(view),
  });
  return view;
}

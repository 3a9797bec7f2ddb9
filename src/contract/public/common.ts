import { z } from 'zod';

/** `{uuid, email}` of a contact as embedded in identifiers, tokens, vouchers. */
export const contactRef = z.object({ uuid: z.string(), email: z.string() });

/** The credit balance object: `{balance}` (credits), with `id` where the spec shows it. */
export const creditBalance = z.object({ id: z.number().int().optional(), balance: z.number() });

/** `{id, uuid, reference, name}`: the shop of a portal session. */
export const shopRef = z.object({
  id: z.number().int(),
  uuid: z.string(),
  reference: z.string().nullable(),
  name: z.string(),
});

/** The shop of credit and reward receptions: `{id, uuid, type, name, address}`. */
export const shopWithAddress = z.object({
  id: z.number().int(),
  uuid: z.string(),
  type: z.string(),
  name: z.string(),
  address: z.object({
    id: z.number().int(),
    shop_id: z.number().int(),
    street: z.unknown(),
    housenumber: z.unknown(),
    postalcode: z.unknown(),
    city: z.unknown(),
    state: z.unknown(),
    country: z.unknown(),
    latitude: z.unknown(),
    longitude: z.unknown(),
    house_number: z.unknown(),
    postal_code: z.unknown(),
  }),
});

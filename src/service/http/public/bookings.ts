import type { FastifyInstance } from 'fastify';
import { envelope } from '../../../contract/envelope';
import {
  booking,
  bookingUuidParams,
  createBookingBody,
  updateBookingBody,
} from '../../../contract/public/bookings';
import { createBooking, updateBooking } from '../../domain/stays/bookings';
import { madeBy } from '../openapi/document';
import { ok, zodRoutes } from '../route';

/** Spec "Bookings (K)": create and update. */
export default async function bookingRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);

  app.post(
    '/bookings',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['Bookings'],
        summary: 'Create a booking',
        description:
          'For the shop the API key is bound to, or `shop_uuid` (extension) with an unbound key. ' +
          'Timestamps ISO 8601 with offset; prepaid_amount in cents; status free text.',
        errors: [55031, 1008],
        body: createBookingBody,
        response: { 201: envelope(booking) },
      },
    },
    async (req, reply) =>
      reply.code(201).send(ok(await req.tx((tx) => createBooking(tx, req.actor, req.body)))),
  );

  app.put(
    '/bookings/:uuid',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['Bookings'],
        summary: 'Update a booking',
        exampleAfter: madeBy('createBooking', 'uuid'),
        description:
          'The fields sent change (null clears one); contact_uuid and shop_uuid cannot be sent. A ' +
          'shop-bound key sees its own shop’s bookings only.',
        errors: [{ reason: 'booking_not_found' }],
        params: bookingUuidParams,
        body: updateBookingBody,
        response: { 200: envelope(booking) },
      },
    },
    async (req) => ok(await req.tx((tx) => updateBooking(tx, req.actor, req.params.uuid, req.body))),
  );
}

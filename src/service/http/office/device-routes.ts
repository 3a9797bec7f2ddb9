import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idField } from '../../../contract/fields';
import {
  deviceRequest,
  deviceUpdateRequest,
  newDevice,
  officeDevice,
  officeDevices,
  PAIRING_CODE_MINUTES,
  pairingCode,
} from '../../../contract/office';
import {
  addOfficeDevice,
  listOfficeDevices,
  newPairingCode,
  revokeOfficeDevice,
  updateOfficeDevice,
} from '../../domain/devices/office-devices';
import { zodRoutes } from '../route';
import { officeRoute } from './auth';

const params = z.object({ uuid: idField() });
const noBody = z.preprocess((v) => v ?? {}, z.object({}));
// Another shop's device answers as an unknown one.
const UNKNOWN_DEVICE = { reason: 'device_not_in_office' } as const;
const CODE =
  `The pairing code is shown this once (the service keeps its hash): typed on the device within ` +
  `${PAIRING_CODE_MINUTES} minutes, it works once.`;

/**
 * The office's devices (docs/office.md "Devices"): counter tablets and console phones of the shops
 * the caller runs, added and paired by a code, renamed, moved, re-paired and revoked at once.
 */
export default async function officeDeviceRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);

  app.get(
    '/devices',
    officeRoute({
      summary: 'The tablets and console phones of the shops you run',
      description: 'Status `waiting` (its pairing code not typed yet), `paired` or `revoked`.',
      response: { 200: officeDevices },
    }),
    async (req) => listOfficeDevices(app.db, req.officeActor),
  );

  app.post(
    '/devices',
    officeRoute({
      summary: 'Add a tablet or console phone to a shop you run, with its pairing code',
      description: CODE,
      errors: [1008, { code: 1003, status: 422, when: 'naming shop_uuid: the shop is closed' }],
      body: deviceRequest,
      response: { 201: newDevice },
    }),
    async (req, reply) => {
      const made = await app.tx((tx) => addOfficeDevice(tx, req.officeActor, req.body));
      return reply.code(201).send(made);
    },
  );

  app.put(
    '/devices/:uuid',
    officeRoute({
      summary: 'Rename a device, or move it to another shop you run',
      description: 'A moved device’s open screens follow its new shop within seconds.',
      errors: [
        UNKNOWN_DEVICE,
        1008,
        { code: 1003, status: 422, when: 'naming shop_uuid: the shop is closed' },
      ],
      params,
      body: deviceUpdateRequest,
      response: { 200: officeDevice },
    }),
    async (req) => app.tx((tx) => updateOfficeDevice(tx, req.officeActor, req.params.uuid, req.body)),
  );

  app.post(
    '/devices/:uuid/pairing-code',
    officeRoute({
      summary: 'A new pairing code for a device (re-pair)',
      description:
        `${CODE} The code before stops, and so does the device as it is paired now (a console's ` +
        "sessions, a tablet's token): it works again once the new code is typed. A revoked device is " +
        'paired again this way.',
      errors: [UNKNOWN_DEVICE],
      params,
      body: noBody,
      response: { 200: pairingCode },
    }),
    async (req) => app.tx((tx) => newPairingCode(tx, req.officeActor, req.params.uuid)),
  );

  app.post(
    '/devices/:uuid/revoke',
    officeRoute({
      summary: 'Revoke a device at once',
      description:
        'Its next request is refused and its open event streams end within seconds, in every process; ' +
        'its pairing code stops. Revoking a revoked device changes nothing.',
      errors: [UNKNOWN_DEVICE],
      params,
      body: noBody,
      response: { 200: officeDevice },
    }),
    async (req) => app.tx((tx) => revokeOfficeDevice(tx, req.officeActor, req.params.uuid)),
  );
}

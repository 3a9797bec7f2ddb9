import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { officeStaff, staffRequest, staffUpdateRequest } from '../../../contract/office';
import { createStaff, listStaff, removeStaff, updateStaff } from '../../domain/office/staff';
import { zodRoutes } from '../route';
import { officeRoute } from './auth';

const params = z.object({ uuid: z.string() });
/** "Try it out" changes the staff member the example of POST /staff makes. */
const AFTER_CREATE = { operationId: 'createOfficeApiStaff', parameters: { uuid: '$response.body#/uuid' } };
const noBody = z.preprocess((v) => v ?? {}, z.object({}));

/**
 * The office's staff (docs/office.md "Staff"): listed, made, changed and removed by an owner, or
 * by a manager for the cashiers of the shops they run. The rules live in domain/office/staff.ts.
 */
export default async function staffRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);

  app.get(
    '/staff',
    officeRoute({
      summary: 'The staff the caller manages: everyone (owner), the cashiers of their shops (manager)',
      description:
        'Removed staff members are listed last, with `removed_at`. Passcodes and passwords are never answered.',
      response: { 200: z.array(officeStaff) },
    }),
    async (req) => listStaff(fastify.db, req.officeActor),
  );

  app.post(
    '/staff',
    officeRoute({
      summary: 'Add a staff member; one with an e-mail address is invited to set a password',
      description:
        'An owner adds anyone; a manager only cashiers of the shops they run. An owner or manager needs an ' +
        'e-mail address, a manager or cashier a shop. The passcode (4 digits) signs a cashier in at a till.',
      errors: [{ reason: 'staff_email_taken' }, 1003],
      body: staffRequest,
      response: { 201: officeStaff },
    }),
    async (req, reply) => {
      const { staff, mail } = await createStaff(
        fastify.tx,
        req.officeActor,
        req.body,
        fastify.config.portalUrl,
      );
      if (mail)
        fastify.mailer.send(mail).catch((err: unknown) => req.log.error({ err }, 'invitation not sent'));
      return reply.code(201).send(staff);
    },
  );

  app.put(
    '/staff/:uuid',
    officeRoute({
      summary: 'Change a staff member: name, role, shops, passcode (null removes it)',
      exampleAfter: AFTER_CREATE,
      description:
        'A manager changes only cashiers of their shops and sets which of their own shops they work in. ' +
        'Nobody changes their own role; the last owner stays owner.',
      errors: [{ reason: 'staff_not_found' }, { reason: 'staff_self' }, { reason: 'last_owner' }, 1003],
      params,
      body: staffUpdateRequest,
      response: { 200: officeStaff },
    }),
    async (req) => updateStaff(fastify.tx, req.officeActor, req.params.uuid, req.body),
  );

  app.post(
    '/staff/:uuid/remove',
    officeRoute({
      summary: 'Remove a staff member: their sessions end, they can no longer sign in',
      exampleAfter: AFTER_CREATE,
      description: 'Their row stays for the audit log. Nobody removes themselves; the last owner stays.',
      errors: [{ reason: 'staff_not_found' }, { reason: 'staff_self' }, { reason: 'last_owner' }],
      params,
      body: noBody,
      response: { 200: officeStaff },
    }),
    async (req) => removeStaff(fastify.tx, req.officeActor, req.params.uuid),
  );
}

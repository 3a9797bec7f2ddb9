import { z } from 'zod';
import { DEMO } from '../examples';
import { idField } from '../fields';
import { contactRef } from './common';

/** Spec "Contact Session Token": a one-time token that identifies a contact (e.g. from the app). */
export const contactSessionToken = z.object({
  token: z.string(),
  contact: contactRef,
  status: z.enum(['active', 'used']),
});
export type ContactSessionToken = z.infer<typeof contactSessionToken>;

export const contactSessionTokenParams = z.object({
  contact_session_token: idField().meta({ example: DEMO.annaAppToken }),
});

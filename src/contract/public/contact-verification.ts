import { z } from 'zod';
import { DEMO } from '../examples';
import { emailField, idField } from '../fields';

/*
 * The real platform's contact verification (its PHP SDK's ContactVerificationResource, on
 * /api/v3/oauth/clients/contact-verification): a six-digit code sent to a contact's address,
 * checked, and for a checked code a token for the contact. Answers as its SDK's tests show them.
 */

/** `POST …/contact-verification/send`. */
export const sendVerificationBody = z
  .object({ email: emailField() })
  .meta({ example: { email: DEMO.annaEmail } });

/** `POST …/contact-verification/verify`: the code as the contact typed it. */
export const verifyVerificationBody = z
  .object({
    email: emailField(),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'The code is six digits.'),
  })
  .meta({ example: { email: DEMO.annaEmail, code: '123456' } });

/** The answer of send and verify: `[true]`, as the real platform's. */
export const verificationDone = z.array(z.literal(true)).length(1);

export const authTokenParams = z.object({ contact_uuid: idField().meta({ example: DEMO.anna }) });

/** The answer of auth-token: the token itself (a string). */
export const authToken = z.string();

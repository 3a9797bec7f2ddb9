import { z } from 'zod';
import { DEMO } from '../examples';
import { integerField } from '../fields';

/** POST /oauth/token: the client-credentials grant, as the PHP SDK's OAuthClient sends it (a form). */
export const accessTokenBody = z
  .object({
    grant_type: z.string().describe('Only `client_credentials`.'),
    client_id: integerField(),
    client_secret: z.string().min(1),
  })
  .meta({
    example: {
      grant_type: 'client_credentials',
      client_id: DEMO.oauthClientId,
      client_secret: DEMO.oauthClientSecret,
    },
  });
export type AccessTokenBody = z.infer<typeof accessTokenBody>;

/** The issued access token: not wrapped in the envelope (the OAuth 2 token response). */
export const accessToken = z.object({
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().describe('Seconds until the token expires.'),
  access_token: z.string(),
});
export type AccessToken = z.infer<typeof accessToken>;

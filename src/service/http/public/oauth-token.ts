import type { FastifyInstance } from 'fastify';
import { accessToken, accessTokenBody } from '../../../contract/public/oauth';
import { issueAccessToken } from '../../domain/account/oauth-clients';
import { EXTENSION_TAG, zodRoutes } from '../route';

/** POST /oauth/token: access tokens for OAuth clients (the PHP SDK's OAuthClient). */
export default async function oauthTokenRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);

  app.post(
    '/oauth/token',
    {
      config: { auth: 'none' },
      schema: {
        tags: [EXTENSION_TAG],
        summary: 'Issue an access token (OAuth 2 client-credentials grant)',
        description:
          'Form or JSON: `grant_type=client_credentials`, `client_id` and `client_secret` of an OAuth ' +
          'client of the account fixture. Answers the OAuth 2 token response (not in the envelope); the ' +
          'token is an access token (auth A, and every path under /api/v3/oauth/clients) that expires ' +
          'after `expires_in` seconds.',
        errors: [{ reason: 'unsupported_grant_type' }, { reason: 'client_authentication_failed' }],
        body: accessTokenBody,
        response: { 200: accessToken },
      },
    },
    async (req) => app.tx((tx) => issueAccessToken(tx, req.body)),
  );
}

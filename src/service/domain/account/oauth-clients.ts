import type { AccessToken, AccessTokenBody } from '../../../contract/public/oauth';
import type { Tx } from '../../db/transaction';
import { refusal } from '../shared/errors';
import { hashToken, newSecret } from '../shared/tokens';
import { isoTimestamp } from '../shared/values';

/** How long an access token from POST /oauth/token is valid. */
export const ACCESS_TOKEN_TTL_SECONDS = 3600;

const CLIENT_AUTHENTICATION_FAILED = {
  en: 'Client authentication failed',
  nl: 'Authenticatie van de client is mislukt',
};

/**
 * The client-credentials grant of OAuth 2 (platform-extensions.md "Real clients"): an OAuth client
 * of the fixture trades its id and secret for an access token (kind `access_token`, as A and the
 * oauth surface take it) that expires after ACCESS_TOKEN_TTL_SECONDS. Tokens that have expired are
 * removed as new ones are issued. Only the token's hash is stored.
 * @throws ServiceError 1003 with HTTP 401: a grant type other than `client_credentials` (naming
 *   grant_type), an unknown client or a wrong secret.
 */
export async function issueAccessToken(tx: Tx, body: AccessTokenBody): Promise<AccessToken> {
  if (body.grant_type !== 'client_credentials') {
    throw refusal(
      'unsupported_grant_type',
      { en: 'Unsupported grant type', nl: 'Niet-ondersteund grant type' },
      { fields: { grant_type: ['The grant type must be client_credentials.'] } },
    );
  }
  const client = await tx.db
    .selectFrom('oauth_clients')
    .select(['id', 'secret_hash'])
    .where('id', '=', body.client_id)
    .executeTakeFirst();
  if (!client || client.secret_hash !== hashToken(body.client_secret)) {
    throw refusal('client_authentication_failed', CLIENT_AUTHENTICATION_FAILED);
  }
  const now = isoTimestamp(tx.now);
  await tx.db.deleteFrom('credentials').where('expires_at', '<=', now).execute();
  const token = newSecret();
  await tx.db
    .insertInto('credentials')
    .values({
      token_hash: hashToken(token),
      kind: 'access_token',
      shop_id: null,
      oauth_client_id: client.id,
      expires_at: isoTimestamp(new Date(tx.now.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000)),
    })
    .execute();
  return { token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_SECONDS, access_token: token };
}

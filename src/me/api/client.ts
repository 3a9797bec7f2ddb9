/** Where the /me/ API lives (the page is served at /me/). */
export const ME_API = '/me/api';

/**
 * A failed /me/ API call: the HTTP `status` (0: no answer came), the body's `reason` (a stable
 * word such as `signed_out`, `link_invalid`, `invalid_attribute`), the fields the
 * refusal names (`field`, or the keys of `errors`) and, on 429, the seconds to wait (Retry-After).
 * The server's message is not shown: the page says it in its own words by reason.
 */
export class MeApiError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string | undefined,
    readonly fields: readonly string[] = [],
    readonly retryAfterSeconds: number | null = null,
    /** The body's error `code` (the spec's, e.g. 60014), when it has one. */
    readonly code: number | null = null,
  ) {
    super(`me API error ${status}${reason ? ` ${reason}` : ''}`);
    this.name = 'MeApiError';
  }
}

function refusalOf(body: unknown, response: Response): MeApiError {
  const { reason, field, errors, code } = (body ?? {}) as {
    reason?: unknown;
    field?: unknown;
    errors?: unknown;
    code?: unknown;
  };
  const fields = [
    ...(typeof field === 'string' ? [field] : []),
    ...(errors && typeof errors === 'object' ? Object.keys(errors) : []),
  ];
  const retry = Number(response.headers.get('retry-after'));
  return new MeApiError(
    response.status,
    typeof reason === 'string' ? reason : undefined,
    fields,
    Number.isFinite(retry) && retry > 0 ? retry : null,
    typeof code === 'number' ? code : null,
  );
}

/**
 * Calls the /me/ API with the page's cookie (same origin, httpOnly: the page never sees it) and
 * returns the answer's JSON as `T` (its `data` when the answer is an envelope); undefined for 202/204
 * without a body. Throws MeApiError: status 0 when no answer came, 401 `signed_out` without a valid
 * cookie.
 */
export async function meRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const sends = method === 'POST' || method === 'PUT';
  if (sends) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${ME_API}${path}`, {
      method,
      headers,
      body: sends ? JSON.stringify(body ?? {}) : undefined,
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    throw new MeApiError(0, 'network');
  }
  const text = await response.text().catch(() => '');
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!response.ok) throw refusalOf(json, response);
  if (
    json &&
    typeof json === 'object' &&
    'data' in json &&
    Object.keys(json).every((k) => k === 'data' || k === 'meta')
  )
    return (json as { data: T }).data;
  return json as T;
}

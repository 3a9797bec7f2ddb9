import { ME_API_BASE } from '../../contract/routes';
import type { Api } from '../../web/request';

/**
 * The /me/ API (contract/me.ts; its routes: contract/routes.ts ME_ROUTES; the page is served at
 * /me/): plain JSON answers, no envelope; the page's httpOnly cookie goes along (same origin). Call
 * it with web/request.ts's request<T>; an ApiError with status 401 (`signed_out`) means no valid
 * cookie.
 */
export const ME_API: Api = { base: ME_API_BASE, envelope: false };

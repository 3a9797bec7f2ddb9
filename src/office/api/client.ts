import { OFFICE_API_BASE } from '../../contract/routes';
import type { Api } from '../../web/request';

/**
 * The office API (contract/office.ts; its routes: contract/routes.ts OFFICE_ROUTES; the page is
 * served at /office/): plain JSON answers, no envelope; the page's httpOnly cookie goes along (same
 * origin). Call it with web/request.ts's request<T>; an ApiError with status 401
 * (`office_signed_out`) means no valid cookie, 403 (`office_not_allowed`) a role that may not.
 */
export const OFFICE_API: Api = { base: OFFICE_API_BASE, envelope: false };

/*
 * The one place the service writes JSON: responses of both HTTP surfaces (the app's serializer)
 * and server-sent events. Timestamps are stored at the precision they were made or given with;
 * they leave here in one format, whole seconds with an explicit offset (`2026-11-23T16:21:36+00:00`),
 * as the real platform writes them and its PHP SDK parses them (DATE_ATOM rejects a fraction).
 */

// A JSON string value that is an ISO 8601 timestamp with offset. Anchored on the JSON punctuation
// around a whole value, so text inside a longer string (where quotes are escaped) is never touched.
const TIMESTAMP_VALUE = /(?<=[:,[])"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.\d+)?(Z|[+-]\d\d:\d\d)"(?=[,}\]])/g;

/**
 * `JSON.stringify(value)` with every timestamp value at whole seconds and with a numeric offset
 * (`…T10:00:00.123Z` → `…T10:00:00+00:00`; `…T19:00:00.5+01:00` → `…T19:00:00+01:00`).
 */
export function toJson(value: unknown): string {
  return JSON.stringify(value).replace(
    TIMESTAMP_VALUE,
    (_match, seconds: string, offset: string) => `"${seconds}${offset === 'Z' ? '+00:00' : offset}"`,
  );
}

import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { invalidField } from './errors';

/*
 * Value conversions used by every domain module. Credits travel as numbers in the API and are
 * stored as integer hundredths (centi-credits), so sums never drift: 0.1 + 0.2 credits is 0.3.
 */

/** Credits (a number with at most 2 decimals) → stored centi-credits; 1003 naming `field` otherwise. */
export function toCenti(credits: number, field = 'credits'): number {
  const centi = new Decimal(credits).mul(100);
  if (!centi.isInteger()) invalidField(field, `The ${field} field must have at most 2 decimal places.`);
  if (centi.abs().gt(Number.MAX_SAFE_INTEGER / 1000)) invalidField(field, `The ${field} field is too large.`);
  return centi.toNumber();
}

/** Stored centi-credits → credits as the API shows them (a number, e.g. 12.5). */
export function fromCenti(centi: number): number {
  return new Decimal(centi).div(100).toNumber();
}

/** An ISO 8601 timestamp with an explicit offset (UTC), as the spec's timestamps are. */
export function isoTimestamp(date: Date): string {
  return date.toISOString().replace('Z', '+00:00');
}

// A stored timestamp: ISO 8601 with seconds, maybe a fraction, and an offset.
const STORED_TIMESTAMP = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.\d+)?(Z|[+-]\d\d:\d\d)$/;

/**
 * A stored timestamp as the API writes it: whole seconds with a numeric offset
 * (`…T10:00:00.123Z` → `…T10:00:00+00:00`; `…T19:00:00.5+01:00` → `…T19:00:00+01:00`), as the real
 * platform writes them and its PHP SDK parses them (DATE_ATOM rejects a fraction). Timestamps are
 * stored at the precision they were made or given with; every view writes its own through this.
 */
export function apiTimestamp(stored: string): string;
export function apiTimestamp(stored: string | null): string | null;
export function apiTimestamp(stored: string | null): string | null {
  if (stored === null) return null;
  const match = STORED_TIMESTAMP.exec(stored);
  if (!match) return stored;
  return `${match[1]}${match[2] === 'Z' ? '+00:00' : match[2]}`;
}

/** A new random uuid. */
export function newUuid(): string {
  return randomUUID();
}

/** Parses a JSON text column that holds an object; an empty object when null. */
export function jsonObject(text: string | null): Record<string, unknown> {
  if (!text) return {};
  const value: unknown = JSON.parse(text);
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** 0/1 integer column → boolean. */
export function bool(value: number | null | undefined): boolean {
  return value === 1;
}

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

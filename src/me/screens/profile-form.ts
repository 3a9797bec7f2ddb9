import type { ProfileField } from '../../contract/me';

/** What an input holds while the customer edits: text (text, e-mail, date, number, select), option values, yes/no. */
export type Draft = string | string[] | boolean;

/** A reason a value is refused, with what the message needs (a length, a bound). */
export type FieldProblem =
  | { key: 'required' | 'email' | 'number' | 'whole' | 'dateInvalid' | 'dateFuture' | 'pickOne' | 'refused' }
  | { key: 'tooLong'; max: number };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The input's starting value for a field's value. */
export function draftOf(field: ProfileField): Draft {
  const value = field.value;
  if (field.type === 'multi_select') return Array.isArray(value) ? value.map(String) : [];
  if (field.type === 'boolean') return value === true;
  if (value === null || value === undefined) return '';
  return String(value);
}

/** A number as typed in Dutch or English ("12,5" or "12.5"); NaN when it is not one. */
export function parseNumber(text: string): number {
  const normal = text.trim().replace(/\s/g, '').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(normal) ? Number(normal) : Number.NaN;
}

/** The value to send for a draft: trimmed text, a number, option values; null for an empty field. */
export function sentValue(field: ProfileField, draft: Draft): ProfileField['value'] {
  if (field.type === 'boolean') return draft === true;
  if (field.type === 'multi_select') return Array.isArray(draft) ? draft : [];
  const text = typeof draft === 'string' ? draft.trim() : '';
  if (text === '') return null;
  if (field.type === 'number') return parseNumber(text);
  return text;
}

/** Whether a draft differs from the field's saved value. */
export function changed(field: ProfileField, draft: Draft): boolean {
  return JSON.stringify(sentValue(field, draft)) !== JSON.stringify(sentValue(field, draftOf(field)));
}

/** Today as YYYY-MM-DD in the phone's time zone. */
function today(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Why a draft would be refused, by the field's definition (its type, required, max_length,
 * integer, options), or null. The same rules the service enforces: the page only says it sooner.
 */
export function problemOf(field: ProfileField, draft: Draft, now = new Date()): FieldProblem | null {
  const value = sentValue(field, draft);
  const empty = value === null || (Array.isArray(value) && value.length === 0);
  if (empty)
    return field.required && field.type !== 'boolean'
      ? { key: field.type === 'multi_select' || field.type === 'select' ? 'pickOne' : 'required' }
      : null;
  switch (field.type) {
    case 'text':
      return field.max_length && String(value).length > field.max_length
        ? { key: 'tooLong', max: field.max_length }
        : null;
    case 'email':
      if (!EMAIL.test(String(value))) return { key: 'email' };
      return field.max_length && String(value).length > field.max_length
        ? { key: 'tooLong', max: field.max_length }
        : null;
    case 'number': {
      const n = value as number;
      if (!Number.isFinite(n)) return { key: 'number' };
      return field.integer && !Number.isInteger(n) ? { key: 'whole' } : null;
    }
    case 'date':
    case 'birth_date': {
      const text = String(value);
      const parsed = new Date(`${text}T00:00:00Z`);
      if (!DATE.test(text) || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== text)
        return { key: 'dateInvalid' };
      return field.type === 'birth_date' && text > today(now) ? { key: 'dateFuture' } : null;
    }
    case 'select':
      return field.options && !field.options.some((option) => option.value === value)
        ? { key: 'pickOne' }
        : null;
    case 'multi_select':
      return field.options && !(value as string[]).every((v) => field.options?.some((o) => o.value === v))
        ? { key: 'pickOne' }
        : null;
    default:
      return null;
  }
}

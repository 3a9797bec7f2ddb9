import { ERRORS, type ErrorBody, type ErrorCode } from '../../contract/errors';

/** Whether the caller asked for Dutch (`Accept-Language: nl…`): messages then read "<Dutch> | <English>". */
export function wantsDutch(acceptLanguage: string | undefined): boolean {
  return /^\s*nl\b/i.test(acceptLanguage ?? '');
}

function bilingual(nl: string, en: string, dutch: boolean): string {
  return dutch ? `${nl} | ${en}` : en;
}

/** The error body for a code (extensions.md "Errors"), with the table's message or a more precise one. */
export function errorBody(
  code: ErrorCode,
  dutch: boolean,
  fields?: Record<string, string[]>,
  detail?: { en: string; nl?: string },
): ErrorBody {
  const entry = ERRORS[code];
  const message = detail
    ? bilingual(detail.nl ?? detail.en, detail.en, dutch)
    : bilingual(entry.nl, entry.en, dutch);
  return { code, message, status_code: entry.status, ...(fields ? { errors: fields } : {}) };
}

/** A zod issue as the type provider hands it over: code, path, and the rest of the issue as params. */
export interface InputIssue {
  keyword: string;
  instancePath: string;
  message: string;
  params: Record<string, unknown>;
}

const TYPE_NAMES: Record<string, { en: string; nl: string }> = {
  string: { en: 'a string', nl: 'een tekst' },
  number: { en: 'a number', nl: 'een getal' },
  integer: { en: 'an integer', nl: 'een geheel getal' },
  numeric: { en: 'a number', nl: 'een getal' },
  boolean: { en: 'true or false', nl: 'waar of onwaar' },
  array: { en: 'an array', nl: 'een lijst' },
  object: { en: 'an object', nl: 'een object' },
};

type Message = { en: string; nl: string };

function messageFor(issue: InputIssue, field: string, input: unknown): Message {
  const p = issue.params;
  const f = field.replaceAll('_', ' ');
  if (input === undefined || input === null || input === '') {
    return { en: `The ${f} field is required.`, nl: `Het veld ${f} is verplicht.` };
  }
  switch (issue.keyword) {
    case 'invalid_type': {
      const t = TYPE_NAMES[String(p.expected)] ?? { en: String(p.expected), nl: String(p.expected) };
      return { en: `The ${f} field must be ${t.en}.`, nl: `Het veld ${f} moet ${t.nl} zijn.` };
    }
    case 'invalid_union': {
      // Our field helpers: a JSON type or its text; name the type the first branch wants.
      const nested =
        (p.errors as { code: string; expected?: string; message: string }[][] | undefined)?.flat() ?? [];
      const wanted = nested.find((n) => n.message in TYPE_NAMES)?.message ?? nested[0]?.expected ?? 'valid';
      const t = TYPE_NAMES[wanted] ?? { en: 'valid', nl: 'geldig' };
      return { en: `The ${f} field must be ${t.en}.`, nl: `Het veld ${f} moet ${t.nl} zijn.` };
    }
    case 'invalid_format': {
      if (p.format === 'email') {
        return {
          en: `The ${f} field must be a valid email address.`,
          nl: `Het veld ${f} moet een geldig e-mailadres zijn.`,
        };
      }
      return { en: `The ${f} field format is invalid.`, nl: `Het formaat van ${f} is ongeldig.` };
    }
    case 'invalid_value':
      return { en: `The selected ${f} is invalid.`, nl: `De gekozen ${f} is ongeldig.` };
    case 'too_small':
    case 'too_big': {
      const small = issue.keyword === 'too_small';
      const bound = String(small ? p.minimum : p.maximum);
      if (p.origin === 'string') {
        return small
          ? {
              en: `The ${f} field must be at least ${bound} characters.`,
              nl: `Het veld ${f} moet minstens ${bound} tekens zijn.`,
            }
          : {
              en: `The ${f} field must not be greater than ${bound} characters.`,
              nl: `Het veld ${f} mag niet meer dan ${bound} tekens zijn.`,
            };
      }
      if (p.origin === 'array') {
        return small
          ? {
              en: `The ${f} field must have at least ${bound} items.`,
              nl: `Het veld ${f} moet minstens ${bound} items hebben.`,
            }
          : {
              en: `The ${f} field must not have more than ${bound} items.`,
              nl: `Het veld ${f} mag niet meer dan ${bound} items hebben.`,
            };
      }
      return small
        ? {
            en: `The ${f} field must be at least ${bound}.`,
            nl: `Het veld ${f} moet minstens ${bound} zijn.`,
          }
        : {
            en: `The ${f} field must not be greater than ${bound}.`,
            nl: `Het veld ${f} mag niet groter zijn dan ${bound}.`,
          };
    }
    default:
      return {
        en: `The ${f} field ${issue.message}.`.replace('..', '.'),
        nl: `Het veld ${f}: ${issue.message}.`.replace('..', '.'),
      };
  }
}

/**
 * Turns the input issues of one request part into the error body's `errors` map:
 * field name (dotted path, e.g. `categories.0.uuid`) → its messages, English or "<Dutch> | <English>".
 */
export function fieldErrors(issues: InputIssue[], data: unknown, dutch: boolean): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    const path = issue.instancePath.split('/').filter(Boolean);
    const field = path.join('.') || 'body';
    const input = path.reduce<unknown>(
      (v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined),
      data,
    );
    const m = messageFor(issue, path.at(-1) ?? field, input);
    const list = out[field] ?? [];
    const text = bilingual(m.nl, m.en, dutch);
    if (!list.includes(text)) list.push(text);
    out[field] = list;
  }
  return out;
}

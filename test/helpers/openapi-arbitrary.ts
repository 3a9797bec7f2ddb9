import fc from 'fast-check';

/** A JSON Schema as the OpenAPI document writes it (the subset our routes use). */
export type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  not?: { const?: unknown };
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  multipleOf?: number;
  format?: string;
  example?: unknown;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};

// A common e-mail shape (the document's `format: email` pattern admits it).
const EMAIL = /^[a-z0-9]{1,12}(\.[a-z0-9]{1,8})?@[a-z0-9]{1,12}\.[a-z]{2,6}$/;

/**
 * fast-check arbitraries of the values a JSON Schema of the OpenAPI document admits, so that a
 * property test sends what the document says is valid. `$ref`s resolve in `components`. A string
 * the document gives an example for (its own, or its object's example's value for it) is that
 * example nine times in ten: identifiers then name what exists (the demo account's contacts, shops,
 * cards), as random text names nothing. An object with an example is that example three times in four.
 */
export function arbitraryOf(schema: Schema, components: Record<string, Schema>): fc.Arbitrary<unknown> {
  const of = (s: Schema): fc.Arbitrary<unknown> => {
    if (s.$ref) return of(components[s.$ref.replace('#/components/schemas/', '')]!);
    if (s.const !== undefined) return fc.constant(s.const);
    if (s.enum) return fc.constantFrom(...s.enum);
    const branches = s.anyOf ?? s.oneOf;
    if (branches) return fc.oneof(...branches.map(of));
    if (s.allOf) return of(Object.assign({}, ...s.allOf));
    const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
    if (types.length > 1) return fc.oneof(...types.map((type) => of({ ...s, type })));
    switch (types[0]) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer':
      case 'number': {
        const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1e6);
        const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 1e6);
        const step = s.multipleOf;
        const value =
          types[0] === 'integer'
            ? fc.integer({ min: Math.max(min, -1e9), max: Math.min(max, 1e9) })
            : step
              ? fc
                  .integer({
                    min: Math.ceil(Math.max(min, -1e9) / step),
                    max: Math.floor(Math.min(max, 1e9) / step),
                  })
                  .map((n) => Number((n * step).toFixed(10)))
              : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
        return s.not?.const !== undefined ? value.filter((v) => v !== s.not?.const) : value;
      }
      case 'string': {
        if (typeof s.example === 'string') {
          const other = of({ ...s, example: undefined });
          return fc.oneof({ weight: 9, arbitrary: fc.constant(s.example) }, { weight: 1, arbitrary: other });
        }
        const length = { minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 40, 60) };
        if (s.format === 'email') return fc.stringMatching(EMAIL);
        if (s.format === 'date-time') {
          const dates = { min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z') };
          return fc.date({ ...dates, noInvalidDate: true }).map((d) => d.toISOString());
        }
        if (s.pattern) {
          return fc
            .stringMatching(new RegExp(s.pattern))
            .filter(
              (v) => v.length >= length.minLength && v.length <= (s.maxLength ?? Number.MAX_SAFE_INTEGER),
            );
        }
        return fc.string(length);
      }
      case 'array':
        return fc.array(s.items ? of(s.items) : fc.constant(null), {
          minLength: s.minItems ?? 0,
          maxLength: Math.min(s.maxItems ?? 3, 3),
        });
      case 'object':
        return objectOf(s);
      default:
        return s.properties ? objectOf(s) : fc.constant(null);
    }
  };
  const objectOf = (s: Schema) => {
    const required = new Set(s.required ?? []);
    const example = (s.example ?? {}) as Record<string, unknown>;
    const entries = Object.entries(s.properties ?? {}).map(([key, value]): [string, Schema] => [
      key,
      typeof example[key] === 'string' && value.example === undefined
        ? { ...value, example: example[key] }
        : value,
    ]);
    const record = fc.record(Object.fromEntries(entries.map(([key, value]) => [key, of(value)])), {
      requiredKeys: entries.map(([key]) => key).filter((key) => required.has(key)),
    });
    // Its example three times in four: it meets the rules between fields that a schema cannot say
    // (one default option, options only for a select) and the state of the demo account it names.
    return s.example && typeof s.example === 'object'
      ? fc.oneof({ weight: 3, arbitrary: fc.constant(s.example) }, { weight: 1, arbitrary: record })
      : record;
  };
  return of(schema);
}

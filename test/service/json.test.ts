import { describe, expect, it } from 'vitest';
import { toJson } from '../../src/service/http/json';

describe('toJson: the one JSON writer', () => {
  it('writes every timestamp value at whole seconds with a numeric offset', () => {
    expect(
      JSON.parse(
        toJson({
          created_at: '2026-11-23T16:21:36.540+00:00',
          expires_at: '2026-11-23T16:21:36.999999Z',
          starts_at: '2026-11-21T19:00:00.5+01:00',
          ends_at: '2026-11-21T21:00:00Z',
          nested: [{ at: '2026-01-01T00:00:00.001-05:00' }, '2026-01-01T00:00:00.1Z'],
          already: '2026-11-23T16:21:36+00:00',
        }),
      ),
    ).toEqual({
      created_at: '2026-11-23T16:21:36+00:00',
      expires_at: '2026-11-23T16:21:36+00:00',
      starts_at: '2026-11-21T19:00:00+01:00',
      ends_at: '2026-11-21T21:00:00+00:00',
      nested: [{ at: '2026-01-01T00:00:00-05:00' }, '2026-01-01T00:00:00+00:00'],
      already: '2026-11-23T16:21:36+00:00',
    });
  });

  it('leaves everything else as JSON.stringify writes it, timestamps inside longer text included', () => {
    const value = {
      note: 'paid at 2026-11-23T16:21:36.540Z',
      quoted: '"2026-11-23T16:21:36.540Z"',
      date: '2026-11-23',
      local: '2026-11-23T16:21:36.540',
      '2026-11-23T16:21:36.540Z': 1,
      n: 12.5,
      none: null,
    };
    expect(toJson(value)).toBe(JSON.stringify(value));
  });
});

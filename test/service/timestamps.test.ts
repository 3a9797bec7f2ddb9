import { describe, expect, it } from 'vitest';
import { up as wholeSecondEvents } from '../../src/service/db/migrations/0014_event_timestamps';
import { apiTimestamp } from '../../src/service/domain/shared/values';
import { createTestApp } from '../helpers/app';
import { openSession } from '../helpers/portal';

describe('apiTimestamp: a stored timestamp as the API writes it', () => {
  it('whole seconds with a numeric offset, the offset kept', () => {
    expect(apiTimestamp('2026-11-23T16:21:36.540+00:00')).toBe('2026-11-23T16:21:36+00:00');
    expect(apiTimestamp('2026-11-23T16:21:36.999999Z')).toBe('2026-11-23T16:21:36+00:00');
    expect(apiTimestamp('2026-11-21T19:00:00.5+01:00')).toBe('2026-11-21T19:00:00+01:00');
    expect(apiTimestamp('2026-11-21T21:00:00Z')).toBe('2026-11-21T21:00:00+00:00');
    expect(apiTimestamp('2026-01-01T00:00:00.001-05:00')).toBe('2026-01-01T00:00:00-05:00');
    expect(apiTimestamp('2026-11-23T16:21:36+00:00')).toBe('2026-11-23T16:21:36+00:00');
    expect(apiTimestamp(null)).toBeNull();
  });

  it('leaves a date, or anything not a timestamp, as it is', () => {
    for (const value of ['2026-11-23', '2026-11-23T16:21:36.540', 'paid at 2026-11-23T16:21:36.540Z']) {
      expect(apiTimestamp(value)).toBe(value);
    }
  });
});

describe('migration 0014: events recorded before', () => {
  it('get their timestamps at whole seconds; free text in them stays as it was', async () => {
    const t = await createTestApp();
    try {
      const uuid = await openSession(t);
      const session = await t.app.db
        .selectFrom('portal_sessions')
        .select('id')
        .where('uuid', '=', uuid)
        .executeTakeFirstOrThrow();
      const recorded = {
        expired_at: '2026-11-21T11:00:00.000+00:00',
        reception: {
          created_at: '2026-11-21T10:00:00.123Z',
          expires_at: null,
          receipt: '2026-01-01T10:00:00.5Z',
        },
        voucher: {
          expiration_date: '2027-01-01T00:00:00.000+01:00',
          locked_until: '2026-11-21T11:00:00.250Z',
        },
      };
      await t.app.db
        .insertInto('portal_session_events')
        .values({
          uuid: 'e0000000-0000-4000-8000-00000000e014',
          portal_session_id: session.id,
          type: 'session_expired',
          data: JSON.stringify(recorded),
          created_at: '2026-11-21T11:00:00.000+00:00',
        })
        .execute();
      await wholeSecondEvents(t.app.db as never, t.app.dialect);
      const events = (await t.call({ method: 'GET', url: `/portal-sessions/${uuid}/events` })).json().data;
      expect(events.at(-1)).toEqual({
        uuid: 'e0000000-0000-4000-8000-00000000e014',
        type: 'session_expired',
        created_at: '2026-11-21T11:00:00+00:00',
        data: {
          expired_at: '2026-11-21T11:00:00+00:00',
          reception: {
            created_at: '2026-11-21T10:00:00+00:00',
            expires_at: null,
            receipt: '2026-01-01T10:00:00.5Z',
          },
          voucher: {
            expiration_date: '2027-01-01T00:00:00+01:00',
            locked_until: '2026-11-21T11:00:00+00:00',
          },
        },
      });
    } finally {
      await t.close();
    }
  });
});

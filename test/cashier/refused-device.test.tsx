import { describe, expect, it } from 'vitest';
import { deviceKey, sessionsKey } from '../../src/cashier/api/queries';
import { createConsoleQueryClient } from '../../src/cashier/app/providers';
import { ApiError, NETWORK_ERROR } from '../../src/web/api-error';

/*
 * A console whose device is refused at any call — a read or an action — forgets what it holds of
 * its shop, so that the app turns to pairing ("no longer paired") without a reload.
 */

const device = { name: 'Till 1' };
const refused = () => new ApiError(1003, 401);

function pairedClient() {
  const client = createConsoleQueryClient();
  client.setQueryData(deviceKey, device);
  client.setQueryData(sessionsKey, [{ uuid: 'a' }]);
  return client;
}

describe('a refused device (createConsoleQueryClient)', () => {
  it('a read refused with 401 forgets the device and the shop’s sessions', async () => {
    const client = pairedClient();
    await client
      .fetchQuery({
        queryKey: ['cashier', 'session', 'x'],
        queryFn: () => Promise.reject(refused()),
        retry: false,
      })
      .catch(() => undefined);
    expect(client.getQueryData(deviceKey)).toBeUndefined();
    expect(client.getQueryData(sessionsKey)).toBeUndefined();
  });

  it('an action refused with 401 does the same', async () => {
    const client = pairedClient();
    const action = client.getMutationCache().build(client, { mutationFn: () => Promise.reject(refused()) });
    await action.execute(undefined).catch(() => undefined);
    expect(client.getQueryData(deviceKey)).toBeUndefined();
  });

  it('any other failure keeps the console as it is', async () => {
    const client = pairedClient();
    for (const error of [new ApiError(NETWORK_ERROR, 0), new ApiError(1003, 409)]) {
      const action = client.getMutationCache().build(client, { mutationFn: () => Promise.reject(error) });
      await action.execute(undefined).catch(() => undefined);
    }
    expect(client.getQueryData(deviceKey)).toEqual(device);
  });
});

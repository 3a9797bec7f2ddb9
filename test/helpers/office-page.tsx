import type { QueryClient } from '@tanstack/react-query';
import { act, cleanup, configure, render, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { App } from '../../src/office/app/app';
import { createOfficeQueryClient, Providers } from '../../src/office/app/providers';
import { i18n } from '../../src/office/i18n/i18n';
import { createFakeOfficeApi, type FakeOfficeApi } from './fake-office-api';

/*
 * The office page's flow tests (test/office): the real app as main.tsx starts it, in a DOM, over a
 * fake office API at the fetch boundary (fake-office-api.ts), on a fake clock from a fixed instant
 * (a pairing code's quarter of an hour passes in a moment). A page's request to a route
 * contract/routes.ts OFFICE_ROUTES does not list fails its test.
 */

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

// Testing Library's async wrapper ends on a setTimeout(0) only Jest's fake timers would run: the
// same wrapper, ending on Vitest's fake clock instead (as flow-tests.tsx does).
configure({
  asyncWrapper: async (run) => {
    const previous = globalThis.IS_REACT_ACT_ENVIRONMENT;
    globalThis.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      const result = await run();
      await vi.advanceTimersByTimeAsync(0);
      return result;
    } finally {
      globalThis.IS_REACT_ACT_ENVIRONMENT = previous;
    }
  },
});

const LOADING = 'One moment…';

/** The instant every office test starts at. */
export const OFFICE_TEST_START = new Date('2026-05-04T10:00:00+02:00');

/** What a test does with the page: a person's hands, and the fake clock. */
export interface OfficePage {
  user: UserEvent;
  /** Lets `ms` of the fake clock pass (0: what is due now), with every answer and render it brings. */
  wait(ms?: number): Promise<void>;
  /** Waits (on the fake clock, `within` ms at most) until `check` passes; throws its last failure. */
  until(check: () => void, within?: number): Promise<void>;
}

/** Installs the fake clock and a fresh fake office API around each test of the calling file. */
export function setUpOfficeTests(): {
  api(): FakeOfficeApi;
  /** Opens the office at `url` (path, query, hash), signed in as `as` (a staff uuid) or not. */
  open(url?: string, as?: string | null): Promise<OfficePage>;
} {
  let api: FakeOfficeApi | undefined;
  let clients: QueryClient[] = [];
  beforeEach(() => {
    vi.useFakeTimers({ now: OFFICE_TEST_START });
    api = createFakeOfficeApi();
    vi.stubGlobal('fetch', api.fetch);
    void i18n.changeLanguage('en');
    localStorage.clear();
  });
  afterEach(() => {
    const strays = api?.strays ?? [];
    cleanup();
    for (const client of clients) client.clear();
    clients = [];
    vi.unstubAllGlobals();
    vi.useRealTimers();
    api = undefined;
    expect(strays, 'requests to routes contract/routes.ts does not list').toEqual([]);
  });
  const wait = (ms = 0) =>
    act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });
  return {
    api: () => {
      if (!api) throw new Error('the fake office API exists only inside a test');
      return api;
    },
    async open(url = '/office/', as = null) {
      if (!api) throw new Error('open the office inside a test');
      api.signedIn = as;
      window.history.replaceState(null, '', url);
      const client = createOfficeQueryClient();
      clients.push(client);
      render(
        <StrictMode>
          <Providers client={client}>
            <App />
          </Providers>
        </StrictMode>,
      );
      const page: OfficePage = {
        user: userEvent.setup({ delay: null }),
        wait,
        async until(check, within = 5000) {
          for (let waited = 0; ; waited += 50) {
            try {
              check();
              return;
            } catch (error) {
              if (waited >= within) throw error;
            }
            await wait(50);
          }
        },
      };
      // Who is signed in first, then the section's lists: until nothing says "One moment…".
      await wait();
      await page.until(() => expect(screen.queryAllByText(LOADING)).toEqual([]));
      return page;
    },
  };
}

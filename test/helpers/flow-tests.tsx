import type { QueryClient } from '@tanstack/react-query';
import { act, cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { type ReactNode, StrictMode } from 'react';
import { afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { App as ConsoleApp } from '../../src/cashier/app/app';
import { Providers as ConsoleProviders, createConsoleQueryClient } from '../../src/cashier/app/providers';
import { i18n as consoleI18n } from '../../src/cashier/i18n/i18n';
import { App } from '../../src/kiosk/app/app';
import { createKioskQueryClient, Providers } from '../../src/kiosk/app/providers';
import { i18n } from '../../src/kiosk/i18n/i18n';
import { connection, watchBrowserConnection } from '../../src/kiosk/lib/connection';
import type { KioskRoute } from '../../src/kiosk/lib/kiosk-route';
import { createFakePortalApi, type FakePortalApi } from './fake-portal-api';

/*
 * The flow tests of the kiosk (test/kiosk/app-*.test.tsx) and the cashier console
 * (test/cashier/console-*.test.tsx): the real apps as their main.tsx start them (providers, query
 * clients; the kiosk's browser connection watched) in a DOM, over a fake service at the fetch
 * boundary (fake-portal-api.ts), with fake timers from a fixed instant: a minute of idle time
 * passes in a moment, and a test sees exactly what a customer or a cashier would after it. A test
 * whose pages call a route contract/routes.ts does not list fails.
 */

declare global {
  // React's flag for "updates are wrapped in act()" (Testing Library turns it off while awaiting).
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

// Testing Library's async wrapper (around every user-event action) ends on a setTimeout(0) that only
// Jest's fake timers would run: the same wrapper, ending on Vitest's fake clock instead.
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

/** The instant every flow test starts at. */
export const TEST_START = new Date('2026-05-04T10:00:00+02:00');

/** A flow test's server and screens (setUpFlowTests). */
export interface FlowTests {
  /** This test's fake server. */
  api(): FakePortalApi;
  /**
   * Renders the kiosk at `route` (`{kind: 'session', uuid}` is `?uuid=`, `{kind: 'standby', token}`
   * is `?device=`) and lets its first requests be answered.
   */
  renderKiosk(route: KioskRoute): Promise<Controls>;
  /** Renders the cashier console at `url` (a pairing link: `/cashier/#device=…`) and lets it load. */
  renderConsole(url?: string): Promise<Controls>;
  /**
   * The tablet's network off or back, as the browser has it: nothing reaches the server meanwhile,
   * the streams drop, and the page hears `offline` / `online`.
   */
  setNetwork(up: boolean): Promise<void>;
}

/** Installs the fake clock and a fresh fake server around each test of the calling file. */
export function setUpFlowTests(): FlowTests {
  let api: FakePortalApi | undefined;
  let stopWatching: () => void = () => undefined;
  let clients: QueryClient[] = [];
  // The modules the screens load on demand, loaded before the first test: a test's clock is fake,
  // the loading of a module is not.
  beforeAll(() =>
    Promise.all([
      import('../../src/kiosk/flows/giftcard-redeem/giftcard-redeem-flow'),
      import('../../src/kiosk/flows/giftcard-top-up/giftcard-top-up-flow'),
      import('../../src/kiosk/flows/prepaid/prepaid-flow'),
      import('../../src/kiosk/flows/vouchers/vouchers-flow'),
      import('../../src/kiosk/app/prepaid-choice-flow'),
      import('../../src/kiosk/app/giftcard-choice-flow'),
      import('../../src/kiosk/app/scan-anything-flow'),
      import('../../src/kiosk/flows/identify/customer-portal'),
      import('../../src/kiosk/components/simple-keyboard'),
      import('../../src/kiosk/components/terms-codes'),
    ]),
  );
  beforeEach(() => {
    vi.useFakeTimers({ now: TEST_START });
    api = createFakePortalApi();
    vi.stubGlobal('fetch', api.fetch);
    vi.stubGlobal('EventSource', api.EventSource);
    connection.setState({ online: true, browserOnline: true, answered: true });
    stopWatching = watchBrowserConnection(window);
    void i18n.changeLanguage('en');
    void consoleI18n.changeLanguage('en');
    localStorage.clear();
  });
  afterEach(() => {
    const strays = api?.strays ?? [];
    cleanup();
    for (const client of clients) client.clear();
    clients = [];
    stopWatching();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    api = undefined;
    // A page that calls a route the contract (and so the service) does not have fails its test.
    expect(strays, 'requests to routes contract/routes.ts does not list').toEqual([]);
  });
  /** Renders `ui` with `client` (dropped after the test) and lets its first requests be answered. */
  const renderWith = async (client: QueryClient, ui: ReactNode) => {
    clients.push(client);
    render(<StrictMode>{ui}</StrictMode>);
    const controls = flowControls();
    await controls.wait();
    return controls;
  };
  const setNetwork = async (up: boolean) => {
    await act(async () => {
      if (!api) throw new Error('no fake portal API outside a test');
      api.offline = !up;
      window.dispatchEvent(new Event(up ? 'online' : 'offline'));
    });
  };
  return {
    setNetwork,
    api: () => {
      if (!api) throw new Error('the fake portal API exists only inside a test');
      return api;
    },
    renderConsole: (url = '/cashier/') => {
      window.history.replaceState(null, '', url);
      const client = createConsoleQueryClient();
      return renderWith(
        client,
        <ConsoleProviders client={client}>
          <ConsoleApp />
        </ConsoleProviders>,
      );
    },
    renderKiosk: (route) => {
      const client = createKioskQueryClient();
      return renderWith(
        client,
        <Providers client={client}>
          <App route={route} />
        </Providers>,
      );
    },
  };
}

/** What a test does with the screen: a customer's hands, and the fake clock. */
export interface Controls {
  user: UserEvent;
  /** A hand scanner's scan of `value` (a keyboard wedge: the keys at once, then Enter). */
  scan(value: string): Promise<void>;
  /** Lets `ms` of the fake clock pass (0: what is due now), with every answer and render it brings. */
  wait(ms?: number): Promise<void>;
  /** Waits (on the fake clock, `within` ms at most) until `check` passes; throws its last failure. */
  until(check: () => void, within?: number): Promise<void>;
}

function flowControls(): Controls {
  const wait = (ms = 0) =>
    act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });
  return {
    user: userEvent.setup({ delay: null }),
    wait,
    async scan(value) {
      await act(async () => {
        for (const key of [...value, 'Enter']) fireEvent.keyDown(window, { key });
      });
      await wait();
    },
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
}

/** The screen on show: the element of `data-testid="screen-<name>"`. */
export function screenNamed(name: string): HTMLElement {
  return screen.getByTestId(`screen-${name}`);
}

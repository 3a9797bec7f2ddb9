import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/me/app/app';
import { createMeQueryClient, Providers } from '../../src/me/app/providers';
import { i18n } from '../../src/me/i18n/i18n';
import { createFakeMeApi, type FakeMeApi } from '../helpers/fake-me-api';

/*
 * The account's terms on the customer's own page, for a customer whose account was made without
 * them (registered through the real portal component): asked at the top of home until accepted.
 */

let api: FakeMeApi;
beforeEach(() => {
  api = createFakeMeApi();
  vi.stubGlobal('fetch', api.fetch);
  void i18n.changeLanguage('en');
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  // Every request the page made had a route of the contract (fake-me-api.ts).
  expect(api.strays).toEqual([]);
});

function openHome() {
  api.signedIn = true;
  window.history.replaceState(null, '', '/me/');
  const user = userEvent.setup();
  render(
    <StrictMode>
      <Providers client={createMeQueryClient()}>
        <App />
      </Providers>
    </StrictMode>,
  );
  return user;
}

const TERMS = {
  terms_url: 'https://example.com/demo-coffee/terms',
  privacy_url: 'https://example.com/demo-coffee/privacy',
};

describe('/me/: terms still to accept', () => {
  it('home asks first, with the documents to read; "I accept" is kept and the ask goes', async () => {
    api.overview = { ...api.overview, terms_to_accept: TERMS };
    const user = openHome();
    const card = await screen.findByTestId('terms-to-accept');
    expect(card.textContent).toContain(
      'Your account at Demo Coffee was made without your agreement to its terms and privacy policy.',
    );
    expect(screen.getByRole('link', { name: 'Terms and conditions' }).getAttribute('href')).toBe(
      TERMS.terms_url,
    );
    expect(screen.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe(TERMS.privacy_url);
    await user.click(screen.getByRole('button', { name: 'I accept the terms and the privacy policy' }));
    await waitFor(() => expect(screen.queryByTestId('terms-to-accept')).toBeNull());
    expect(api.calls.filter((c) => c.path === '/terms/accept')).toEqual([
      { method: 'POST', path: '/terms/accept', body: {} },
    ]);
  });

  it('in Dutch at a tap', async () => {
    api.overview = { ...api.overview, terms_to_accept: { terms_url: TERMS.terms_url, privacy_url: null } };
    openHome();
    await screen.findByTestId('terms-to-accept');
    await i18n.changeLanguage('nl');
    expect(await screen.findByRole('heading', { name: 'Onze voorwaarden' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Algemene voorwaarden' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Privacybeleid' })).toBeNull();
    expect(
      screen.getByRole('button', { name: 'Ik ga akkoord met de voorwaarden en het privacybeleid' }),
    ).toBeTruthy();
  });

  it('asks nothing of a customer who has nothing to accept', async () => {
    openHome();
    await screen.findByRole('heading', { level: 1, name: 'Hi Anna' });
    expect(screen.queryByTestId('terms-to-accept')).toBeNull();
  });
});

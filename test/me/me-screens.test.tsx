import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/me/app/app';
import { createMeQueryClient, Providers } from '../../src/me/app/providers';
import { i18n } from '../../src/me/i18n/i18n';
import { createFakeMeApi, type FakeMeApi } from '../helpers/fake-me-api';

/*
 * The /me/ page's screens as a customer meets them on their phone: the real app over a fake /me/ API
 * at the fetch boundary (test/helpers/fake-me-api.ts).
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
  vi.useRealTimers();
  // Every request the page made had a route of the contract (fake-me-api.ts).
  expect(api.strays).toEqual([]);
});

/** The page opened at `url` (path, query and hash of /me/). */
function openPage(url = '/me/', { signedIn = true } = {}) {
  api.signedIn = signedIn;
  window.history.replaceState(null, '', url);
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

const go = (section: string) => act(() => window.location.assign(`#${section}`));
const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

describe("/me/: the shop's page", () => {
  it("wears the account's name, brand colours and credit name", async () => {
    api.overview = { ...api.overview, custom_credit_name: 'beans' };
    openPage('/me/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi Anna' })).toBeTruthy();
    expect(screen.getByText('Demo Coffee')).toBeTruthy();
    expect(document.querySelector<HTMLElement>('.me.ui-branded')?.getAttribute('style')).toContain('#6b3e26');
    expect(screen.getByTestId('credits').textContent).toBe('120 beans');
  });
});

describe('/me/: signing in', () => {
  it('a link signs in once and leaves the address without its token; home shows the app code and balances', async () => {
    openPage('/me/?token=good-link', { signedIn: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi Anna' })).toBeTruthy();
    expect(window.location.search).toBe('');
    expect(api.calls.filter((c) => c.path === '/sign-in')).toEqual([
      { method: 'POST', path: '/sign-in', body: { token: 'good-link' } },
    ]);
    const code = await screen.findByTestId('app-code');
    expect(code.dataset.code).toBe('app-code-1');
    expect(
      within(code).getByRole('img', { name: 'Your app code, as a QR code to scan at the counter' }),
    ).toBeTruthy();
    expect(screen.getByTestId('credits').textContent).toBe('120 points');
    expect(screen.getByTestId('tier').textContent).toBe('Level Gold');
    expect(screen.getByRole('progressbar', { name: '280 more points to Coffee beans' })).toBeTruthy();
    expect(screen.getByTestId('member-since').textContent).toBe('Member since March 15, 2024');
    expect(screen.queryByTestId('prepaid')).toBeNull();
  });

  it('a used link says so in words and offers the e-mailed link; the same answer for any address; too many tries in words', async () => {
    const user = openPage('/me/?token=used-link', { signedIn: false });
    expect((await screen.findByTestId('link-invalid')).textContent).toContain(
      'This link has already been used or has expired.',
    );
    expect(window.location.search).toBe('');
    const email = screen.getByLabelText('Your e-mail address');
    await user.type(email, 'anna@example');
    await user.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    expect(screen.getByText('Please type your whole e-mail address, like name@example.com.')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/sign-in-link')).toBe(false);
    await user.type(email, '.com');
    await user.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeTruthy();
    expect(screen.getByText(/If anna@example\.com belongs to an account/)).toBeTruthy();

    api.rateLimited = true;
    await user.click(screen.getByRole('button', { name: 'Use another address' }));
    await user.clear(screen.getByLabelText('Your e-mail address'));
    await user.type(screen.getByLabelText('Your e-mail address'), 'ben@example.com');
    await user.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    expect(await screen.findByText('Too many tries. Please wait 29 minutes and try again.')).toBeTruthy();
  });

  it('without a cookie: the sign-in screen; signing out goes back to it', async () => {
    openPage('/me/', { signedIn: false });
    expect(await screen.findByTestId('me-sign-in')).toBeTruthy();
    cleanup();
    const user = openPage('/me/#account');
    await user.click(await screen.findByTestId('sign-out'));
    expect(await screen.findByText('You are signed out.')).toBeTruthy();
    expect(api.signedIn).toBe(false);
  });
});

describe('/me/: the app code', () => {
  it('is fetched anew before it expires, so the QR on screen always works', async () => {
    vi.useFakeTimers({
      now: new Date('2026-05-04T10:00:00Z'),
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    openPage('/me/');
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByTestId('app-code').dataset.code).toBe('app-code-1');
    // Five minutes valid: looked at again every minute, so a new one well before it expires.
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(screen.getByTestId('app-code').dataset.code).toBe('app-code-1');
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.getByTestId('app-code').dataset.code).toBe('app-code-2');
    expect(api.calls.filter((c) => c.path === '/app-code')).toHaveLength(2);
  });
});

describe('/me/: rewards, vouchers, activity', () => {
  it('rewards claimable first with what the others still need; vouchers usable first, with their code and state', async () => {
    openPage('/me/#rewards');
    const rewards = await screen.findByTestId('reward-list');
    expect(
      within(rewards)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Free coffee50 pointsReady to claim', 'Coffee beans400 points280 more points needed']);
    const vouchers = await screen.findByTestId('voucher-list');
    expect(
      within(vouchers)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Free muffinCode MUFFIN-0001Until December 31, 2027Valid', 'Summer dealCode OLD-0001Expired']);
  });

  it('activity a page at a time, newest first, titles in the page language', async () => {
    const user = openPage('/me/#activity');
    const list = await screen.findByTestId('activity-list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(within(list).getAllByRole('listitem')[0]?.textContent).toContain('Points earned');
    expect(within(list).getAllByRole('listitem')[0]?.textContent).toContain('+10 points');
    expect(screen.getByTestId('activity-page').textContent).toBe('Page 1 of 2');
    expect(screen.getByRole('button', { name: 'Newer' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Older' }));
    await screen.findByText('Page 2 of 2');
    expect(within(screen.getByTestId('activity-list')).getAllByRole('listitem')).toHaveLength(5);
  });
});

describe('/me/: cards', () => {
  it('added by typing (refusals in words), shown by their last 4 only, removed after a confirmation', async () => {
    const user = openPage('/me/#cards');
    await screen.findByTestId('card-list');
    const field = screen.getByLabelText('Card number');
    await user.click(screen.getByRole('button', { name: 'Add card' }));
    expect(screen.getByText('Please type the card number.')).toBeTruthy();
    await user.type(field, 'CARD-0002');
    await user.click(screen.getByRole('button', { name: 'Add card' }));
    const refused = 'We cannot add this card. Check the number, or ask at the counter.';
    expect(await screen.findByText(refused)).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'NOPE-1234');
    await user.click(screen.getByRole('button', { name: 'Add card' }));
    expect(await screen.findByText(refused)).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'CARD-0099');
    await user.click(screen.getByRole('button', { name: 'Add card' }));
    expect((await screen.findByTestId('card-added')).textContent).toBe(
      'Card ending in 0099 added. You can use it at the counter now.',
    );
    await screen.findByTestId('card-0099');
    expect(document.body.textContent).not.toContain('CARD-0099');

    await user.click(screen.getByRole('button', { name: 'Remove the card ending in 0001' }));
    expect(screen.getByText('Remove the card ending in 0001? It will no longer identify you.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Yes, remove it' }));
    expect(await screen.findByText('The card is removed.')).toBeTruthy();
    expect(api.cards.map((card) => card.value_hint)).toEqual(['0099']);
    expect(screen.queryByTestId('card-0001')).toBeNull();
  });
});

describe('/me/: profile and subscriptions', () => {
  it('every field type with its own check and message; only changed values are sent; a refusal marks its field', async () => {
    const user = openPage('/me/#account');
    await screen.findByTestId('field-dier');
    expect(screen.getByText('Member since March 15, 2024')).toBeTruthy();
    const firstName = screen.getByLabelText('First name');
    await user.clear(firstName);
    await user.clear(screen.getByLabelText('E-mail address'));
    await user.type(screen.getByLabelText('E-mail address'), 'anna@');
    await user.clear(screen.getByLabelText(/Cups a day/));
    await user.type(screen.getByLabelText(/Cups a day/), '2,5');
    await user.type(screen.getByLabelText(/Date of birth/), '2099-01-01');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(within(screen.getByTestId('field-firstname')).getByText('Please fill this in.')).toBeTruthy();
    expect(
      within(screen.getByTestId('field-email')).getByText(
        'Please type a whole e-mail address, like name@example.com.',
      ),
    ).toBeTruthy();
    expect(within(screen.getByTestId('field-cups')).getByText('Please type a whole number.')).toBeTruthy();
    expect(
      within(screen.getByTestId('field-birthdate')).getByText('That date is still to come.'),
    ).toBeTruthy();
    expect(screen.getByLabelText('First name').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.type(firstName, 'Anne');
    await user.clear(screen.getByLabelText('E-mail address'));
    await user.type(screen.getByLabelText('E-mail address'), 'anna@example.com');
    await user.clear(screen.getByLabelText(/Cups a day/));
    await user.type(screen.getByLabelText(/Cups a day/), '3');
    await user.clear(screen.getByLabelText(/Date of birth/));
    await user.selectOptions(screen.getByLabelText(/Favourite animal/), 'dog');
    await user.click(screen.getByLabelText('Tea'));
    await user.click(screen.getByLabelText('Oat milk'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByTestId('profile-saved')).textContent).toBe('Your changes are saved.');
    expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { firstname: 'Anne', dier: 'dog', drinks: ['tea'], oat_milk: true, cups: 3 },
    ]);

    // The service refuses an option it no longer has: the field says so, nothing is saved.
    api.fields[3]!.options = [
      { value: 'cat', label: 'Cat' },
      { value: 'dog', label: 'Dog' },
      { value: 'owl', label: 'Owl' },
    ];
    cleanup();
    const again = openPage('/me/#account');
    await screen.findByTestId('field-dier');
    api.fields[3]!.options = [
      { value: 'cat', label: 'Cat' },
      { value: 'dog', label: 'Dog' },
    ];
    await again.selectOptions(screen.getByLabelText(/Favourite animal/), 'owl');
    await again.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await within(screen.getByTestId('field-dier')).findByText(
        'This value was not accepted. Please check it.',
      ),
    ).toBeTruthy();
    expect(api.fields[3]!.value).toBe('dog');
  });

  it('subscriptions switch on and off; a double opt-in one waits for the e-mailed confirmation', async () => {
    const user = openPage('/me/#account');
    const newsletter = await screen.findByRole('switch', { name: /Newsletter/ });
    await user.click(newsletter);
    await vi.waitFor(() =>
      expect(screen.getByRole('switch', { name: /Newsletter/ }).getAttribute('aria-checked')).toBe('true'),
    );
    await user.click(screen.getByRole('switch', { name: /Partner news/ }));
    expect(await screen.findByText('Almost done: confirm with the link we e-mailed you.')).toBeTruthy();
    expect(api.subscriptions.map((s) => s.status)).toEqual(['SUBSCRIBED', 'PENDING_CONFIRMATION']);
  });
});

describe('/me/: privacy', () => {
  it('download my data is a link to the export; delete my account asks for the e-mailed code, a wrong one in words', async () => {
    const user = openPage('/me/#account');
    const download = await screen.findByRole('link', { name: 'Download my data' });
    expect(download.getAttribute('href')).toBe('/me/api/export');
    await user.click(screen.getByRole('button', { name: 'E-mail me a code to confirm' }));
    const code = await screen.findByLabelText('Code from the e-mail');
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    expect(screen.getByText('The code has six digits.')).toBeTruthy();
    await user.clear(code);
    await user.type(code, '999999');
    await user.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    expect((await screen.findByTestId('delete-error')).textContent).toBe(
      'That code is not right. Please check the e-mail and try again.',
    );
    expect(api.deleted).toBe(false);
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    expect(await screen.findByRole('heading', { name: 'Your account is deleted' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('Anna');
  });
});

describe('/me/: languages and errors', () => {
  it('Dutch at a tap; no answer from the shop is said in words with Try again', async () => {
    const user = openPage('/me/');
    await screen.findByRole('heading', { level: 1, name: 'Hi Anna' });
    await user.click(screen.getByRole('button', { name: 'Lees deze pagina in het Nederlands' }));
    expect(heading()).toBe('Hoi Anna');
    expect(screen.getByTestId('credits').textContent).toBe('120 punten');
    expect(document.documentElement.lang).toBe('nl');
    await user.click(screen.getByRole('button', { name: 'Read this page in English' }));

    api.offline = true;
    await go('activity');
    expect((await screen.findByRole('alert', {}, { timeout: 8000 })).textContent).toContain(
      'We could not reach the shop. Check your connection and try again.',
    );
    api.offline = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('activity-list')).toBeTruthy();
  });
});

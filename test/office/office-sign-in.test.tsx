import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH } from '../../src/contract/office';
import { PASSWORD_MIN_LENGTH as PAGE_PASSWORD_MIN_LENGTH } from '../../src/office/screens/reset-screen';
import { FAKE_PASSWORD } from '../helpers/fake-office-api';
import { setUpOfficeTests } from '../helpers/office-page';

/*
 * Signing in to the office (docs/office.md "The office page"): e-mail and password, refusals in
 * words (wrong details, a locked account with its minutes, too many tries), the reset link, a
 * cashier's refusal page, signing out, and a session that ends leading back to the sign-in screen.
 */

const office = setUpOfficeTests();

async function signIn(page: Awaited<ReturnType<typeof office.open>>, email: string, password: string) {
  const form = screen.getByTestId('screen-sign-in');
  await page.user.clear(within(form).getByLabelText('E-mail address'));
  await page.user.type(within(form).getByLabelText('E-mail address'), email);
  await page.user.clear(within(form).getByLabelText('Password'));
  await page.user.type(within(form).getByLabelText('Password'), password);
  await page.user.click(within(form).getByRole('button', { name: 'Sign in' }));
  await page.wait();
}

describe('office: signing in', () => {
  it('wrong details say so; the fifth wrong try locks the account for 15 minutes; the right ones open the office', async () => {
    const page = await office.open();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to the office' })).toBeTruthy();
    await page.user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Type your e-mail address and your password.')).toBeTruthy();
    expect(office.api().calls.some((c) => c.path === '/sign-in')).toBe(false);

    await signIn(page, 'owner@demo.example', 'not it');
    expect(screen.getByTestId('sign-in-error').textContent).toBe(
      'That e-mail address and password do not match. Check them and try again.',
    );
    for (let i = 0; i < 4; i++) await signIn(page, 'owner@demo.example', 'not it');
    await signIn(page, 'owner@demo.example', FAKE_PASSWORD);
    expect(screen.getByTestId('sign-in-error').textContent).toBe(
      'Too many wrong passwords: this account is locked for 15 minutes. Try again after that, or set a new password.',
    );

    office.api().failures.clear();
    await signIn(page, 'owner@demo.example', FAKE_PASSWORD);
    expect(await screen.findByRole('heading', { level: 1, name: 'Shops' })).toBeTruthy();
    expect(screen.getByTestId('signed-in-as').textContent).toContain('Signed in as Olga Owner, Owner');
    expect(screen.getByRole('navigation', { name: 'Office' })).toBeTruthy();
  });

  it('too many tries from this address: the wait in minutes', async () => {
    const page = await office.open();
    office.api().rateLimited = true;
    await signIn(page, 'owner@demo.example', FAKE_PASSWORD);
    expect(screen.getByTestId('sign-in-error').textContent).toBe(
      'Too many tries. Please wait 2 minutes and try again.',
    );
  });

  it('"forgot your password?" says the same whether or not the e-mail has an account', async () => {
    const page = await office.open();
    await page.user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 1, name: 'Forgot your password?' }),
    );
    await page.user.type(screen.getByLabelText('E-mail address'), 'nobody@example.com');
    await page.user.click(screen.getByRole('button', { name: 'E-mail me a link' }));
    expect(screen.getByTestId('reset-link-sent').textContent).toBe(
      'If this e-mail has an account, a link is on its way. Open it to set a new password.',
    );
    expect(office.api().calls.filter((c) => c.path === '/password-reset-link')).toEqual([
      { method: 'POST', path: '/password-reset-link', body: { email: 'nobody@example.com' } },
    ]);
    await page.user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByTestId('screen-sign-in')).toBeTruthy();
  });

  it('a reset link: the token leaves the address at once; a short password is refused; then signed in', async () => {
    const page = await office.open('/office/?reset=good-reset#staff');
    expect(window.location.search).toBe('');
    expect(window.location.hash).toBe('#staff');
    expect(screen.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeTruthy();
    await page.user.type(screen.getByLabelText('New password'), 'short');
    await page.user.type(screen.getByLabelText('The new password again'), 'short');
    await page.user.click(screen.getByRole('button', { name: 'Save and sign in' }));
    expect(screen.getByText('The password needs at least 10 characters.')).toBeTruthy();
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');

    await page.user.clear(screen.getByLabelText('New password'));
    await page.user.type(screen.getByLabelText('New password'), 'a long new password');
    await page.user.click(screen.getByRole('button', { name: 'Save and sign in' }));
    expect(screen.getByText('The two passwords are not the same.')).toBeTruthy();
    await page.user.clear(screen.getByLabelText('The new password again'));
    await page.user.type(screen.getByLabelText('The new password again'), 'a long new password');
    await page.user.click(screen.getByRole('button', { name: 'Save and sign in' }));
    await page.until(() => expect(screen.getByRole('heading', { level: 1, name: 'Staff' })).toBeTruthy());
    expect(office.api().calls.filter((c) => c.path === '/password-reset')).toEqual([
      {
        method: 'POST',
        path: '/password-reset',
        body: { token: 'good-reset', password: 'a long new password' },
      },
    ]);
  });

  it('a used reset link says so and leads to asking for a new one', async () => {
    const page = await office.open('/office/?reset=used-link');
    await page.user.type(screen.getByLabelText('New password'), 'a long new password');
    await page.user.type(screen.getByLabelText('The new password again'), 'a long new password');
    await page.user.click(screen.getByRole('button', { name: 'Save and sign in' }));
    expect(screen.getByTestId('link-invalid').textContent).toBe(
      'This link has expired or was used already. Ask for a new one.',
    );
    await page.user.click(screen.getByRole('button', { name: 'Ask for a new link' }));
    expect(screen.getByTestId('screen-forgot')).toBeTruthy();
  });

  it('a cashier who signs in sees that the office is not theirs, and can sign out', async () => {
    const page = await office.open();
    await signIn(page, 'cas@demo.example', FAKE_PASSWORD);
    await page.until(() =>
      expect(
        screen.getByRole('heading', { level: 1, name: 'The office is for owners and managers' }),
      ).toBeTruthy(),
    );
    expect(screen.getByText(/Use the till/)).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    await page.user.click(screen.getByTestId('sign-out'));
    expect(screen.getByText('You are signed out.')).toBeTruthy();
    expect(office.api().signedIn).toBeNull();
  });

  it('signing out everywhere; a session that ends meanwhile leads back to the sign-in screen', async () => {
    const page = await office.open('/office/', office.api().owner);
    await page.user.click(await screen.findByTestId('sign-out-everywhere'));
    expect(screen.getByText('You are signed out on every device.')).toBeTruthy();
    expect(office.api().calls.some((c) => c.path === '/sign-out-everywhere')).toBe(true);

    await signIn(page, 'owner@demo.example', FAKE_PASSWORD);
    await page.until(() => expect(screen.getByRole('heading', { level: 1, name: 'Shops' })).toBeTruthy());
    office.api().signedIn = null; // signed out everywhere from another computer
    await page.user.click(screen.getByRole('link', { name: 'Devices' }));
    await page.until(() => expect(screen.getByText('Your session has ended. Sign in again.')).toBeTruthy());
    expect(screen.getByTestId('screen-sign-in')).toBeTruthy();
  });
});

describe('office: the rules the page repeats', () => {
  it('asks for as long a password as the service does', () => {
    expect(PAGE_PASSWORD_MIN_LENGTH).toBe(PASSWORD_MIN_LENGTH);
  });
});

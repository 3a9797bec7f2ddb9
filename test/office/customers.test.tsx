import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setUpOfficeTests } from '../helpers/office-page';

/*
 * Customer service in the office (docs/office.md "Customer service") as an owner and a manager use
 * it: the real app over the fake office API (test/helpers/fake-office-customers.ts).
 */

const office = setUpOfficeTests();
const open = (as: 'owner' | 'manager') => office.open('/office/#customers', office.api()[as]);

async function findAnna(page: Awaited<ReturnType<typeof open>>, query = 'anna@') {
  await page.user.type(screen.getByLabelText('E-mail address, card or name'), query);
  await page.user.click(screen.getByRole('button', { name: 'Search' }));
  await page.until(() => expect(screen.getByTestId('customer-results')).toBeTruthy());
  await page.user.click(screen.getByRole('button', { name: 'Open Anna de Vries' }));
  await page.until(() => expect(screen.getByTestId('customer-credits').textContent).toBe('120'));
}

describe('office: customers', () => {
  it('finds a customer by e-mail or card, never putting what was searched or who in the address or title', async () => {
    const page = await open('owner');
    await page.user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('Type at least 2 characters.')).toBeTruthy();
    await page.user.type(screen.getByLabelText('E-mail address, card or name'), 'nobody@');
    await page.user.click(screen.getByRole('button', { name: 'Search' }));
    await page.until(() => expect(screen.getByTestId('empty').textContent).toContain('No customer matches'));
    await page.user.clear(screen.getByLabelText('E-mail address, card or name'));
    await findAnna(page, 'CARD-0001');
    const search = office.api().calls.find((c) => c.path === '/customers/search');
    expect(search).toMatchObject({ method: 'POST', body: { query: 'nobody@' } });
    expect(window.location.href).not.toMatch(/anna|card|customer-anna/i);
    expect(document.title).toBe('Customers · Office');
    const summary = screen.getByTestId('customer-summary');
    expect(summary.textContent).toContain('anna@example.com');
    expect(summary.textContent).toContain('Gold');
    expect(summary.textContent).toContain('Gift card …0001');
    expect(screen.getByTestId('card-0001').textContent).toContain('Active');
    await page.until(() =>
      expect(within(screen.getByTestId('customer-history')).getByText(/Points earned/)).toBeTruthy(),
    );
    expect(within(screen.getByTestId('customer-history')).getByText(/Reward: Free coffee/)).toBeTruthy();
  });

  it('corrects points with a required reason; a correction below zero is refused in words', async () => {
    const page = await open('owner');
    await findAnna(page);
    await page.user.click(screen.getByRole('button', { name: 'Correct points' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Correct the points' }));
    await page.user.type(screen.getByTestId('correction-credits'), '-500');
    await page.user.click(screen.getByRole('button', { name: 'Save correction' }));
    expect(screen.getByText('Give the reason for the correction.')).toBeTruthy();
    expect(office.api().calls.some((c) => c.path.endsWith('/credit-corrections'))).toBe(false);
    await page.user.type(screen.getByTestId('correction-reason'), 'Double scan');
    await page.user.click(screen.getByRole('button', { name: 'Save correction' }));
    await page.until(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'That would take the points below zero. Take at most 120.',
      ),
    );
    await page.user.clear(screen.getByTestId('correction-credits'));
    await page.user.type(screen.getByTestId('correction-credits'), '-20,5');
    await page.user.click(screen.getByRole('button', { name: 'Save correction' }));
    await page.until(() => expect(screen.getByText('The points are corrected: 99.5 now.')).toBeTruthy());
    const sent = office.api().calls.filter((c) => c.path.endsWith('/credit-corrections'));
    expect(sent.at(-1)?.body).toEqual({ shop_uuid: 'shop-ams', credits: -20.5, reason: 'Double scan' });
    await page.until(() => expect(screen.getByTestId('customer-credits').textContent).toBe('99.5'));
    expect(within(screen.getByTestId('customer-history')).getByText('“Double scan”')).toBeTruthy();
  });

  it('reverses a line after a confirmation; the reversal shows in the history', async () => {
    const page = await open('owner');
    await findAnna(page);
    await page.until(() => expect(screen.getByTestId('line-reward-1')).toBeTruthy());
    const reward = screen.getByTestId('line-reward-1');
    await page.user.click(within(reward).getByRole('button', { name: /^Reverse Reward: Free coffee/ }));
    expect(within(reward).getByText(/A new line undoes it/)).toBeTruthy();
    await page.user.click(within(reward).getByRole('button', { name: 'Yes, reverse it' }));
    await page.until(() => expect(screen.getByText('Reversed. The balances are up to date.')).toBeTruthy());
    await page.until(() => expect(screen.getByTestId('customer-credits').textContent).toBe('170'));
    expect(within(screen.getByTestId('customer-history')).getByText(/Points returned/)).toBeTruthy();
    expect(within(screen.getByTestId('line-reward-1')).queryByRole('button', { name: /Reverse/ })).toBeNull();
  });

  it('blocks and unblocks a card; downloads the data; erases after a confirmation', async () => {
    const page = await open('owner');
    await findAnna(page);
    const card = () => screen.getByTestId('card-0001');
    await page.user.click(within(card()).getByRole('button', { name: 'Block card …0001' }));
    await page.user.click(within(card()).getByRole('button', { name: 'Yes, block it' }));
    await page.until(() => expect(screen.getByText('Card …0001 is blocked.')).toBeTruthy());
    await page.until(() => expect(card().textContent).toContain('Blocked since'));
    await page.user.click(within(card()).getByRole('button', { name: 'Unblock card …0001' }));
    await page.until(() => expect(screen.getByText('Card …0001 works again.')).toBeTruthy());

    // The download is a link the page clicks (the DOM here does not download): what it names.
    const downloads: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download);
    });
    URL.createObjectURL ??= () => 'blob:customer-data';
    URL.revokeObjectURL ??= () => undefined;
    await page.user.click(screen.getByRole('button', { name: 'Download their data' }));
    await page.until(() => expect(screen.getByText(/customer-data.json is downloaded/)).toBeTruthy());
    expect(downloads).toEqual(['customer-data.json']);
    click.mockRestore();
    expect(
      office.api().calls.some((c) => c.method === 'POST' && c.path === '/customers/customer-anna/export'),
    ).toBe(true);

    await page.user.click(screen.getByRole('button', { name: 'Erase the customer' }));
    expect(screen.getByText(/This cannot be undone/)).toBeTruthy();
    await page.user.click(screen.getByRole('button', { name: 'Yes, erase' }));
    await page.until(() => expect(screen.getByText('The customer is erased.')).toBeTruthy());
    expect(office.api().customers.map((c) => c.customer.uuid)).toEqual(['customer-ben']);
    expect(
      office
        .api()
        .audit.map((e) => e.action)
        .slice(-4),
    ).toEqual(['customer.card_blocked', 'customer.card_unblocked', 'customer.exported', 'customer.erased']);
  });

  it('a manager corrects and reverses, but is not offered blocking, the download or erasure', async () => {
    const page = await open('manager');
    await findAnna(page);
    expect(screen.queryByRole('button', { name: 'Block card …0001' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download their data' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Erase the customer' })).toBeNull();
    expect(screen.getByText(/the data download and erasure are for the owner/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Correct points' })).toBeTruthy();
  });

  it('in Dutch', async () => {
    const page = await open('owner');
    await page.user.click(screen.getByRole('button', { name: 'Lees deze pagina in het Nederlands' }));
    await page.until(() => expect(screen.getByRole('heading', { level: 1, name: 'Klanten' })).toBeTruthy());
    expect(screen.getByLabelText('E-mailadres, pas of naam')).toBeTruthy();
  });
});

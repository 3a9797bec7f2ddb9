import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../src/office/i18n/i18n';
import { changeLines } from '../../src/office/screens/audit-screen';
import { setUpOfficeTests } from '../helpers/office-page';

/*
 * The office's screens as an owner or a manager uses them (docs/office.md "The office page"): the
 * real app over a fake office API at the fetch boundary (test/helpers/fake-office-api.ts).
 */

const office = setUpOfficeTests();
const asOwner = (hash: string) => office.open(`/office/#${hash}`, office.api().owner);

describe('office: shops', () => {
  it('an owner adds a shop with its address and closes it after a confirmation', async () => {
    const page = await asOwner('shops');
    expect(screen.getByTestId('shop-Demo Coffee Amsterdam').textContent).toContain(
      'AMS-01 · Damrak 1, 1012 LG Amsterdam, NL',
    );
    await page.user.click(screen.getByRole('button', { name: 'Add a shop' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'A new shop' }));
    await page.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Give the shop a name.')).toBeTruthy();
    await page.user.type(screen.getByLabelText('Name'), 'Demo Coffee Centraal');
    await page.user.type(screen.getByLabelText('City'), 'Utrecht');
    await page.user.click(screen.getByRole('button', { name: 'Save' }));
    await page.until(() => expect(screen.getByText('Demo Coffee Centraal is added.')).toBeTruthy());
    expect(office.api().calls.find((c) => c.method === 'POST' && c.path === '/shops')?.body).toEqual({
      name: 'Demo Coffee Centraal',
      reference: null,
      address: { street: null, housenumber: null, postalcode: null, city: 'Utrecht', country: null },
    });
    const row = screen.getByTestId('shop-Demo Coffee Centraal');
    expect(row.textContent).toContain('Utrecht');

    await page.user.click(within(row).getByRole('button', { name: 'Close shop: Demo Coffee Centraal' }));
    expect(within(row).getByText(/Its tablets, phones and register keys stop working at once/)).toBeTruthy();
    await page.user.click(within(row).getByRole('button', { name: 'No, keep it' }));
    expect(office.api().shops.at(-1)?.closed_at).toBeNull();
    await page.user.click(within(row).getByRole('button', { name: 'Close shop: Demo Coffee Centraal' }));
    await page.user.click(within(row).getByRole('button', { name: 'Yes, close the shop' }));
    await page.until(() => expect(screen.getByText('Demo Coffee Centraal is closed.')).toBeTruthy());
    expect(within(screen.getByTestId('shop-Demo Coffee Centraal')).getByText('Closed')).toBeTruthy();
  });

  it('loading, an error with "Try again", and the empty list, in words', async () => {
    office.api().offline = true;
    const page = await asOwner('shops');
    await page.until(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'The office could not reach the service. Check your connection and try again.',
      ),
    );
    office.api().offline = false;
    office.api().shops = [];
    await page.user.click(screen.getByRole('button', { name: 'Try again' }));
    await page.until(() =>
      expect(screen.getByTestId('empty').textContent).toBe('There are no shops yet. Add your first shop.'),
    );
  });
});

describe('office: devices', () => {
  it('adding a console phone shows its pairing code, where to type it, and the time it has left', async () => {
    const page = await asOwner('devices');
    await page.user.click(screen.getByRole('button', { name: 'Add console phone' }));
    await page.user.type(screen.getByLabelText('Name'), 'Till 2');
    await page.user.selectOptions(screen.getByLabelText('Shop'), 'Demo Coffee Utrecht');
    await page.user.click(screen.getByRole('button', { name: 'Save' }));
    await page.until(() => expect(screen.getByTestId('pairing-code')).toBeTruthy());
    expect(office.api().calls.find((c) => c.path === '/devices' && c.method === 'POST')?.body).toEqual({
      kind: 'console',
      name: 'Till 2',
      shop_uuid: 'shop-utr',
    });
    const pairing = screen.getByTestId('pairing');
    expect(within(pairing).getByRole('heading', { name: 'Pairing code for Till 2' })).toBe(
      document.activeElement,
    );
    const code = screen.getByTestId('pairing-code');
    expect(code.textContent).toMatch(/\d{6}/);
    expect(
      within(pairing).getByText(
        /On the phone, open http:\/\/.*\/cashier\/ in the browser and type this code\./,
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('countdown').textContent).toBe('Works once, for 15:00 more.');
    await page.wait(61_000);
    expect(screen.getByTestId('countdown').textContent).toBe('Works once, for 13:59 more.');
    const row = within(screen.getByTestId('devices-of-Demo Coffee Utrecht')).getByTestId('device-Till 2');
    expect(within(row).getByTestId('device-status').textContent).toBe('Waiting for its code');

    await page.wait(14 * 60_000);
    expect(screen.getByTestId('code-expired').textContent).toBe('This code has expired. Make a new one.');
    await page.user.click(within(row).getByRole('button', { name: 'New code for Till 2' }));
    await page.until(() =>
      expect(screen.getByTestId('countdown').textContent).toBe('Works once, for 15:00 more.'),
    );

    // Typed on the phone now: the list shows it in use within seconds, the page untouched.
    const added = office.api().devices.find((d) => d.name === 'Till 2');
    expect(added?.status).toBe('waiting');
    if (added) added.status = 'paired';
    await page.wait(3000);
    await page.until(() =>
      expect(within(screen.getByTestId('device-Till 2')).getByTestId('device-status').textContent).toBe(
        'In use',
      ),
    );
  });

  it('a tablet is paired on the counter screen; revoking a device asks first and then shows it revoked', async () => {
    const page = await asOwner('devices');
    await page.user.click(screen.getByRole('button', { name: 'Add tablet' }));
    await page.user.type(screen.getByLabelText('Name'), 'Counter right');
    await page.user.click(screen.getByRole('button', { name: 'Save' }));
    await page.until(() =>
      expect(
        screen.getByText(
          'On the tablet, open the counter screen, choose “Pair this screen” and type this code.',
        ),
      ).toBeTruthy(),
    );
    await page.user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('pairing')).toBeNull();

    const till = screen.getByTestId('device-Till 1');
    expect(within(till).getByTestId('device-status').textContent).toBe('In use');
    await page.user.click(within(till).getByRole('button', { name: 'Revoke Till 1' }));
    expect(document.activeElement?.textContent).toBe(
      'Revoke Till 1? It stops working within seconds. This cannot be undone.',
    );
    await page.user.click(within(till).getByRole('button', { name: 'Yes, revoke it' }));
    await page.until(() => expect(screen.getByText('Till 1 is revoked: it no longer works.')).toBeTruthy());
    const revoked = screen.getByTestId('device-Till 1');
    expect(within(revoked).getByTestId('device-status').textContent).toBe('Revoked');
    expect(within(revoked).queryByRole('button')).toBeNull();
    expect(office.api().devices.find((d) => d.uuid === 'device-till')?.status).toBe('revoked');
  });

  it('renames and moves a device', async () => {
    const page = await asOwner('devices');
    await page.user.click(screen.getByRole('button', { name: 'Rename or move: Counter Amsterdam' }));
    await page.user.clear(screen.getByLabelText('Name'));
    await page.user.type(screen.getByLabelText('Name'), 'Counter Utrecht');
    await page.user.selectOptions(screen.getByLabelText('Shop'), 'Demo Coffee Utrecht');
    await page.user.click(screen.getByRole('button', { name: 'Save' }));
    await page.until(() =>
      expect(
        within(screen.getByTestId('devices-of-Demo Coffee Utrecht')).getByTestId('device-Counter Utrecht'),
      ).toBeTruthy(),
    );
  });
});

describe('office: staff', () => {
  it('adds a cashier with a shop and a till passcode; a passcode of 3 digits is refused first', async () => {
    const page = await asOwner('staff');
    await page.user.click(screen.getByRole('button', { name: 'Add a staff member' }));
    await page.user.type(screen.getByLabelText('Name'), 'Sam');
    await page.user.selectOptions(screen.getByLabelText('Role'), 'Cashier');
    await page.user.click(screen.getByRole('checkbox', { name: 'Demo Coffee Utrecht' }));
    await page.user.type(screen.getByLabelText(/Till passcode/), '482');
    await page.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('The passcode is 4 digits.')).toBeTruthy();
    await page.user.type(screen.getByLabelText(/Till passcode/), '1');
    await page.user.click(screen.getByRole('button', { name: 'Save' }));
    await page.until(() => expect(screen.getByText('Sam is added.')).toBeTruthy());
    expect(office.api().calls.find((c) => c.path === '/staff' && c.method === 'POST')?.body).toEqual({
      name: 'Sam',
      email: null,
      role: 'cashier',
      shop_uuids: ['shop-utr'],
      passcode: '4821',
    });
    expect(screen.getByTestId('staff-Sam').textContent).toContain(
      'No e-mail · Demo Coffee Utrecht · Till passcode set',
    );
  });

  it('removes a staff member after a confirmation; the signed-in person has no remove button', async () => {
    const page = await asOwner('staff');
    expect(
      within(screen.getByTestId('staff-Olga Owner')).queryByRole('button', { name: /Remove/ }),
    ).toBeNull();
    const max = screen.getByTestId('staff-Max Manager');
    await page.user.click(within(max).getByRole('button', { name: 'Remove Max Manager' }));
    await page.user.click(within(max).getByRole('button', { name: 'Yes, remove' }));
    await page.until(() => expect(screen.getByText('Max Manager is removed.')).toBeTruthy());
    expect(screen.queryByTestId('staff-Max Manager')).toBeNull();
  });
});

describe('office: register keys', () => {
  it('a new key is shown once with a copy button and "you will not see it again"', async () => {
    const page = await asOwner('keys');
    expect(screen.getByTestId('key-Till integration').textContent).toContain('Demo Coffee Amsterdam');
    await page.user.click(screen.getByRole('button', { name: 'Create a register key' }));
    await page.user.type(screen.getByLabelText('Name'), 'Webshop');
    await page.user.click(
      within(screen.getByTestId('key-form')).getByRole('button', { name: 'Create a register key' }),
    );
    await page.until(() => expect(screen.getByTestId('new-key')).toBeTruthy());
    expect(office.api().calls.find((c) => c.path === '/register-keys' && c.method === 'POST')?.body).toEqual({
      name: 'Webshop',
      shop_uuid: null,
    });
    const token = screen.getByLabelText('Register key') as HTMLInputElement;
    expect(token.value).toMatch(/^rk_live_/);
    expect(screen.getByTestId('token-warning').textContent).toBe(
      'Copy it now: you will not see it again. Store it safely, like a password.',
    );
    await page.user.click(screen.getByRole('button', { name: 'Copy' }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(token.value);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    const secret = token.value;
    await page.user.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByTestId('new-key')).toBeNull();
    expect(document.body.textContent).not.toContain(secret);
    expect(screen.getByTestId('key-Webshop').textContent).toContain(
      'All shops · Created May 4, 2026 · Never used',
    );
  });

  it('revokes a key after a confirmation', async () => {
    const page = await asOwner('keys');
    const key = screen.getByTestId('key-Till integration');
    await page.user.click(within(key).getByRole('button', { name: 'Revoke Till integration' }));
    await page.user.click(within(key).getByRole('button', { name: 'Yes, revoke it' }));
    await page.until(() => expect(screen.getByText('Till integration is revoked.')).toBeTruthy());
    expect(screen.getByTestId('empty').textContent).toBe('No register keys yet.');
  });
});

describe('office: the audit log', () => {
  it('reads a changed thing by its name, a known shop uuid by the shop’s name and a list item by item, not as JSON', () => {
    expect(
      changeLines({
        before: null,
        after: { name: 'Haarlem POS', shop: { uuid: 'shop-hlm', name: 'Demo Coffee Haarlem' }, tags: [] },
      }),
    ).toEqual(['name: – → Haarlem POS', 'shop: – → Demo Coffee Haarlem']);
    expect(changeLines({ before: { shops: ['a'] }, after: { shops: ['a', 'b'] } })).toEqual([
      'shops: a → a, b',
    ]);
    // A shop's uuid the page knows is read by the shop's name.
    const shops = new Map([['shop-ams', 'Demo Coffee Amsterdam']]);
    expect(changeLines({ before: { shops: [] }, after: { shops: ['shop-ams', 'gone'] } }, shops)).toEqual([
      'shops: – → Demo Coffee Amsterdam, gone',
    ]);
  });

  it('shows who changed what, filters by person, shop and dates, and pages to older entries', async () => {
    const page = await asOwner('audit');
    const api = office.api();
    expect(screen.getAllByTestId('audit-entry')).toHaveLength(20);
    const first = screen.getAllByTestId('audit-entry')[0]!;
    expect(first.textContent).toContain('Max Manager');
    expect(first.textContent).toContain('name: Till 29 → Till 30');
    await page.user.click(screen.getByRole('button', { name: 'Older entries' }));
    await page.until(() => expect(screen.getAllByTestId('audit-entry')).toHaveLength(30));
    expect(api.calls.at(-1)?.path).toBe('/audit?before_id=11');
    expect(screen.getByText('That is everything.')).toBeTruthy();

    await page.user.selectOptions(screen.getByLabelText('Person'), 'Olga Owner');
    await page.until(() => expect(screen.getAllByTestId('audit-entry')).toHaveLength(15));
    await page.user.selectOptions(screen.getByLabelText('Shop'), 'Demo Coffee Amsterdam');
    await page.until(() =>
      expect(screen.getByTestId('empty').textContent).toBe('Nothing on record for this choice.'),
    );
    await page.user.selectOptions(screen.getByLabelText('Person'), 'Everyone');
    await page.user.type(screen.getByLabelText('From'), '2026-04-05');
    await page.user.type(screen.getByLabelText('To'), '2026-04-06');
    await page.until(() => expect(screen.getAllByTestId('audit-entry')).toHaveLength(3));
    expect(api.calls.at(-1)?.path).toBe('/audit?shop_uuid=shop-ams&from=2026-04-05&to=2026-04-06');
  });

  it('a change made in the office appears in the log', async () => {
    const page = await asOwner('keys');
    await page.user.click(
      within(screen.getByTestId('key-Till integration')).getByRole('button', {
        name: 'Revoke Till integration',
      }),
    );
    await page.user.click(screen.getByRole('button', { name: 'Yes, revoke it' }));
    await page.until(() => expect(screen.getByText('Till integration is revoked.')).toBeTruthy());
    await page.user.click(screen.getByRole('link', { name: 'Audit log' }));
    await page.until(() =>
      expect(screen.getAllByTestId('audit-entry')[0]!.textContent).toContain('Register key revoked'),
    );
    expect(screen.getAllByTestId('audit-entry')[0]!.textContent).toContain('Olga Owner');
  });
});

describe('office: in Dutch', () => {
  it('speaks Dutch after the language button, and keeps it on this computer', async () => {
    const page = await asOwner('devices');
    await page.user.click(screen.getByRole('button', { name: 'Lees deze pagina in het Nederlands' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Apparaten' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kassasleutels' })).toBeTruthy();
    expect(screen.getByTestId('signed-in-as').textContent).toContain('Ingelogd als Olga Owner, Eigenaar');
    expect(within(screen.getByTestId('device-Till 1')).getByTestId('device-status').textContent).toBe(
      'In gebruik',
    );
    await page.user.click(screen.getByRole('button', { name: 'Kassatelefoon toevoegen' }));
    await page.user.type(screen.getByLabelText('Naam'), 'Kassa 2');
    await page.user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await page.until(() =>
      expect(screen.getByTestId('countdown').textContent).toBe('Werkt één keer, nog 15:00.'),
    );
    expect(document.documentElement.lang).toBe('nl');
    expect(localStorage.getItem('portal-office-language')).toBe('nl');
    void i18n.changeLanguage('en');
  });
});

describe('office: on a phone', () => {
  it('the navigation is behind a Menu button that says whether it is open', async () => {
    const page = await asOwner('shops');
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    await page.user.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    await page.user.click(screen.getByRole('link', { name: 'Staff' }));
    await page.until(() => expect(screen.getByRole('heading', { level: 1, name: 'Staff' })).toBeTruthy());
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('link', { name: 'Staff' }).getAttribute('aria-current')).toBe('page');
  });
});

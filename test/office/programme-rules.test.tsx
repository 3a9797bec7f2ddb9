import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../src/office/i18n/i18n';
import { setUpOfficeTests } from '../helpers/office-page';

/*
 * The earning and promotions screens as an owner and a manager use them (docs/office.md "Earning
 * and promotions"): the real app over the fake office API (test/helpers/fake-office-programme.ts).
 */

const office = setUpOfficeTests();
const asOwner = (hash: string) => office.open(`/office/#${hash}`, office.api().owner);

describe('office: earning', () => {
  it('an owner adds a Tuesday-afternoon rule for Gold, sees it in words, and removes it after a question', async () => {
    const page = await asOwner('earning');
    await page.until(() => expect(screen.getByTestId('rule-list')).toBeTruthy());
    expect(screen.getByTestId('rule-2').textContent).toContain(
      'Gold · 1.5 points per Purchase amount, rounded down · every day',
    );

    await page.user.click(screen.getByRole('button', { name: 'Add an earning rule' }));
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 2, name: 'A new earning rule' }),
    );
    const form = screen.getByTestId('rule-form');
    await page.user.clear(within(form).getByLabelText('Points per unit'));
    await page.user.type(within(form).getByLabelText('Points per unit'), '2,5');
    await page.user.selectOptions(within(form).getByLabelText('Tier'), 'Gold');
    await page.user.click(within(form).getByLabelText('Tue'));
    await page.user.type(within(form).getByLabelText(/From/), '14:00');
    await page.user.type(within(form).getByLabelText(/Until/), '17:00');
    await page.user.click(within(form).getByRole('button', { name: 'Save' }));
    await page.until(() =>
      expect(screen.getByText('The earning rule is added. It counts from the next purchase.')).toBeTruthy(),
    );
    const sent = office.api().calls.find((c) => c.method === 'POST' && c.path === '/earning-rules');
    expect(sent?.body).toEqual({
      unit_name: 'purchase_amount',
      credits_per_unit: '2.5',
      rounding: 'floor',
      tier_uuid: 'tier-gold',
      weekdays: [2],
      from_time: '14:00',
      until_time: '17:00',
    });
    const added = office.api().programme.rules.at(-1)!;
    const row = screen.getByTestId(`rule-${added.id}`);
    expect(row.textContent).toContain(
      'Gold · 2.5 points per Purchase amount, rounded down · Tue 14:00–17:00',
    );

    await page.user.click(within(row).getByRole('button', { name: /^Remove:/ }));
    await page.user.click(within(row).getByRole('button', { name: 'Yes, remove' }));
    await page.until(() => expect(screen.getByText('The earning rule is removed.')).toBeTruthy());
    expect(office.api().programme.rules.some((r) => r.id === added.id)).toBe(false);
    expect(office.api().audit.map((e) => e.action)).toEqual(
      expect.arrayContaining(['earning_rule.created', 'earning_rule.removed']),
    );
  });

  it('a refused rule names the field to check, and nothing is added', async () => {
    const page = await asOwner('earning');
    await page.until(() => expect(screen.getByTestId('rule-list')).toBeTruthy());
    const before = office.api().programme.rules.length;
    await page.user.click(screen.getByRole('button', { name: 'Add an earning rule' }));
    const form = screen.getByTestId('rule-form');
    await page.user.clear(within(form).getByLabelText('Points per unit'));
    await page.user.type(within(form).getByLabelText('Points per unit'), 'lots');
    await page.user.click(within(form).getByRole('button', { name: 'Save' }));
    await page.until(() =>
      expect(within(form).getByRole('alert').textContent).toContain(
        'Check “Points per unit”: it was not accepted.',
      ),
    );
    expect(within(form).getByLabelText('Points per unit').getAttribute('aria-invalid')).toBe('true');
    expect(office.api().programme.rules.length).toBe(before);
  });

  it('a tier that customers hold is not removed, in words; a new tier is', async () => {
    const page = await asOwner('earning');
    await page.until(() => expect(screen.getByTestId('tier-list')).toBeTruthy());
    const silver = screen.getByTestId('tier-Silver');
    expect(silver.textContent).toContain('3 customers');
    await page.user.click(within(silver).getByRole('button', { name: 'Remove: Silver' }));
    await page.user.click(within(silver).getByRole('button', { name: 'Yes, remove' }));
    await page.until(() => expect(within(silver).getByText(/This tier is still in use/)).toBeTruthy());
    expect(office.api().programme.tiers.map((x) => x.name)).toContain('Silver');

    await page.user.click(screen.getByRole('button', { name: 'Add a tier' }));
    const form = screen.getByTestId('tier-form');
    await page.user.type(within(form).getByLabelText('Name'), 'Platinum');
    await page.user.click(within(form).getByRole('button', { name: 'Save' }));
    await page.until(() => expect(screen.getByText('Platinum is added.')).toBeTruthy());
    const platinum = screen.getByTestId('tier-Platinum');
    await page.user.click(within(platinum).getByRole('button', { name: 'Remove: Platinum' }));
    await page.user.click(within(platinum).getByRole('button', { name: 'Yes, remove' }));
    await page.until(() => expect(screen.getByText('Platinum is removed.')).toBeTruthy());
  });

  it('the owner sets how a till starts a session', async () => {
    const page = await asOwner('earning');
    await page.until(() => expect(screen.getByTestId('session-defaults')).toBeTruthy());
    const panel = screen.getByTestId('session-defaults');
    await page.user.click(within(panel).getByLabelText('New customers may sign up'));
    await page.user.selectOptions(within(panel).getByLabelText('Scanner'), 'A hand scanner');
    await page.user.click(within(panel).getByRole('button', { name: 'Save' }));
    await page.until(() =>
      expect(within(panel).getByText('Saved. The next session starts with these settings.')).toBeTruthy(),
    );
    expect(office.api().programme.session_defaults).toEqual({
      enable_email_identification: true,
      enable_registration: true,
      scanner_type: 'hand_scanner',
    });
  });

  it('a manager reads the programme without a button that changes it', async () => {
    const page = await office.open('/office/#earning', office.api().manager);
    await page.until(() => expect(screen.getByTestId('rule-list')).toBeTruthy());
    expect(screen.getByText('Only the owner can change this; you see it as it is.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add an earning rule' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('speaks Dutch', async () => {
    await i18n.changeLanguage('nl');
    const page = await asOwner('earning');
    await page.until(() => expect(screen.getByTestId('rule-list')).toBeTruthy());
    expect(screen.getByRole('heading', { level: 1, name: 'Sparen' })).toBeTruthy();
    expect(screen.getByTestId('rule-2').textContent).toContain(
      'Gold · 1.5 punten per Purchase amount, naar beneden afgerond · elke dag',
    );
    expect(document.title).toContain('Sparen');
  });
});

describe('office: promotions', () => {
  it('an owner adds a promotion, makes codes and downloads them', async () => {
    const page = await asOwner('promotions');
    await page.until(() => expect(screen.getByTestId('promotion-list')).toBeTruthy());
    expect(screen.getByTestId('promotion-Free muffin').textContent).toContain(
      '5 vouchers, 1 used · valid 30 days',
    );

    await page.user.click(screen.getByRole('button', { name: 'Add a promotion' }));
    const form = screen.getByTestId('promotion-form');
    await page.user.type(within(form).getByLabelText(/^Name/), 'Koffie, "gratis"');
    await page.user.type(within(form).getByLabelText(/^Most vouchers/), '500');
    await page.user.click(within(form).getByRole('button', { name: 'Save' }));
    await page.until(() => expect(screen.getByText('Koffie, "gratis" is added.')).toBeTruthy());
    const row = screen.getByTestId('promotion-Koffie, "gratis"');
    expect(
      within(row).getByRole('button', { name: 'Download codes (CSV): Koffie, "gratis"' }),
    ).toHaveProperty('disabled', true);

    await page.user.click(within(row).getByRole('button', { name: 'Make codes for Koffie, "gratis"' }));
    const batch = screen.getByTestId('batch-form');
    await page.user.clear(within(batch).getByLabelText('How many codes'));
    await page.user.type(within(batch).getByLabelText('How many codes'), '20000');
    await page.user.click(within(batch).getByRole('button', { name: 'Make codes' }));
    expect(within(batch).getByText('Type a whole number from 1 to 10,000.')).toBeTruthy();
    await page.user.clear(within(batch).getByLabelText('How many codes'));
    await page.user.type(within(batch).getByLabelText('How many codes'), '250');
    await page.user.click(within(batch).getByRole('button', { name: 'Make codes' }));
    await page.until(() =>
      expect(
        screen.getByText('250 codes are made for Koffie, "gratis". Download the file to print or send them.'),
      ).toBeTruthy(),
    );
    await page.until(() =>
      expect(screen.getByTestId('promotion-Koffie, "gratis"').textContent).toContain('250 vouchers, 0 used'),
    );
    // The page never shows a code.
    expect(document.body.textContent).not.toContain('V-FAKE');

    // The browser saves the file the page hands it (jsdom would navigate to the blob instead).
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await page.user.click(
      within(screen.getByTestId('promotion-Koffie, "gratis"')).getByRole('button', {
        name: 'Download codes (CSV): Koffie, "gratis"',
      }),
    );
    await page.until(() =>
      expect(document.body.textContent).toContain('The codes of Koffie, "gratis" are downloaded'),
    );
    expect(office.api().programme.exports).toHaveLength(1);
    expect(saved).toEqual([`vouchers-${office.api().programme.promotions.at(-1)!.uuid}.csv`]);
    vi.restoreAllMocks();
  });

  it('a manager sees the promotions without the buttons', async () => {
    const page = await office.open('/office/#promotions', office.api().manager);
    await page.until(() => expect(screen.getByTestId('promotion-list')).toBeTruthy());
    expect(screen.queryByRole('button', { name: /Make codes|Download|Add a promotion/ })).toBeNull();
  });
});

import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../src/office/i18n/i18n';
import { setUpOfficeTests } from '../helpers/office-page';

/*
 * The office's reports as an owner or a manager reads them (docs/office.md "Reports"): the real
 * app over the fake office API (test/helpers/fake-office-api.ts), whose figures follow the days
 * asked for. The figures themselves: test/http/office-reports.test.ts.
 */

const office = setUpOfficeTests();

describe('office: reports', () => {
  it('shows each report as a chart and a table for the last 7 days, with its CSV link', async () => {
    const page = await office.open('/office/#reports', office.api().owner);
    await page.until(() => expect(screen.getAllByTestId('report-row').length).toBeGreaterThan(0));
    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toBeTruthy();
    expect(document.title).toBe('Reports · Office');
    const liability = screen.getByTestId('report-liability');
    expect(within(liability).getByRole('heading', { name: 'Liability' })).toBeTruthy();
    expect(within(liability).getByText(/at the end of May 4/)).toBeTruthy();
    // The chart library comes with the reports only.
    await page.until(() => expect(within(liability).getByTestId('report-chart')).toBeTruthy(), 10_000);
    const rows = within(liability).getAllByTestId('report-row');
    expect(rows.map((r) => r.querySelector('td')!.textContent)).toEqual([
      'Demo Coffee Amsterdam',
      'Demo Coffee Utrecht',
      'No shop (opening balances, account-wide keys)',
      'Total',
    ]);
    // Amsterdam: 1000 + 4 cents of prepaid on May 4 in the fake.
    expect(rows[0]!.textContent).toContain('€10.04');
    const csv = within(liability).getByRole('link', { name: 'Download Liability (CSV)' });
    expect(csv.getAttribute('href')).toBe('/office/api/reports/liability.csv?at=2026-05-04');
    expect(csv.hasAttribute('download')).toBe(true);

    const activity = screen.getByTestId('report-activity');
    expect(within(activity).getByTestId('report-chart')).toBeTruthy();
    // Seven days and the total.
    expect(within(activity).getAllByTestId('report-row')).toHaveLength(8);
    expect(
      within(activity).getByRole('link', { name: 'Download Activity by day (CSV)' }).getAttribute('href'),
    ).toBe('/office/api/reports/activity.csv?from=2026-04-28&to=2026-05-04');
    expect(within(screen.getByTestId('report-staff')).getAllByText('Sam').length).toBeGreaterThan(0);
    expect(within(screen.getByTestId('report-sessions')).getAllByText('Points').length).toBeGreaterThan(0);
  });

  it('a new period or shop asks the service again; the figures and links follow', async () => {
    const page = await office.open('/office/#reports', office.api().owner);
    await page.until(() => expect(screen.getAllByTestId('report-row').length).toBeGreaterThan(0));
    // A date field's own picker is the browser's: its choice arrives as a change of value.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-05-02' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-05-03' } });
    await page.until(() =>
      expect(within(screen.getByTestId('report-activity')).getAllByTestId('report-row')).toHaveLength(3),
    );
    expect(office.api().calls.some((c) => c.path === '/reports/activity?from=2026-05-02&to=2026-05-03')).toBe(
      true,
    );
    const liability = screen.getByTestId('report-liability');
    await page.until(() => expect(within(liability).getByText(/at the end of May 3/)).toBeTruthy());
    expect(within(liability).getAllByTestId('report-row')[0]!.textContent).toContain('€10.03');

    await page.user.selectOptions(screen.getByLabelText('Shop'), 'Demo Coffee Utrecht');
    await page.until(() =>
      expect(
        within(screen.getByTestId('report-liability'))
          .getAllByTestId('report-row')
          .map((r) => r.querySelector('td')!.textContent),
      ).toEqual(['Demo Coffee Utrecht', 'Total']),
    );
    const csv = within(screen.getByTestId('report-staff')).getByRole('link', { name: /CSV/ });
    expect(csv.getAttribute('href')).toBe(
      '/office/api/reports/staff.csv?shop_uuid=shop-utr&from=2026-05-02&to=2026-05-03',
    );
  });

  it('in Dutch, for a manager: their shops, in words of their own', async () => {
    await i18n.changeLanguage('nl');
    try {
      const page = await office.open('/office/#reports', office.api().manager);
      await page.until(() => expect(screen.getAllByTestId('report-row').length).toBeGreaterThan(0));
      expect(screen.getByRole('heading', { level: 1, name: 'Rapporten' })).toBeTruthy();
      expect((screen.getByLabelText('Winkel') as HTMLSelectElement).options[0]!.textContent).toBe(
        'Al je winkels',
      );
      const names = within(screen.getByTestId('report-liability'))
        .getAllByTestId('report-row')
        .map((r) => r.querySelector('td')!.textContent);
      expect(names).not.toContain('Demo Coffee Utrecht');
      expect(names.at(-1)).toBe('Totaal');
      expect(screen.getByRole('link', { name: 'Verplichtingen downloaden (CSV)' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

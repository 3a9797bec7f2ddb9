import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpOfficeTests } from '../helpers/office-page';

/*
 * Importing members in the office (docs/office.md "Importing members"): choose a CSV file, check it
 * (the refused rows listed by number, column and reason), import it with a progress bar. The real
 * page over the fake office API, which reads the file with the service's own reader.
 */

const office = setUpOfficeTests();

const csvFile = (text: string, name = 'members.csv') => new File([text], name, { type: 'text/csv' });

describe('office: importing members', () => {
  it('an owner checks a file, sees each bad row, then imports a good file with a progress bar', async () => {
    const page = await office.open('/office/#import', office.api().owner);
    expect(screen.getByRole('heading', { level: 1, name: 'Import members' })).toBeTruthy();
    await page.user.click(screen.getByRole('button', { name: 'Check file' }));
    expect(screen.getByText('Choose a CSV file first.')).toBeTruthy();

    const bad = 'email;points;prepaid\nann@example.com;10;1,50\nnot-an-email;3;\nbob@example.com;-2;\n';
    await page.user.upload(screen.getByLabelText('CSV file'), csvFile(bad, 'old-system.csv'));
    await page.user.click(screen.getByRole('button', { name: 'Check file' }));
    await page.until(() => expect(screen.getByTestId('import-progress')).toBeTruthy());
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toBeTruthy();
    await page.until(() => expect(screen.getByTestId('import-result')).toBeTruthy(), 10_000);
    const result = screen.getByTestId('import-result');
    expect(within(result).getByRole('heading', { name: 'Check of old-system.csv' })).toBeTruthy();
    expect(screen.getByTestId('import-bad-rows').textContent).toContain('2 rows would be refused');
    const rows = screen.getAllByTestId('import-problem').map((r) => r.textContent);
    expect(rows).toEqual(['3emailThe e-mail address is not valid.', '4pointsThe number is negative.']);
    expect(within(result).queryByRole('button', { name: /Import/ })).toBeNull();
    expect(office.api().calls.find((c) => c.path === '/member-imports')?.body).toMatchObject({
      file_name: 'old-system.csv',
      dry_run: true,
    });

    const good =
      '\ufeffemail,firstname,cards,points,prepaid\nann@example.com,Ann,7001|7002,10,1.50\ncas@example.com,Cas,,,\n';
    await page.user.upload(screen.getByLabelText('CSV file'), csvFile(good));
    await page.user.click(screen.getByRole('button', { name: 'Check file' }));
    await page.until(() => expect(screen.getByText('Every row can be imported.')).toBeTruthy(), 10_000);
    expect(screen.getByTestId('import-summary').textContent).toContain('New members2');
    await page.user.click(screen.getByRole('button', { name: 'Import 2 members' }));
    await page.until(() => expect(screen.getByRole('progressbar', { name: 'Progress' })).toBeTruthy());
    await page.until(() => expect(screen.getByText('Writing the members… 60%')).toBeTruthy(), 10_000);
    await page.until(
      () => expect(screen.getByRole('heading', { name: 'Imported members.csv' })).toBeTruthy(),
      10_000,
    );
    expect(screen.queryByTestId('import-progress')).toBeNull();
    expect(screen.getByTestId('import-summary').textContent).toContain('Cards added2');
    const imports = office.api().calls.filter((c) => c.method === 'POST' && c.path === '/member-imports');
    expect(imports.at(-1)?.body).toMatchObject({ dry_run: false, file_name: 'members.csv' });
  });

  it('a manager is told only an owner imports members; nothing is sent', async () => {
    await office.open('/office/#import', office.api().manager);
    expect(screen.getByTestId('import-owner-only').textContent).toBe('Only an owner can import members.');
    expect(screen.queryByLabelText('CSV file')).toBeNull();
    expect(office.api().calls.some((c) => c.path.startsWith('/member-imports'))).toBe(false);
  });

  it('in Dutch: the section, its button and a reason', async () => {
    const page = await office.open('/office/#import', office.api().owner);
    await page.user.click(screen.getByRole('button', { name: 'Lees deze pagina in het Nederlands' }));
    await page.until(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Leden importeren' })).toBeTruthy(),
    );
    expect(screen.getByTestId('nav-import').textContent).toBe('Importeren');
    await page.user.upload(screen.getByLabelText('CSV-bestand'), csvFile('naam\nAnn\n'));
    await page.user.click(screen.getByRole('button', { name: 'Bestand controleren' }));
    await page.until(
      () => expect(screen.getByText('Er is geen kolom met het e-mailadres.')).toBeTruthy(),
      10_000,
    );
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpOfficeTests } from '../helpers/office-page';

/*
 * Rewards and the brand in the office (docs/office.md "Rewards and the brand"): the real page over
 * the fake office API (test/helpers/fake-office-rewards.ts). The service's own rules (pictures by
 * their bytes, contrast, the owner alone) are proven by test/http/office-programme-rewards.test.ts.
 */

const office = setUpOfficeTests();
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

describe('office: rewards', () => {
  it('the owner adds a reward with its picture, points, stock, limit and window; it shows in the list', async () => {
    const page = await office.open('/office/#rewards', office.api().owner);
    await page.until(() => expect(screen.getByTestId('reward-Free coffee')).toBeTruthy());
    expect(screen.getByTestId('reward-Free coffee').textContent).toContain('50 points · 100 in stock');
    await page.user.click(screen.getByRole('button', { name: 'Add a reward' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'New reward' }));
    await page.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Give the reward a title.')).toBeTruthy();
    await page.user.type(screen.getByLabelText('Title'), 'Free espresso');
    await page.user.type(screen.getByLabelText('Points'), '40');
    await page.user.type(screen.getByLabelText(/^Stock/), '25');
    await page.user.type(screen.getByLabelText(/^Limit per customer/), '2');
    await page.user.upload(
      screen.getByTestId('reward-picture'),
      new File([PNG], 'espresso.png', { type: 'image/png' }),
    );
    await page.user.click(screen.getByRole('button', { name: 'Save' }));
    await page.until(() => expect(screen.getByText('“Free espresso” is added.')).toBeTruthy());
    const sent = office.api().calls.find((c) => c.method === 'POST' && c.path === '/rewards')?.body as Record<
      string,
      unknown
    >;
    expect(sent).toMatchObject({
      title: 'Free espresso',
      required_credits: 40,
      stock: 25,
      claim_limit_per_contact: 2,
      active: true,
      active_from: null,
      active_until: null,
      picture: { data: expect.stringMatching(/^iVBOR/) },
    });
    const row = screen.getByTestId('reward-Free espresso');
    expect(row.textContent).toContain('40 points · 25 in stock · 2× per customer');
    expect(row.querySelector('img')?.getAttribute('src')).toMatch(/^\/media\//);
    expect(office.api().audit.at(-1)?.action).toBe('reward.created');
  });

  it('a refused picture says why and names the field; switching a reward off asks the service', async () => {
    const page = await office.open('/office/#rewards', office.api().owner);
    await page.until(() => expect(screen.getByTestId('reward-Free coffee')).toBeTruthy());
    await page.user.click(screen.getByRole('button', { name: 'Edit: Free coffee' }));
    await page.user.upload(
      screen.getByTestId('reward-picture'),
      new File(['GIF89a'], 'coffee.png', { type: 'image/png' }),
    );
    await page.user.click(screen.getByRole('button', { name: 'Save' }));
    await page.until(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'The picture for “Picture” was not accepted: use a PNG, JPEG or WebP file.',
      ),
    );
    await page.user.click(screen.getByRole('button', { name: 'Cancel' }));
    await page.user.click(screen.getByRole('button', { name: 'Switch off: Free coffee' }));
    await page.until(() => expect(screen.getByText('“Free coffee” is switched off.')).toBeTruthy());
    expect(within(screen.getByTestId('reward-Free coffee')).getByText('Switched off')).toBeTruthy();
    expect(office.api().rewards.rewards[0]?.active).toBe(false);
  });

  it('a manager reads the rewards and the brand but has no buttons to change them', async () => {
    const page = await office.open('/office/#rewards', office.api().manager);
    await page.until(() => expect(screen.getByTestId('reward-Free coffee')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Add a reward' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit: Free coffee' })).toBeNull();
    await page.until(() => expect(screen.getByTestId('brand-form')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Save the brand' })).toBeNull();
    expect(screen.getByText(/Only the owner changes them/)).toBeTruthy();
  });
});

describe('office: the brand', () => {
  it('the owner changes the colours and the terms link; a colour too light is refused in words', async () => {
    const page = await office.open('/office/#rewards', office.api().owner);
    await page.until(() => expect(screen.getByTestId('brand-form')).toBeTruthy());
    expect(screen.getByTestId('brand-preview').textContent).toContain('Preview of the counter screen');
    const primary = screen.getByTestId('brand-primary_color') as HTMLInputElement;
    // A colour input takes its value as typed hex (the browser's picker sets it the same way).
    const setColour = async (value: string) => {
      const { fireEvent } = await import('@testing-library/react');
      fireEvent.input(primary, { target: { value } });
    };
    await setColour('#ffe066');
    expect(screen.getByText('Contrast on white: 1.3:1')).toBeTruthy();
    await page.user.click(screen.getByRole('button', { name: 'Save the brand' }));
    await page.until(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        '“Main colour” is too light to read on the counter screen. Choose a darker colour.',
      ),
    );
    await setColour('#123456');
    const terms = screen.getByLabelText(/^Terms and conditions/);
    await page.user.clear(terms);
    await page.user.type(terms, 'https://shop.example/terms');
    await page.user.click(screen.getByRole('button', { name: 'Save the brand' }));
    await page.until(() =>
      expect(
        screen.getByText('The brand is saved. Counter screens show it at their next customer.'),
      ).toBeTruthy(),
    );
    expect(office.api().rewards.brand.brand.primary_color).toBe('#123456');
    expect(office.api().rewards.brand.terms_url).toBe('https://shop.example/terms');
  });

  it('reads in Dutch', async () => {
    const page = await office.open('/office/#rewards', office.api().owner);
    await page.until(() => expect(screen.getByTestId('reward-Free coffee')).toBeTruthy());
    await page.user.click(screen.getByRole('button', { name: /Lees deze pagina in het Nederlands/ }));
    await page.until(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Beloningen en huisstijl' })).toBeTruthy(),
    );
    expect(screen.getByTestId('reward-Free coffee').textContent).toContain('50 punten · 100 op voorraad');
  });
});

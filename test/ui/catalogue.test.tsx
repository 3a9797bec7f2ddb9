import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Catalogue } from '../../src/ui/catalogue/catalogue';
import { CATALOGUE } from '../../src/ui/catalogue/entries';

/* The design system's catalogue page: each component drawn on its own (what each orientation's frame loads). */

afterEach(cleanup);

describe('the design system catalogue', () => {
  it.each(CATALOGUE.map((entry) => entry.name))('draws %s on its own', (name) => {
    render(<Catalogue show={name} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(name);
    expect(screen.getByRole('main').childElementCount).toBeGreaterThan(1);
  });

  it('the result template: hero, meaning, unlock line and a named progress bar', () => {
    render(<Catalogue show="Result: credits, unlocked, progress" />);
    expect(screen.getByTestId('result-unlock').textContent).toBe('You can now claim Free coffee');
    const bar = screen.getByRole('progressbar', { name: 'Only 341 credits to go to Coffee beans.' });
    expect(bar.getAttribute('aria-valuenow')).toBe('59');
  });
});

import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Every axe rule set: WCAG 2.0, 2.1 and 2.2 A/AA, best practices, and the experimental rules. */
export const AXE_TAGS = [
  'wcag2a',
  'wcag2aa',
  'wcag21a',
  'wcag21aa',
  'wcag22aa',
  'best-practice',
  'experimental',
];

/** No axe violation of any impact, with every rule set, on the current screen at its current size. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const found = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  const size = page.viewportSize();
  expect(found, `axe violations on ${page.url()} at ${size?.width}×${size?.height}`).toEqual([]);
}

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * The boundaries of .dependency-cruiser.cjs (run by `npm run lint`) fire: dependency-cruiser runs
 * with the project's rules on a small tree laid out like src/, where each file crosses one
 * boundary or stays inside them. (`import { type X }`, which loads the module under
 * verbatimModuleSyntax, counts as type-only here; Biome's useImportType, an error in biome.json,
 * rewrites it to `import type`.)
 */

const ROOT = join(import.meta.dirname, '..', '..');

/** File → its text; each import names what it tests. */
const TREE: Record<string, string> = {
  'src/kiosk/flows/prepaid/screen.tsx': "import { step } from '../vouchers/state';\nexport const s = step;",
  'src/kiosk/flows/prepaid/own.ts':
    "import { step } from './state';\nimport { cents } from '../../lib/money';\nexport const o = [step, cents];",
  'src/kiosk/flows/prepaid/state.ts': 'export const step = 1;',
  'src/kiosk/flows/vouchers/state.ts': 'export const step = 2;',
  'src/kiosk/lib/money.ts': 'export const cents = 1;',
  'src/kiosk/components/uses-ui.tsx': "import { tone } from '../../ui/result';\nexport const u = tone;",
  'src/ui/result.tsx': "import { cents } from '../kiosk/lib/money';\nexport const tone = cents;",
  'src/web/format.ts': 'export const format = 1;',
  'src/web/leaks.ts': "import { a } from '../cashier/lib/plain-values';\nexport const l = a;",
  'src/cashier/lib/from-kiosk.ts': "import { cents } from '../../kiosk/lib/money';\nexport const k = cents;",
  'src/me/lib/shared.ts':
    "import { format } from '../../web/format';\nimport { tone } from '../../ui/result';\nexport const s = [format, tone];",
  'src/office/lib/from-me.ts': "import { s } from '../../me/lib/shared';\nexport const o = s;",
  'src/kiosk/lib/runtime-zod.ts': "import { z } from 'zod';\nexport const n = z;",
  'src/kiosk/lib/type-zod.ts': "import type { z } from 'zod';\nexport type N = z.ZodType;",
  'src/kiosk/lib/runtime-contract.ts':
    "import { portalCard } from '../../contract/portal';\nexport const c = portalCard;",
  'src/kiosk/lib/type-contract.ts':
    "import type { PortalCard } from '../../contract/portal';\nexport type C = PortalCard;",
  'src/kiosk/lib/mixed-contract.ts':
    "import { portalCard, type PortalCard } from '../../contract/portal';\nexport const c: PortalCard = portalCard;",
  'src/kiosk/api/service.ts': "import { rule } from '../../service/domain/rules';\nexport const r = rule;",
  'src/cashier/lib/service.ts': "import { config } from '../../service/config';\nexport const c = config;",
  'src/cashier/lib/plain-values.ts':
    "import { RULES } from '../../contract/session-types';\nexport const a = RULES;",
  'src/contract/portal.ts':
    "import { z } from 'zod';\nexport const portalCard = z.object({});\nexport type PortalCard = z.infer<typeof portalCard>;",
  'src/contract/session-types.ts':
    "import type { PortalCard } from './portal';\nimport { z } from 'zod';\n" +
    'export const RULES: Record<string, PortalCard> = {};\nexport const n = z;',
  'src/service/domain/rules.ts': "import { route } from '../http/route';\nexport const rule = route;",
  'src/service/http/route.ts':
    "import { rule } from '../domain/rules';\nexport const route = 1;\nexport const r = rule;",
  'src/service/config.ts': 'export const config = {};',
  'tsconfig.json': JSON.stringify({ compilerOptions: { verbatimModuleSyntax: true, module: 'ESNext' } }),
};

let dir: string;
let violations: { rule: string; from: string; to: string }[];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'portal-boundaries-'));
  for (const [file, text] of Object.entries(TREE)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  // zod resolves as in the project.
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  const run = spawnSync(
    join(ROOT, 'node_modules', '.bin', 'depcruise'),
    ['src', '--config', join(ROOT, '.dependency-cruiser.cjs'), '--output-type', 'json'],
    { cwd: dir, encoding: 'utf8' },
  );
  expect(run.status, run.stderr).not.toBeNull();
  const result = JSON.parse(run.stdout) as {
    summary: { violations: { rule: { name: string }; from: string; to: string }[] };
  };
  violations = result.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the architecture boundaries (dependency-cruiser)', () => {
  it('an app importing another app fails (the office too); importing web/, ui/ and its own files is fine', () => {
    expect(violations.filter((v) => v.rule === 'app-imports-app')).toEqual([
      { rule: 'app-imports-app', from: 'src/cashier/lib/from-kiosk.ts', to: 'src/kiosk/lib/money.ts' },
      { rule: 'app-imports-app', from: 'src/office/lib/from-me.ts', to: 'src/me/lib/shared.ts' },
    ]);
  });

  it('web/ or the design system importing an app fails; an app importing them is fine', () => {
    expect(violations.filter((v) => v.rule === 'shared-imports-app')).toEqual([
      { rule: 'shared-imports-app', from: 'src/ui/result.tsx', to: 'src/kiosk/lib/money.ts' },
      { rule: 'shared-imports-app', from: 'src/web/leaks.ts', to: 'src/cashier/lib/plain-values.ts' },
    ]);
  });

  it('a kiosk flow importing another flow fails; within a flow and to lib/ is fine', () => {
    expect(violations.filter((v) => v.rule === 'flow-imports-flow')).toEqual([
      {
        rule: 'flow-imports-flow',
        from: 'src/kiosk/flows/prepaid/screen.tsx',
        to: 'src/kiosk/flows/vouchers/state.ts',
      },
    ]);
  });

  it('the domain importing http fails; http importing the domain is fine', () => {
    expect(violations.filter((v) => v.rule === 'domain-imports-http')).toEqual([
      { rule: 'domain-imports-http', from: 'src/service/domain/rules.ts', to: 'src/service/http/route.ts' },
    ]);
  });

  it('the kiosk or the cashier console importing the service fails', () => {
    expect(violations.filter((v) => v.rule === 'screen-imports-service')).toEqual([
      { rule: 'screen-imports-service', from: 'src/cashier/lib/service.ts', to: 'src/service/config.ts' },
      { rule: 'screen-imports-service', from: 'src/kiosk/api/service.ts', to: 'src/service/domain/rules.ts' },
    ]);
  });

  it('zod at run time in an app, directly or through a contract schema, fails; types only are fine', () => {
    // The table of session types is the apps' plain import: zod at run time in it fails too.
    expect(violations.filter((v) => v.rule === 'zod-in-screen-bundle')).toEqual([
      {
        rule: 'zod-in-screen-bundle',
        from: 'src/contract/session-types.ts',
        to: expect.stringMatching(/node_modules\/zod\//),
      },
      { rule: 'zod-in-screen-bundle', from: 'src/kiosk/lib/mixed-contract.ts', to: 'src/contract/portal.ts' },
      {
        rule: 'zod-in-screen-bundle',
        from: 'src/kiosk/lib/runtime-contract.ts',
        to: 'src/contract/portal.ts',
      },
      {
        rule: 'zod-in-screen-bundle',
        from: 'src/kiosk/lib/runtime-zod.ts',
        to: expect.stringMatching(/node_modules\/zod\//),
      },
    ]);
  });

  it('nothing else is reported', () => {
    expect(violations).toHaveLength(12);
  });
});

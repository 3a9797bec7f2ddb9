// The architecture's boundaries as checks (docs/architecture.md), run by `npm run lint`:
// dependency-cruiser fails on any import that crosses one. test/boundaries.test.ts proves each rule
// fires on a small violating tree.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'flow-imports-flow',
      comment: 'A kiosk flow stands alone; what two flows share lives in components/, hooks/ or lib/.',
      severity: 'error',
      from: { path: '^src/kiosk/flows/([^/]+)/' },
      to: { path: '^src/kiosk/flows/', pathNot: '^src/kiosk/flows/$1/' },
    },
    {
      name: 'ui-imports-front-end',
      comment:
        'The design system stands alone: the kiosk, the console and the phone page import src/ui, never the reverse.',
      severity: 'error',
      from: { path: '^src/ui/' },
      to: { path: '^src/(kiosk|cashier|me)/' },
    },
    {
      name: 'domain-imports-http',
      comment: 'Domain functions take plain data and a transaction; HTTP stays in http/.',
      severity: 'error',
      from: { path: '^src/service/domain/' },
      to: { path: '^src/service/http/' },
    },
    {
      name: 'screen-imports-service',
      comment: 'The kiosk, the cashier console and the /me/ page talk to the service over HTTP only.',
      severity: 'error',
      from: { path: '^src/(kiosk|cashier|me)/' },
      to: { path: '^src/service/' },
    },
    {
      name: 'zod-in-screen-bundle',
      comment:
        'The kiosk, console and /me/ page ship without zod: take only types from zod and src/contract ' +
        '(`import type`); the contract schemas build zod objects when loaded. ' +
        'session-types.ts, the table of session types, is plain data the console imports: it takes ' +
        'only types from zod and the contract itself.',
      severity: 'error',
      from: { path: ['^src/(kiosk|cashier|me|ui)/', '^src/contract/session-types\\.ts$'] },
      to: {
        path: ['^src/contract/', '(^|/)node_modules/zod/', '^zod($|/)'],
        pathNot: '^src/contract/session-types\\.ts$',
        dependencyTypesNot: ['type-only'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};

// The architecture's boundaries as checks (docs/architecture.md), run by `npm run lint`:
// dependency-cruiser fails on any import that crosses one. test/architecture/boundaries.test.ts proves each rule
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
      name: 'app-imports-app',
      comment:
        'A browser app (the kiosk, the console, /me/, the office) stands alone: what two of them share ' +
        'lives in src/web (logic: format, keypad, language, request, streams), src/ui (the design system) ' +
        'or src/contract (the API types).',
      severity: 'error',
      from: { path: '^src/(kiosk|cashier|me|office)/' },
      to: { path: '^src/(kiosk|cashier|me|office)/', pathNot: '^src/$1/' },
    },
    {
      name: 'shared-imports-app',
      comment: 'src/web and src/ui serve every browser app and so import none of them; the apps import them.',
      severity: 'error',
      from: { path: '^src/(web|ui)/' },
      to: { path: '^src/(kiosk|cashier|me|office)/' },
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
      comment: 'The browser apps (and what they share) talk to the service over HTTP only.',
      severity: 'error',
      from: { path: '^src/(kiosk|cashier|me|office|web|ui)/' },
      to: { path: '^src/service/' },
    },
    {
      name: 'zod-in-screen-bundle',
      comment:
        'The browser apps ship without zod: take only types from zod and src/contract ' +
        '(`import type`); the contract schemas build zod objects when loaded. ' +
        "session-types.ts, the table of session types, and routes.ts, the browser APIs' routes, are " +
        'plain data the apps import: they take only types from zod and the contract themselves.',
      severity: 'error',
      from: {
        path: ['^src/(kiosk|cashier|me|office|web|ui)/', '^src/contract/(session-types|routes)\\.ts$'],
      },
      to: {
        path: ['^src/contract/', '(^|/)node_modules/zod/', '^zod($|/)'],
        pathNot: '^src/contract/(session-types|routes)\\.ts$',
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

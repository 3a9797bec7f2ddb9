import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * The kiosk ships without zod: its schemas (src/contract) cost ~40 ms of the first screen to build
 * and run. The kiosk takes only TYPES from zod and from src/contract (`import type`); the service
 * checks every answer against the schemas in its own tests.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const KIOSK = join(ROOT, 'src', 'kiosk');
const CONTRACT = join(ROOT, 'src', 'contract');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Whether a module specifier of `file` names zod or a module of src/contract. */
function isForbidden(file: string, specifier: string): boolean {
  if (specifier === 'zod' || specifier.startsWith('zod/')) return true;
  if (!specifier.startsWith('.')) return false;
  const target = resolve(dirname(file), specifier);
  return target === CONTRACT || target.startsWith(`${CONTRACT}/`);
}

/**
 * Imports and re-exports of `file` that bring zod or the contract in at run time: anything but
 * `import type {…}` / `export type {…}` (`import { type X }` still loads the module under
 * verbatimModuleSyntax), including side-effect imports and import().
 */
function runtimeImports(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push(`${relative(ROOT, file)}:${line + 1}: ${node.getText(source).split('\n')[0]}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (isForbidden(file, node.moduleSpecifier.text) && !node.importClause?.isTypeOnly) report(node);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      if (isForbidden(file, node.moduleSpecifier.text) && !node.isTypeOnly) report(node);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0]) &&
      isForbidden(file, node.arguments[0].text)
    ) {
      report(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the kiosk has no zod at run time', () => {
  it('src/kiosk imports zod and src/contract only with `import type`', () => {
    const files = sourceFiles(KIOSK);
    expect(files.length).toBeGreaterThan(50);
    const offending = files.flatMap((file) => runtimeImports(file, readFileSync(file, 'utf8')));
    expect(
      offending,
      'These imports put zod (or the contract schemas, which build zod objects) into the kiosk bundle. ' +
        "Import only types: `import type { PortalSessionState } from '../../contract/portal'` or " +
        "`import type { z } from 'zod'`, and check input with a small plain function.",
    ).toEqual([]);
  });

  it('the check itself catches every way in', () => {
    const file = join(KIOSK, 'api', 'example.ts');
    const caught = (text: string) => runtimeImports(file, text).length;
    expect(caught("import { z } from 'zod';")).toBe(1);
    expect(caught("import * as z from 'zod/v4';")).toBe(1);
    expect(caught("import 'zod';")).toBe(1);
    expect(caught("import { portalCard } from '../../contract/portal';")).toBe(1);
    expect(caught("import { type PortalCard } from '../../contract/portal';")).toBe(1);
    expect(caught("export { portalCard } from '../../contract/portal';")).toBe(1);
    expect(caught("const m = await import('../../contract/portal');")).toBe(1);
    expect(caught("import type { z } from 'zod';")).toBe(0);
    expect(caught("import type { PortalCard } from '../../contract/portal';")).toBe(0);
    expect(caught("export type { PortalCard } from '../../contract/portal';")).toBe(0);
    expect(caught("import { portalCard } from '../contract/portal';")).toBe(0);
    expect(caught("import { useQuery } from '@tanstack/react-query';")).toBe(0);
  });
});

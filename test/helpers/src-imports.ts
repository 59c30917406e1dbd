import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const SRC = path.resolve(import.meta.dirname, '..', '..', 'src');

/**
 * What an import costs at run time. `static`: evaluated with the file that has it (`import … from`,
 * `import './x.js'`, `export … from`, `import x = require()`; also `import { type A } from`, which
 * verbatimModuleSyntax keeps as `import {} from`). `type`: gone at run time (`import type`,
 * `export type … from`, `import('./x.js').T`). `dynamic`: evaluated when its `import()` runs.
 */
export type ImportKind = 'static' | 'type' | 'dynamic';

export interface Import {
  /** The importing file, relative to src/. */
  file: string;
  line: number;
  /**
   * As written: `import`, `import type`, `import { type … }`, `side-effect import`, `export from`,
   * `export type from`, `import = require`, `import()`, `type import`.
   */
  form: string;
  kind: ImportKind;
  spec: string;
  /** The file of src/ a relative specifier names (`.js` read as `.ts`); undefined for a package. */
  to: string | undefined;
}

export interface FileImports {
  imports: Import[];
  /** `import()` calls whose module is not a string literal: where each is, no rule can see what they load. */
  unreadable: string[];
}

const resolve = (file: string, spec: string): string | undefined =>
  spec.startsWith('.') ? path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)).replace(/\.js$/, '.ts') : undefined;

/** Every import of a source text, in all its forms (file is its path relative to src/). */
export function importsIn(file: string, text: string): FileImports {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const result: FileImports = { imports: [], unreadable: [] };
  const lineOf = (node: ts.Node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  const add = (node: ts.Node, form: string, kind: ImportKind, specifier: ts.Node | undefined) => {
    if (specifier && ts.isStringLiteralLike(specifier))
      result.imports.push({ file, line: lineOf(node), form, kind, spec: specifier.text, to: resolve(file, specifier.text) });
    else
      result.unreadable.push(
        `src/${file}:${lineOf(node)}: ${node.getText(sf)}: the module is not a string literal, so no rule can check it`,
      );
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const typesOnly = !clause?.name && named && ts.isNamedImports(named) && named.elements.every((e) => e.isTypeOnly);
      const form = !clause ? 'side-effect import' : clause.isTypeOnly ? 'import type' : typesOnly ? 'import { type … }' : 'import';
      add(node, form, clause?.isTypeOnly ? 'type' : 'static', node.moduleSpecifier);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      add(node, node.isTypeOnly ? 'export type from' : 'export from', node.isTypeOnly ? 'type' : 'static', node.moduleSpecifier);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node, 'import = require', node.isTypeOnly ? 'type' : 'static', node.moduleReference.expression);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node, 'import()', 'dynamic', node.arguments[0]);
    } else if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      add(node, 'type import', 'type', ts.isLiteralTypeNode(arg) ? arg.literal : arg);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return result;
}

/** By file: its text when parsed, and what was found (a worker runs several test files, and reruns them in watch mode). */
const parsed = new Map<string, { text: string; found: FileImports }>();

/** The imports of a file of src/ (path relative to src/), each version of a file parsed once. */
export function importsOf(file: string): FileImports {
  const text = readFileSync(path.join(SRC, file), 'utf8');
  let seen = parsed.get(file);
  if (seen?.text !== text) parsed.set(file, (seen = { text, found: importsIn(file, text) }));
  return seen.found;
}

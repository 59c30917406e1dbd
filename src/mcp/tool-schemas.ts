import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { schemasOf, type ToolSchemas } from './describe.js';
import { TOOLS } from './tools/index.js';

/**
 * Every tool's schemas, by tool name. Rendering them from zod costs a server's start about
 * 120 ms (bench/README.md), so the build renders them once into a file beside the bundle
 * (scripts/build.mjs); the sources, unbuilt, render them when first asked. A test holds the
 * built file to what the sources render.
 */

export const SCHEMAS_FILE = 'mcp-tool-schemas.json';

export function renderToolSchemas(): Record<string, ToolSchemas> {
  return Object.fromEntries(TOOLS.map((t) => [t.name, schemasOf(t)]));
}

/** What the build writes. */
export function writeToolSchemas(file: string): void {
  writeFileSync(file, JSON.stringify(renderToolSchemas()));
}

let schemas: Record<string, ToolSchemas> | undefined;

export function toolSchemas(): Record<string, ToolSchemas> {
  return (schemas ??= built() ?? renderToolSchemas());
}

/** The file the build wrote beside the bundle; none beside the sources. */
function built(): Record<string, ToolSchemas> | undefined {
  if (typeof __dirname !== 'string' || !__dirname.endsWith('dist')) return undefined;
  try {
    return JSON.parse(readFileSync(path.join(__dirname, SCHEMAS_FILE), 'utf8')) as Record<string, ToolSchemas>;
  } catch {
    return undefined;
  }
}

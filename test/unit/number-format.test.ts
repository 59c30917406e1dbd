import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../src');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );

/** A count put into a message as it is (`${x.length} leads`), not through formatCount: 1234 leads next to 1,234 credits. */
const RAW_COUNT =
  /\$\{(?!n\(|formatCount\(|counted\()[\w.?]*(?:count|total|length|credits|rows|leads|added|charged|reserved|found|cost|max|limit)\w*\}\s(?:credit|lead|row|people|person|compan|search|request|list|run|call|error|contact|page|match|day)/gi;

describe('one number format', () => {
  it('every count a command or the CLI prints goes through formatCount', () => {
    const raw = [ROOT + '/cli', ROOT + '/commands'].flatMap(files).flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .flatMap((line, i) => [...line.matchAll(RAW_COUNT)].map((m) => `${path.relative(ROOT, f)}:${i + 1}: ${m[0]}`)),
    );
    expect(raw).toEqual([]);
  });
});

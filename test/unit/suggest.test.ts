import { describe, expect, it } from 'vitest';
import { closest } from '../../src/api/suggest.js';
import { oneOf } from '../../src/cli/parse.js';
import { runInProcess } from '../helpers/in-process.js';
import { tempDir } from '../helpers/temp-dir.js';
import { canonicalCompanyKey } from '../../src/api/schemas/values/search.js';
import { normalizeTitle } from '../../src/sandbox/engine/title-normalizer.js';
import { renderTemplate } from '../../src/sandbox/engine/email-templates.js';
import type { LeadRecord } from '../../src/sandbox/engine/lists.js';

describe('names of Object.prototype typed as values', () => {
  const tricky = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', '_ proto _'];

  it('closest never answers with something that is not an allowed value or a hint', () => {
    for (const bad of tricky) {
      const near = closest(bad, ['tool', 'key', 'day', 'error'], { vp: 'Vice President' });
      expect(near === undefined || typeof near === 'string', bad).toBe(true);
      if (near !== undefined) expect(['tool', 'key', 'day', 'error']).toContain(near);
    }
  });

  it('oneOf rejects them as usage errors', () => {
    for (const bad of tricky) expect(() => oneOf('--group-by', ['tool', 'key', 'day', 'error'])(bad)).toThrow(/--group-by does not accept/);
  });

  it('the CLI exits 2 with one line for --group-by constructor and --seniority __proto__', async () => {
    const env = {
      PROSPECT_BASE_URL: 'https://api.example.com',
      PROSPECT_API_KEY: `svcapi_${'q'.repeat(64)}`,
      PROSPECT_CONFIG_DIR: tempDir(),
    };
    for (const argv of [
      ['usage', '--group-by', 'constructor'],
      ['search', 'people', '--seniority', '__proto__'],
    ]) {
      const r = await runInProcess(argv, { env });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).not.toMatch(/native code|unexpected/);
    }
  });
});

describe('the same names where the sandbox reads data', () => {
  it('a company filter key, a title word and a template placeholder named like them are plain text', () => {
    expect(canonicalCompanyKey('constructor')).toBeUndefined();
    expect(normalizeTitle('Constructor')).toBe('Constructor');
    expect(normalizeTitle('VP toString')).not.toMatch(/native code|function/);
    const draft = renderTemplate(
      { subject: 'Hi {{constructor}}', body: '{{__proto__}}{{toString}}.' },
      { first_name: 'Ann' } as unknown as LeadRecord,
      'Sam',
    );
    expect(draft).toBe('Subject: Hi \n\n{{toString}}.');
  });
});

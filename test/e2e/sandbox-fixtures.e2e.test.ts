import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { BIN, isolatedEnv, spawnProspect } from '../helpers/binary.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * `prospect sandbox serve --fixtures FILE` and `sandbox start --fixtures FILE`, as a CI job runs
 * them. Spawns the built binary: serving runs until a signal, and start spawns serve.
 */

const CI_KEY = `svcapi_${'k'.repeat(64)}`;
const FIXTURES = {
  version: 1,
  organizations: [
    {
      name: 'Hooli CI',
      credits: 300,
      users: [{ email: 'ci@hooli.example', api_keys: [{ name: 'ci', secret: CI_KEY }] }],
      lists: [{ name: 'Seed leads', leads: [{ first_name: 'Gavin', last_name: 'Belson', email: 'gavin@hooli.example' }] }],
    },
  ],
};

function fixturesFile(content: unknown): string {
  const file = path.join(tempDir(), 'ci-fixtures.json');
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

describe('sandbox serve --fixtures', () => {
  it('serves the fixtures: a command with the fixture key sees its organization, balance and list', async () => {
    const env = isolatedEnv();
    const serve = execa(
      process.execPath,
      [BIN, 'sandbox', 'serve', '--json', '--people', '500', '--companies', '50', '--fixtures', fixturesFile(FIXTURES)],
      {
        env,
        extendEnv: false,
        reject: false,
        stdin: 'ignore',
      },
    );
    try {
      const ready = await new Promise<string>((resolve, reject) => {
        serve.stdout.on('data', (d: Buffer) => resolve(d.toString()));
        void serve.then((r) => reject(new Error(`serve exited ${r.exitCode}: ${String(r.stderr)}`)));
      });
      const { url } = JSON.parse(ready) as { url: string };
      const as = isolatedEnv({ PROSPECT_BASE_URL: url, PROSPECT_API_KEY: CI_KEY });
      const who = await spawnProspect(['whoami', '--json'], { env: as });
      expect(who.exitCode, who.stderr).toBe(0);
      expect(JSON.parse(who.stdout).organization_name).toBe('Hooli CI');
      const balance = await spawnProspect(['credits', 'balance', '--json'], { env: as });
      expect(JSON.parse(balance.stdout).credits).toBe(300);
      const leads = await spawnProspect(['lists', 'leads', 'Seed leads', '--json'], { env: as });
      expect(leads.exitCode, leads.stderr).toBe(0);
      expect(JSON.parse(leads.stdout).leads.map((l: { email: string }) => l.email)).toEqual(['gavin@hooli.example']);
    } finally {
      serve.kill('SIGTERM');
      await serve;
    }
  });

  it.each([
    [
      'a field of the wrong type',
      { version: 1, organizations: [{ name: 'X', credits: 'lots' }] },
      /^error: configuration: --fixtures .*ci-fixtures\.json: organizations\[0\]\.credits: Invalid input: expected number, received string\n$/,
    ],
    ['a file that is not JSON', '{"version": 1,', /^error: configuration: --fixtures .*ci-fixtures\.json: not valid JSON: .+\n$/],
  ])('refuses %s: exit 2 and one line naming the field, and nothing listens', async (_what, content, line) => {
    const r = await spawnProspect(['sandbox', 'serve', '--fixtures', fixturesFile(content)]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(line);
    expect(r.stdout).toBe('');
  });

  it('sandbox start with a bad file: exit 2, the same one line; with a good one the background sandbox has the fixtures', async () => {
    const env = isolatedEnv();
    const bad = await spawnProspect(['sandbox', 'start', '--fixtures', fixturesFile({ version: 1, organizations: [{ name: '' }] })], {
      env,
    });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(
      /^error: configuration: --fixtures .*ci-fixtures\.json: organizations\[0\]\.name: Too small: expected string to have >=1 characters\n$/,
    );

    try {
      const good = await spawnProspect(
        ['sandbox', 'start', '--people', '500', '--companies', '50', '--fixtures', fixturesFile(FIXTURES), '--json'],
        { env },
      );
      expect(good.exitCode, good.stderr).toBe(0);
      const { url } = JSON.parse(good.stdout) as { url: string };
      const who = await spawnProspect(['whoami', '--json'], { env: { ...env, PROSPECT_BASE_URL: url, PROSPECT_API_KEY: CI_KEY } });
      expect(JSON.parse(who.stdout).organization_name).toBe('Hooli CI');
      // Started again with fixtures while it runs: it says the running one keeps what it has.
      const twice = await spawnProspect(['sandbox', 'start', '--fixtures', fixturesFile(FIXTURES)], { env });
      expect(twice.exitCode, twice.stderr).toBe(0);
      expect(twice.stderr).toContain(
        'It keeps what it was started with: run `prospect sandbox stop`, then start it again to load the fixtures.',
      );
      // After a reset the fixtures are there again.
      expect((await spawnProspect(['sandbox', 'reset'], { env })).exitCode).toBe(0);
      const again = await spawnProspect(['credits', 'balance', '--json'], {
        env: { ...env, PROSPECT_BASE_URL: url, PROSPECT_API_KEY: CI_KEY },
      });
      expect(JSON.parse(again.stdout).credits).toBe(300);
    } finally {
      await spawnProspect(['sandbox', 'stop'], { env });
    }
  });
});

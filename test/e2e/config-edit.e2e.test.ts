import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isolatedEnv } from '../helpers/binary.js';
import { prospect, runInProcess } from '../helpers/in-process.js';
import type { Prompter } from '../../src/cli/prompt.js';

const KEY = `svcapi_${'k'.repeat(64)}`;

/** A config folder of its own holding `data` as config.json (as a user or an old version left it). */
function withConfig(data: unknown) {
  const env = isolatedEnv();
  const file = path.join(env.PROSPECT_CONFIG_DIR!, 'config.json');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, typeof data === 'string' ? data : JSON.stringify(data), { mode: 0o600 });
  return { env, file, saved: () => JSON.parse(readFileSync(file, 'utf8')) };
}

/** Someone at the terminal who answers every question with `answer`; `asked` keeps the questions. */
const person = (answer: boolean) => {
  const asked: string[] = [];
  const prompter: Prompter = { confirm: async (q) => (asked.push(q), answer), secret: async () => '', text: async () => '' };
  return { prompter, asked };
};

const twoProfiles = {
  current_profile: 'work',
  profiles: {
    default: { base_url: 'https://default.example', format: 'csv' },
    work: { base_url: 'https://work.example', api_key: KEY, max_cost: 50 },
  },
};

describe('config unset', () => {
  it('removes one setting of the chosen profile; the default profile then answers', async () => {
    const c = withConfig(twoProfiles);
    const r = await prospect(['config', 'unset', 'base_url'], { env: c.env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain(`Removed base_url from profile "work" in ${c.file}`);
    expect(c.saved().profiles.work).toEqual({ api_key: KEY, max_cost: 50 });
    expect(statSync(c.file).mode & 0o777).toBe(0o600);
    const get = await prospect(['config', 'get', 'max_cost', '--json'], { env: c.env });
    expect(JSON.parse(get.stdout)).toEqual({ key: 'max_cost', value: 50, source: 'profile' });

    const other = await prospect(['config', 'unset', 'format', '--profile', 'default'], { env: c.env });
    expect(other.exitCode, other.stderr).toBe(0);
    expect(c.saved().profiles.default).toEqual({ base_url: 'https://default.example' });
  });

  it('something not set exits 4 naming the key and the profile', async () => {
    const c = withConfig(twoProfiles);
    const r = await prospect(['config', 'unset', 'format'], { env: c.env });
    expect(r.exitCode).toBe(4);
    expect(r.stderr).toContain('format is not set for profile "work"');
    const none = await prospect(['config', 'unset', 'format', '--profile', 'nope'], { env: c.env });
    expect(none.exitCode).toBe(4);
    expect(none.stderr).toContain('format is not set for profile "nope"');
    expect(none.stderr).toContain('Profiles saved: default, work');
    expect(c.saved()).toEqual(twoProfiles);
  });

  it('current_profile is removed from the file; a second time exits 4', async () => {
    const c = withConfig(twoProfiles);
    expect((await prospect(['config', 'unset', 'current_profile'], { env: c.env })).exitCode).toBe(0);
    expect(c.saved().current_profile).toBeUndefined();
    expect((await prospect(['config', 'get', 'current_profile'], { env: c.env })).stdout).toBe('default\n');
    const again = await prospect(['config', 'unset', 'current_profile'], { env: c.env });
    expect(again.exitCode).toBe(4);
    expect(again.stderr).toContain('current_profile is not set');
  });

  it('refuses api_key and jwt, pointing to auth logout', async () => {
    const c = withConfig(twoProfiles);
    for (const key of ['api_key', 'jwt']) {
      const r = await prospect(['config', 'unset', key], { env: c.env });
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toContain(`${key} cannot be unset here`);
      expect(r.stderr).toContain('prospect auth logout');
    }
    expect(c.saved()).toEqual(twoProfiles);
  });

  it('has help with examples', async () => {
    const r = await prospect(['config', 'unset', '--help']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('prospect config unset max_cost');
    expect((await prospect(['config', '--help'])).stdout).toMatch(/unset[\s\S]*rm-profile|rm-profile[\s\S]*unset/);
  });
});

describe('config rm-profile', () => {
  it('asks on a terminal; yes removes the profile and clears current_profile when it was current', async () => {
    const c = withConfig(twoProfiles);
    const no = person(false);
    const declined = await runInProcess(['config', 'rm-profile', 'work'], { env: c.env, tty: true, prompter: no.prompter });
    expect(declined.code).toBe(10);
    expect(no.asked[0]).toContain('Remove profile "work" and its saved api_key');
    expect(c.saved()).toEqual(twoProfiles);

    const yes = person(true);
    const r = await runInProcess(['config', 'rm-profile', 'work'], { env: c.env, tty: true, prompter: yes.prompter });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`Removed profile "work" from ${c.file}`);
    expect(r.stderr).toContain('It was the current profile: current_profile is cleared');
    expect(c.saved()).toEqual({ profiles: { default: twoProfiles.profiles.default } });
  });

  it('without a terminal it needs --yes (exit 10); --yes removes a profile that is not current and keeps current_profile', async () => {
    const c = withConfig(twoProfiles);
    const r = await prospect(['config', 'rm-profile', 'default'], { env: c.env });
    expect(r.exitCode).toBe(10);
    expect(r.stderr).toContain('--yes');
    expect(c.saved()).toEqual(twoProfiles);
    const ok = await prospect(['config', 'rm-profile', 'default', '--yes'], { env: c.env });
    expect(ok.exitCode, ok.stderr).toBe(0);
    expect(ok.stderr).not.toContain('current profile');
    expect(c.saved()).toEqual({ current_profile: 'work', profiles: { work: twoProfiles.profiles.work } });
  });

  it('an unknown profile exits 4 listing the profiles saved', async () => {
    const c = withConfig(twoProfiles);
    const r = await prospect(['config', 'rm-profile', 'wrok', '--yes'], { env: c.env });
    expect(r.exitCode).toBe(4);
    expect(r.stderr).toContain(`no profile "wrok" in ${c.file}`);
    expect(r.stderr).toContain('Profiles saved: default, work');
    const empty = withConfig({ profiles: {} });
    const none = await prospect(['config', 'rm-profile', 'work', '--yes'], { env: empty.env });
    expect(none.exitCode).toBe(4);
    expect(none.stderr).toContain('No profiles are saved yet');
  });

  it('has help with examples', async () => {
    const r = await prospect(['config', 'rm-profile', '--help']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('prospect config rm-profile ci --yes');
  });
});

describe('config set current_profile', () => {
  it('refuses a profile that does not exist: exit 4 listing the profiles and how to create one', async () => {
    const c = withConfig(twoProfiles);
    const r = await prospect(['config', 'set', 'current_profile', 'wrok'], { env: c.env });
    expect(r.exitCode).toBe(4);
    expect(r.stderr).toContain(`no profile "wrok" in ${c.file}`);
    expect(r.stderr).toContain('Profiles saved: default, work');
    expect(r.stderr).toContain('prospect auth login --profile wrok');
    expect(c.saved()).toEqual(twoProfiles);
    const fresh = isolatedEnv();
    const none = await prospect(['config', 'set', 'current_profile', 'ci'], { env: fresh });
    expect(none.exitCode).toBe(4);
    expect(none.stderr).toContain('No profiles are saved yet');
  });

  it('accepts a saved profile, and default or sandbox', async () => {
    const c = withConfig(twoProfiles);
    for (const name of ['default', 'sandbox', 'work']) {
      const r = await prospect(['config', 'set', 'current_profile', name], { env: c.env });
      expect(r.exitCode, r.stderr).toBe(0);
      expect(c.saved().current_profile).toBe(name);
    }
  });
});

describe('a config file with values of the wrong type', () => {
  it('a read of the broken key names the file and the key; config set repairs it', async () => {
    const c = withConfig({ profiles: { work: { base_url: 42, format: 'csv' } }, current_profile: 'work' });
    const get = await prospect(['config', 'get', 'base_url'], { env: c.env });
    expect(get.exitCode).toBe(2);
    expect(get.stderr).toContain(`${c.file}: profiles.work.base_url is number 42, not a string`);
    expect(get.stderr).toContain('prospect config set base_url VALUE --profile work');
    const who = await prospect(['whoami'], { env: c.env });
    expect(who.exitCode).toBe(2);
    expect(who.stderr).toContain(`${c.file}: profiles.work.base_url`);
    expect(who.stderr).not.toMatch(/TypeError|at .*\.js/);
    // The environment is read before the file: the broken value is not in the way.
    const fromEnv = await prospect(['config', 'get', 'base_url'], { env: { ...c.env, PROSPECT_BASE_URL: 'https://env.example' } });
    expect(fromEnv.stdout).toBe('https://env.example\n');

    const set = await prospect(['config', 'set', 'base_url', 'https://work.example'], { env: c.env });
    expect(set.exitCode, set.stderr).toBe(0);
    expect(c.saved()).toEqual({ profiles: { work: { base_url: 'https://work.example', format: 'csv' } }, current_profile: 'work' });
    expect((await prospect(['config', 'get', 'base_url'], { env: c.env })).stdout).toBe('https://work.example\n');
  });

  it('config unset removes a value of the wrong type; other broken values stay as they were', async () => {
    const c = withConfig({ profiles: { work: { max_cost: 'lots', format: 'xml' }, other: { base_url: false } } });
    const ls = await prospect(['config', 'ls', '--json'], { env: c.env });
    expect(ls.exitCode, ls.stderr).toBe(0);
    expect(JSON.parse(ls.stdout).profiles.map((p: { profile: string }) => p.profile)).toEqual(['work', 'other']);
    expect(ls.stderr).toContain(`warning: ${c.file}: profiles.other.base_url is boolean false, not a string`);
    const bad = await prospect(['config', 'get', 'max_cost', '--profile', 'work'], { env: c.env });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(new RegExp(`${c.file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: profiles\\.work\\.(max_cost|format)`));
    expect((await prospect(['config', 'unset', 'max_cost', '--profile', 'work'], { env: c.env })).exitCode).toBe(0);
    const fmt = await prospect(['config', 'get', 'format', '--profile', 'work'], { env: c.env });
    expect(fmt.exitCode).toBe(2);
    expect(fmt.stderr).toContain(`${c.file}: profiles.work.format is "xml", not one of table, json, ndjson, csv, tsv`);
    expect((await prospect(['config', 'set', 'format', 'tsv', '--profile', 'work'], { env: c.env })).exitCode).toBe(0);
    expect(c.saved()).toEqual({ profiles: { work: { format: 'tsv' }, other: { base_url: false } } });
    const ok = await prospect(['config', 'get', 'format', '--profile', 'work'], { env: c.env });
    expect(ok.stdout, ok.stderr).toBe('tsv\n');
  });

  it('"profiles": [] names the key; config set replaces it with a warning', async () => {
    const c = withConfig({ profiles: [] });
    const get = await prospect(['config', 'get', 'format'], { env: c.env });
    expect(get.exitCode).toBe(2);
    expect(get.stderr).toContain(`${c.file}: profiles is a list, not an object of profiles`);
    const set = await prospect(['config', 'set', 'format', 'json', '--profile', 'work'], { env: c.env });
    expect(set.exitCode, set.stderr).toBe(0);
    expect(set.stderr).toContain(`warning: profiles in ${c.file} had the wrong type and was replaced`);
    expect(c.saved()).toEqual({ profiles: { work: { format: 'json' } } });
  });

  it('a profile that is not an object can be removed with rm-profile; a broken current_profile with config set', async () => {
    const c = withConfig({ current_profile: 7, profiles: { work: 'https://work.example', ok: { format: 'csv' } } });
    const get = await prospect(['config', 'get', 'format'], { env: c.env });
    expect(get.exitCode).toBe(2);
    expect(get.stderr).toContain(`${c.file}: current_profile is number 7, not a string`);
    const work = await prospect(['config', 'get', 'format', '--profile', 'work'], { env: c.env });
    expect(work.exitCode).toBe(2);
    expect(work.stderr).toContain(`${c.file}: profiles.work is string "https://work.example", not an object of settings`);
    expect(work.stderr).toContain('prospect config rm-profile work');
    expect((await prospect(['config', 'rm-profile', 'work', '--yes'], { env: c.env })).exitCode).toBe(0);
    expect((await prospect(['config', 'set', 'current_profile', 'ok'], { env: c.env })).exitCode).toBe(0);
    expect(c.saved()).toEqual({ current_profile: 'ok', profiles: { ok: { format: 'csv' } } });
    expect((await prospect(['config', 'get', 'format'], { env: c.env })).stdout).toBe('csv\n');
  });
});

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { control, openSandbox, SMALL_DATASET } from './helpers.js';
import { expectOk, post } from './search-helpers.js';
import { DEFAULT_DATASET_SIZE } from '../../src/sandbox/data/dataset.js';

/** The data set behind the search routes: seeded, sized, kept in the state and across resets. */

const BODY = { filters: { seniority: ['Director', 'Manager'] }, limit: 50 };

describe('determinism', () => {
  test('the same seed gives the same rows from two sandboxes; another seed gives others', async () => {
    const [a, b, c] = await Promise.all([openSandbox({ seed: 7 }), openSandbox({ seed: 7 }), openSandbox({ seed: 8 })]);
    try {
      const [ra, rb, rc] = await Promise.all([a, b, c].map(async (sb) => expectOk(await post(sb, '/people/find', BODY))));
      expect(ra.results).toEqual(rb.results);
      expect(ra.total).toBe(rb.total);
      expect(rc.results).not.toEqual(ra.results);
      const companies = await Promise.all(
        [a, c].map(async (sb) => expectOk(await post(sb, '/search/companies', { filters: { op: 'and', conditions: [] } }))),
      );
      expect(companies[0].results).not.toEqual(companies[1].results);
    } finally {
      await Promise.all([a, b, c].map((sb) => sb.close()));
    }
  });
});

describe('size', () => {
  test('the size option sizes the data set; a reset keeps it and another seed regenerates it', async () => {
    const sb = await openSandbox({ seed: 3 });
    try {
      expect(sb.services.dataset.size).toEqual(SMALL_DATASET);
      expect(sb.store.state.dataset_size).toEqual(SMALL_DATASET);
      const all = expectOk(await post(sb, '/search/companies', { filters: { op: 'and', conditions: [] } }));
      expect(all.total).toBe(SMALL_DATASET.companies);
      const first = sb.services.dataset;
      await control(sb, 'POST', '/reset');
      expect(sb.services.dataset).toBe(first);
      await control(sb, 'POST', '/reset', { seed: 4 });
      expect(sb.services.dataset.seed).toBe(4);
      expect(sb.services.dataset.size).toEqual(SMALL_DATASET);
      expect(sb.store.state.dataset_size).toEqual(SMALL_DATASET);
    } finally {
      await sb.close();
    }
  });

  test('a partial size fills in the default for the other count', async () => {
    const sb = await openSandbox({ dataset: { companies: 300 }, seed: 5 });
    try {
      expect(sb.store.state.dataset_size).toEqual({ people: DEFAULT_DATASET_SIZE.people, companies: 300 });
    } finally {
      await sb.close();
    }
  });

  test('the data set is generated once listening, before the first search', async () => {
    const sb = await openSandbox({ seed: 11 });
    try {
      expect(sb.services.datasetReady).toBe(false);
      await new Promise((r) => setImmediate(r));
      // Ready before any request asked for it.
      expect(sb.services.datasetReady).toBe(true);
      expectOk(await post(sb, '/people/find', BODY));
    } finally {
      await sb.close();
    }
  });
});

describe('state files', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'sandbox-dataset-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test('the size is saved in the state and a reload keeps it whatever the option says', async () => {
    const file = path.join(dir, 'state.json');
    const first = await openSandbox({ statePath: file, seed: 9 });
    const rows = expectOk(await post(first, '/people/find', BODY)).results;
    await first.close();
    expect(JSON.parse(readFileSync(file, 'utf8')).dataset_size).toEqual(SMALL_DATASET);
    const second = await openSandbox({ statePath: file, dataset: { people: 7000, companies: 700 } });
    try {
      expect(second.services.dataset.size).toEqual(SMALL_DATASET);
      expect(expectOk(await post(second, '/people/find', BODY)).results).toEqual(rows);
    } finally {
      await second.close();
    }
  });

  test('a state file written before the size was kept still loads (with the size asked for)', async () => {
    const file = path.join(dir, 'old.json');
    const first = await openSandbox({ statePath: file });
    await first.close();
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    delete saved.dataset_size;
    writeFileSync(file, JSON.stringify(saved));
    const second = await openSandbox({ statePath: file, dataset: { people: 4000, companies: 400 } });
    try {
      expect(second.services.dataset.size).toEqual({ people: 4000, companies: 400 });
      expect(second.demoKey).toBe(first.demoKey);
    } finally {
      await second.close();
    }
  });
});

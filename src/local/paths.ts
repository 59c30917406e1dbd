import path from 'node:path';

/** node:os when first used: loading it at start costs every command time. */
export const osModule = () => process.getBuiltinModule('node:os');

type Env = Record<string, string | undefined>;

/**
 * Where profiles live: PROSPECT_CONFIG_DIR, else the platform's config folder
 * ($XDG_CONFIG_HOME/prospect, ~/Library/Preferences/prospect, %APPDATA%\prospect).
 */
export function configDir(env: Env = process.env): string {
  if (env.PROSPECT_CONFIG_DIR) return path.resolve(env.PROSPECT_CONFIG_DIR);
  const home = osModule().homedir();
  if (process.platform === 'darwin') return path.join(home, 'Library', 'Preferences', 'prospect');
  if (process.platform === 'win32') return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'prospect', 'Config');
  return path.join(env.XDG_CONFIG_HOME || path.join(home, '.config'), 'prospect');
}

export function configFile(env: Env = process.env): string {
  return path.join(configDir(env), 'config.json');
}

/**
 * Where the sandbox keeps its runtime file (pid, port, demo key) and state snapshots:
 * PROSPECT_DATA_DIR, else $XDG_STATE_HOME/prospect (~/.local/state/prospect).
 */
export function dataDir(env: Env = process.env): string {
  if (env.PROSPECT_DATA_DIR) return path.resolve(env.PROSPECT_DATA_DIR);
  const home = osModule().homedir();
  if (process.platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'prospect');
  if (process.platform === 'win32') return path.join(env.LOCALAPPDATA ?? path.join(home, 'AppData', 'Local'), 'prospect', 'Data');
  return path.join(env.XDG_STATE_HOME || path.join(home, '.local', 'state'), 'prospect');
}

export function sandboxRuntimeFile(env: Env = process.env): string {
  return path.join(dataDir(env), 'sandbox.json');
}

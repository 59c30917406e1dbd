import os from 'node:os';
import path from 'node:path';

type Env = Record<string, string | undefined>;

export const MCP_CLIENTS = ['claude-desktop', 'claude-code', 'cursor', 'vscode'] as const;
export type McpClient = (typeof MCP_CLIENTS)[number];

/** A stdio server entry as the clients read it: the program and its words, no secrets (the server reads the profile's). */
export interface ServerEntry {
  type?: 'stdio';
  command: string;
  args: string[];
  env?: Record<string, string>;
}

interface ClientSpec {
  /** As people know the program, for messages. */
  title: string;
  /** The top-level key holding the servers by name. */
  serversKey: 'mcpServers' | 'servers';
  /** The settings file the client reads when none is named. */
  file(env: Env): string;
  /** The entry in this client's shape. */
  entry(command: string, args: string[]): ServerEntry;
  /** What makes the client load a changed file. */
  reload: string;
  /** Its files may hold comments (JSONC), which JSON.parse refuses. */
  comments?: boolean;
}

const home = (env: Env) => env.HOME || env.USERPROFILE || os.homedir();

/** Claude Desktop's file: Application Support on macOS, %APPDATA% on Windows, the XDG config folder elsewhere. */
function claudeDesktopFile(env: Env): string {
  if (process.platform === 'darwin') return path.join(home(env), 'Library', 'Application Support', 'Claude', 'claude_desktop_config.json');
  if (process.platform === 'win32')
    return path.join(env.APPDATA || path.join(home(env), 'AppData', 'Roaming'), 'Claude', 'claude_desktop_config.json');
  const xdg = env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : path.join(home(env), '.config');
  return path.join(xdg, 'Claude', 'claude_desktop_config.json');
}

export const CLIENTS: Record<McpClient, ClientSpec> = {
  'claude-desktop': {
    title: 'Claude Desktop',
    serversKey: 'mcpServers',
    file: claudeDesktopFile,
    entry: (command, args) => ({ command, args }),
    reload: 'Quit and reopen Claude Desktop to load it.',
  },
  'claude-code': {
    title: 'Claude Code',
    serversKey: 'mcpServers',
    file: () => path.resolve('.mcp.json'),
    entry: (command, args) => ({ type: 'stdio', command, args, env: {} }),
    reload: 'Restart Claude Code in this folder to load it (it asks once to approve the servers of a project file).',
  },
  cursor: {
    title: 'Cursor',
    serversKey: 'mcpServers',
    file: (env) => path.join(home(env), '.cursor', 'mcp.json'),
    entry: (command, args) => ({ command, args }),
    reload: 'Restart Cursor (or turn the server off and on in its MCP settings) to load it.',
  },
  vscode: {
    title: 'VS Code',
    serversKey: 'servers',
    file: () => path.resolve('.vscode', 'mcp.json'),
    entry: (command, args) => ({ type: 'stdio', command, args }),
    reload: 'Reload the VS Code window (Developer: Reload Window) to load it.',
    comments: true,
  },
};

/** The whole settings file of a client holding this one entry: what `--write` merges. */
export function snippet(client: McpClient, name: string, entry: ServerEntry): Record<string, Record<string, ServerEntry>> {
  return { [CLIENTS[client].serversKey]: { [name]: entry } };
}

import type { Readable, Writable } from 'node:stream';
import { usageError } from './errors.js';

/** Every prompt names the flag or stdin form that replaces it, for scripts and CI. */
export interface Prompter {
  confirm(question: string, opts: { flag: string; defaultYes?: boolean }): Promise<boolean>;
  secret(question: string, opts: { flag: string }): Promise<string>;
  text(question: string, opts: { flag: string }): Promise<string>;
}

export interface PromptIO {
  stdin: Readable;
  stderr: Writable;
  interactive: boolean;
}

export function createPrompter(io: PromptIO): Prompter {
  const needTty = (flag: string) => {
    if (!io.interactive) throw usageError('this needs an answer and no terminal is attached', `Pass ${flag}.`);
  };
  const ask = async (question: string, hidden: boolean): Promise<string> => {
    const readline = await import('node:readline');
    return new Promise<string>((resolve, reject) => {
      const rl = readline.createInterface({ input: io.stdin, output: io.stderr, terminal: true });
      if (hidden) {
        // Echo nothing while the secret is typed.
        (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
          if (s.includes(question)) io.stderr.write(s);
        };
      }
      rl.on('SIGINT', () => {
        rl.close();
        io.stderr.write('\n');
        const e = new Error('interrupted');
        e.name = 'AbortError';
        reject(e);
      });
      rl.question(question, (answer) => {
        rl.close();
        if (hidden) io.stderr.write('\n');
        resolve(answer);
      });
    });
  };
  return {
    async confirm(question, { flag, defaultYes = false }) {
      needTty(flag);
      const answer = (await ask(`${question} ${defaultYes ? '[Y/n]' : '[y/N]'} `, false)).trim().toLowerCase();
      if (answer === '') return defaultYes;
      return answer === 'y' || answer === 'yes';
    },
    async secret(question, { flag }) {
      needTty(flag);
      return (await ask(question, true)).trim();
    },
    async text(question, { flag }) {
      needTty(flag);
      return (await ask(question, false)).trim();
    },
  };
}

/** Reads all of stdin (for --with-token, --input -). */
export async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(typeof c === 'string' ? Buffer.from(c) : (c as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** The text of a flag's file, or of stdin for `-`; an unreadable file exits 2 naming the flag. */
export async function readTextFile(flag: string, file: string, stdin: Readable): Promise<string> {
  try {
    return file === '-' ? await readAll(stdin) : await (await import('node:fs/promises')).readFile(file, 'utf8');
  } catch (e) {
    throw usageError(
      `cannot read ${flag} ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
      'Give a readable file, or - for stdin.',
    );
  }
}

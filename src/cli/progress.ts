import type { Writable } from 'node:stream';

/**
 * A spinner on stderr while something waits. Only on a TTY and without --quiet; otherwise
 * nothing animated is written (ora is loaded only when it will actually spin).
 */
export interface Progress {
  start(text: string): Promise<void>;
  update(text: string): void;
  succeed(text: string): void;
  fail(text: string): void;
  stop(): void;
}

interface Spinner {
  text: string;
  start(): Spinner;
  stop(): Spinner;
  succeed(text?: string): Spinner;
  fail(text?: string): Spinner;
}

export function createProgress(opts: { stderr: Writable; enabled: boolean; color: boolean }): Progress {
  let spinner: Spinner | undefined;
  return {
    async start(text) {
      // A terminal reporting 0 columns (a pty without a size) would make ora clear Infinity lines: a hang.
      if (!opts.enabled || (opts.stderr as { columns?: number }).columns === 0) return;
      const { default: ora } = await import('ora');
      spinner = ora({ text, stream: opts.stderr as NodeJS.WritableStream, color: opts.color ? 'cyan' : false, isEnabled: true }).start() as unknown as Spinner;
    },
    update(text) {
      if (spinner) spinner.text = text;
    },
    succeed(text) {
      spinner?.succeed(text);
      spinner = undefined;
    },
    fail(text) {
      spinner?.fail(text);
      spinner = undefined;
    },
    stop() {
      spinner?.stop();
      spinner = undefined;
    },
  };
}

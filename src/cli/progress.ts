import type { Writable } from 'node:stream';

/**
 * A spinner on stderr while something waits. Only on a TTY and without --quiet; otherwise
 * nothing animated is written (ora is loaded only when it will actually spin).
 */
export interface Progress {
  start(text: string): Promise<void>;
  /** The spinner's text; clears a note. */
  update(text: string): void;
  /**
   * Names a wait on the spinner line ("waiting 14 s for the rate limit ..."), until the next
   * update or an empty note. False when no spinner shows: the caller prints a line instead.
   */
  note(text?: string): boolean;
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
  let text = '';
  const render = (note?: string) => {
    if (spinner) spinner.text = note ? `${text} · ${note}` : text;
  };
  return {
    async start(first) {
      text = first;
      // A terminal reporting 0 columns (a pty without a size) would make ora clear Infinity lines: a hang.
      if (!opts.enabled || (opts.stderr as { columns?: number }).columns === 0) return;
      const { default: ora } = await import('ora');
      // discardStdin off: ora would put the terminal in raw mode, and a never-read stdin then
      // swallows Ctrl-C (the key no longer becomes SIGINT, and ora's own handler never sees it).
      spinner = ora({ text, stream: opts.stderr, color: opts.color ? 'cyan' : false, isEnabled: true, discardStdin: false }).start();
    },
    update(next) {
      text = next;
      render();
    },
    note(note) {
      render(note);
      return spinner !== undefined;
    },
    succeed(done) {
      spinner?.succeed(done);
      spinner = undefined;
    },
    fail(failed) {
      spinner?.fail(failed);
      spinner = undefined;
    },
    stop() {
      spinner?.stop();
      spinner = undefined;
    },
  };
}

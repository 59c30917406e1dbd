import { PassThrough, Readable } from 'node:stream';

/** A writable that remembers everything written, as a user would see it. */
export class Capture extends PassThrough {
  text = '';
  constructor() {
    super();
    this.on('data', (c: Buffer) => (this.text += c.toString('utf8')));
  }
}

export function stdinOf(text: string | undefined): Readable {
  return Readable.from(text === undefined ? [] : [Buffer.from(text)]);
}

import { PassThrough } from 'node:stream';

export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/**
 * The server's JSON log lines, captured from the stream handed to buildApp({ logStream }), and a
 * wait for a line to arrive: a test waits on the event it expects, not on a guessed time (a
 * loaded machine's heartbeats come late; the test's own timeout bounds the wait).
 */
export class LogLines {
  readonly stream = new PassThrough();
  readonly lines: LogLine[] = [];
  private waiting: { match: (line: LogLine) => boolean; resolve: (line: LogLine) => void }[] = [];

  constructor() {
    this.stream.on('data', (chunk: Buffer) => {
      for (const text of chunk.toString().split('\n').filter(Boolean)) this.add(JSON.parse(text));
    });
  }

  some(match: (line: LogLine) => boolean): boolean {
    return this.lines.some(match);
  }

  /** The first line from index `from` on (all lines by default) that matches, once it is logged. */
  next(match: (line: LogLine) => boolean, from = 0): Promise<LogLine> {
    const seen = this.lines.slice(from).find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiting.push({ match, resolve }));
  }

  private add(line: LogLine): void {
    this.lines.push(line);
    const met = this.waiting.filter((w) => w.match(line));
    this.waiting = this.waiting.filter((w) => !met.includes(w));
    for (const w of met) w.resolve(line);
  }
}

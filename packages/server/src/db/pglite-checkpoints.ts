/**
 * PGlite runs PostgreSQL as one backend without a checkpointer: left alone it checkpoints only when
 * it closes. A server that runs for weeks would keep every write-ahead log segment written since it
 * started, and a stop that does not close the database (SIGKILL, out of memory, power loss) would
 * make the next start replay all of it (270 MB of log: 22 s to open instead of 2). Checkpoints on a
 * schedule, as PostgreSQL's checkpointer makes them, bound both: at most `maxAgeMs` after a write,
 * or sooner once `maxLogBytes` of log are written.
 */
export interface CheckpointPolicy {
  /** How often the log position is looked at. */
  checkEveryMs: number;
  /** A write is checkpointed at most this long after the last checkpoint (PostgreSQL: 5 min). */
  maxAgeMs: number;
  /** This much log since the last checkpoint makes one at the next look. */
  maxLogBytes: number;
}

export const DEFAULT_CHECKPOINT_POLICY: CheckpointPolicy = {
  checkEveryMs: 30_000,
  maxAgeMs: 5 * 60_000,
  // One WAL segment: what a restart after a crash replays is then seconds, not minutes.
  maxLogBytes: 16 * 1024 * 1024,
};

/** Runs one SQL statement on the embedded database and answers its rows. */
export type PgliteQuery = (sql: string) => Promise<Record<string, unknown>[]>;

/** `0/1A2B3C` → its byte position. */
function parseLsn(text: string): bigint {
  const [high, low] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

export class CheckpointSchedule {
  /**
   * The log position right after the last checkpoint, and when it was made; until the first look,
   * the checkpoint the database opened on and the time of opening.
   */
  private checkpointedAt: { lsn: bigint; time: number } | undefined;
  private readonly openedAt = Date.now();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly query: PgliteQuery,
    private readonly policy: CheckpointPolicy = DEFAULT_CHECKPOINT_POLICY,
  ) {}

  /** Looks every `checkEveryMs` (without keeping the process alive); failures go to `onError`. */
  start(onError: (error: unknown) => void): void {
    this.timer = setInterval(() => {
      // After the previous look, however long the database kept it waiting.
      this.running = this.running.then(() => this.checkpointIfDue()).catch(onError);
    }, this.policy.checkEveryMs);
    this.timer.unref();
  }

  /** No more looks; waits for a checkpoint in progress, so that the database can close after. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Makes a checkpoint if the log moved as far or as long as the policy allows; true if it did. */
  async checkpointIfDue(now = Date.now()): Promise<boolean> {
    const lsn = await this.insertPosition();
    this.checkpointedAt ??= { lsn: await this.redoPosition(), time: this.openedAt };
    const last = this.checkpointedAt;
    const written = lsn - last.lsn;
    const due =
      written >= this.policy.maxLogBytes || (written > 0n && now - last.time >= this.policy.maxAgeMs);
    if (!due) return false;
    await this.query('CHECKPOINT');
    this.checkpointedAt = { lsn: await this.insertPosition(), time: now };
    return true;
  }

  private async insertPosition(): Promise<bigint> {
    const [row] = await this.query('SELECT pg_current_wal_insert_lsn()::text AS lsn');
    return parseLsn(row.lsn as string);
  }

  /** Where a recovery would start now: the latest checkpoint's redo position. */
  private async redoPosition(): Promise<bigint> {
    const [row] = await this.query('SELECT redo_lsn::text AS lsn FROM pg_control_checkpoint()');
    return parseLsn(row.lsn as string);
  }
}

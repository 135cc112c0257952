import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/connect.js';
import { localPaySettings } from '../../../db/schema.js';

/**
 * The sandbox's one settings row: its webhook secret, made once and kept (a restart still verifies
 * deliveries signed before it), and the sandbox clock's offset. Nodes starting together race on
 * the insert; the row that won is the one every node reads.
 */
export async function loadSettings(db: Db): Promise<{ webhookSecret: string; clockOffsetSeconds: number }> {
  await db
    .insert(localPaySettings)
    .values({ id: 1, webhookSecret: `lps_${randomBytes(32).toString('hex')}` })
    .onConflictDoNothing();
  const [row] = await db.select().from(localPaySettings).where(eq(localPaySettings.id, 1));
  if (!row) throw new Error('local payment settings missing');
  return { webhookSecret: row.webhookSecret, clockOffsetSeconds: Number(row.clockOffsetSeconds) };
}

/**
 * An instant of the sandbox. Its records keep sandbox times; what it tells the app (events,
 * previews) is in real time — the sandbox time less the offset at that moment — so moving the
 * clock forward reads, outside, as periods, trials and retries that ended earlier: the app's
 * limits, which follow real time, see a period end pass.
 */
export interface Moment {
  now: Date;
  real: Date;
  offsetMs: number;
}

/**
 * The sandbox clock: real time plus an offset staff move forward to reach renewals, trials and
 * dunning retries without waiting. Stored, so every node and every restart agree on it.
 */
export class SandboxClock {
  constructor(
    private readonly db: Db,
    private readonly realNow: () => number,
  ) {}

  async offsetSeconds(): Promise<number> {
    const [row] = await this.db
      .select({ offset: localPaySettings.clockOffsetSeconds })
      .from(localPaySettings)
      .where(eq(localPaySettings.id, 1));
    return Number(row?.offset ?? 0);
  }

  async now(): Promise<Date> {
    return (await this.moment()).now;
  }

  /** The sandbox's now, and how to tell its times to the rest of the app. */
  async moment(): Promise<Moment> {
    const real = this.realNow();
    const offsetMs = (await this.offsetSeconds()) * 1000;
    return { now: new Date(real + offsetMs), real: new Date(real), offsetMs };
  }

  /** Moves the clock forward (never back: periods already billed stay billed). */
  async advance(seconds: number): Promise<Date> {
    await loadSettings(this.db);
    await this.db
      .update(localPaySettings)
      .set({ clockOffsetSeconds: sql`${localPaySettings.clockOffsetSeconds} + ${Math.trunc(seconds)}` })
      .where(eq(localPaySettings.id, 1));
    return this.now();
  }
}

import type { Readable, Writable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { ApiError } from '../../platform/errors.js';
import { setRetryHeaders } from '../../platform/retry-headers.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The generation streams open on this node. */
    streams: StreamGate;
  }
}

/** How many streams may be open at once: per key, and on this node in all. */
export interface StreamBounds {
  streamsPerKey: number;
  streamsPerNode: number;
}

/** One open stream as the gate sees it: whose it is, how far its producer got, what it holds. */
export class OpenStream {
  /** Slugs produced so far (rendered, and for mint reserved). */
  produced = 0;
  /** The stream's body, once made. */
  source?: Readable;

  constructor(
    readonly keyId: string,
    private readonly response: Writable,
  ) {}

  /** Bytes this process holds for the stream: produced but not yet handed to the kernel. */
  buffered(): number {
    return (this.source?.readableLength ?? 0) + this.response.writableLength;
  }

  /** Whether the connection takes no more until it drains (its client is not reading). */
  blocked(): boolean {
    return this.response.writableNeedDrain;
  }
}

/**
 * Seconds a refused caller is asked to wait: a stream ends when its client has read it, which the
 * server cannot predict, so this is a polite pause rather than a promise.
 */
export const STREAM_RETRY_AFTER_S = 5;

export const StreamMessages = {
  perKey: (max: number) => `Too many streams open at once for this key (maximum: ${max})`,
  perNode: 'Too many streams open on this server; try again shortly',
} as const;

/**
 * Counts the streams open on this node. A stream holds a connection, a producer and its buffers
 * until its client has read it all, so an unread stream costs memory for as long as the client
 * likes: the gate bounds how many one key, and everyone together, may hold.
 */
export class StreamGate {
  private readonly open = new Set<OpenStream>();
  private readonly perKey = new Map<string, number>();

  constructor(private readonly bounds: StreamBounds) {}

  get size(): number {
    return this.open.size;
  }

  /** The streams open now (a copy). */
  list(): OpenStream[] {
    return [...this.open];
  }

  /**
   * Admits a stream for `keyId`, released when the answer ends or its connection closes; or
   * throws a 429 with Retry-After (set on `reply`).
   */
  admit(keyId: string, reply: FastifyReply): OpenStream {
    const held = this.perKey.get(keyId) ?? 0;
    if (held >= this.bounds.streamsPerKey) {
      throw refusal(
        reply,
        StreamMessages.perKey(this.bounds.streamsPerKey),
        'streams_per_key',
        this.bounds.streamsPerKey,
      );
    }
    if (this.open.size >= this.bounds.streamsPerNode) {
      throw refusal(reply, StreamMessages.perNode, 'streams_per_node', this.bounds.streamsPerNode);
    }
    const stream = new OpenStream(keyId, reply.raw);
    this.open.add(stream);
    this.perKey.set(keyId, held + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.open.delete(stream);
      const left = (this.perKey.get(keyId) ?? 1) - 1;
      if (left > 0) this.perKey.set(keyId, left);
      else this.perKey.delete(keyId);
    };
    // 'close' comes once the answer is sent or the connection is gone (read or not).
    reply.raw.once('close', release);
    return stream;
  }
}

function refusal(reply: FastifyReply, message: string, limit: string, max: number): ApiError {
  setRetryHeaders(reply, 'rate-limit-exceeded', STREAM_RETRY_AFTER_S);
  return new ApiError(429, message, {
    reason: 'rate-limit-exceeded',
    retry_after: STREAM_RETRY_AFTER_S,
    limit,
    max,
  });
}

import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';

/**
 * Counts the round trips the nodes wait for, over the forwarders that share it: one starts when a
 * node sends while it awaits no answer on any connection (what goes out together is one round).
 * With a lone client it is the round trips per request, background work of the nodes included.
 */
export class RoundTrips {
  /** Connections that sent and await an answer, with when they sent. */
  private readonly awaiting = new Map<Socket, number>();
  count = 0;

  sent(connection: Socket): void {
    const now = performance.now();
    // A send that never gets an answer (a listening or blocking connection) does not hold rounds open.
    for (const [other, since] of this.awaiting) if (now - since > STALE_MS) this.awaiting.delete(other);
    if (this.awaiting.size === 0) this.count++;
    if (!this.awaiting.has(connection)) this.awaiting.set(connection, now);
  }

  answered(connection: Socket): void {
    this.awaiting.delete(connection);
  }
}

const STALE_MS = 1_000;

/**
 * A TCP forwarder that holds every chunk for half a round trip in each direction: the network
 * between the nodes and PostgreSQL or Redis, with the latency of a real one. (tc netem would do it
 * in the kernel; the kernels of sandboxed CI machines often lack sch_netem, this runs anywhere.)
 * Timers of one duration fire in the order they were set, so each stream keeps its order.
 */
export class DelayingProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private halfRttMs = 0;

  constructor(
    private readonly target: { host: string; port: number },
    private readonly roundTrips?: RoundTrips,
  ) {}

  /** Listens on a free loopback port; returns it. */
  async start(): Promise<number> {
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const [from, to] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        this.sockets.add(from);
        from.setNoDelay(true);
        from.on('data', (chunk) => {
          if (from === client) this.roundTrips?.sent(client);
          else this.roundTrips?.answered(client);
          if (this.halfRttMs === 0) to.write(chunk);
          else setTimeout(() => to.write(chunk), this.halfRttMs);
        });
        from.on('close', () => {
          this.sockets.delete(from);
          setTimeout(() => to.destroy(), this.halfRttMs);
        });
        from.on('error', () => from.destroy());
      }
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  }

  /** The round trip added from now on (connections already open included). */
  setRtt(ms: number): void {
    this.halfRttMs = ms / 2;
  }

  async stop(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server?.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}

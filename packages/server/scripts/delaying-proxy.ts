import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';

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

  constructor(private readonly target: { host: string; port: number }) {}

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

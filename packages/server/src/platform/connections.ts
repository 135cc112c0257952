import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionCaps {
  /** Open connections of the whole server. */
  total: number;
  /** Open connections from one peer address; 0: no cap. */
  perAddress: number;
}

/** File descriptors kept for what is not a client connection: database, Redis, files, logs. */
const RESERVED_DESCRIPTORS = 256;

/**
 * The process's soft limit of open files (`ulimit -n`), read from Linux's /proc; undefined where
 * that is not available.
 */
export function openFileLimit(limitsText?: string): number | undefined {
  let text = limitsText;
  if (text === undefined) {
    try {
      text = readFileSync('/proc/self/limits', 'utf8');
    } catch {
      return undefined;
    }
  }
  const match = /^Max open files\s+(\d+|unlimited)/m.exec(text);
  if (!match || match[1] === 'unlimited') return undefined;
  return Number(match[1]);
}

/**
 * The total cap this process can keep: every connection is a file descriptor, and a server that
 * runs out of them cannot open its database or accept the next client either.
 */
export function effectiveTotalCap(configured: number, fileLimit: number | undefined): number {
  if (fileLimit === undefined) return configured;
  return Math.max(1, Math.min(configured, fileLimit - RESERVED_DESCRIPTORS));
}

/**
 * What the per-address cap counts a peer by: an IPv4 address (also IPv4-mapped IPv6) as itself,
 * an IPv6 address by its /64 network, since one subscriber is usually given a whole /64 and could
 * otherwise open the cap's worth from each of its addresses.
 */
export function peerKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1] as string;
  if (!address.includes(':')) return address;
  const bare = address.split('%')[0] as string; // without a zone (fe80::1%eth0)
  const [head = '', tail] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // `::` stands for as many zero groups as make eight.
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}

/**
 * Caps the connections `server` keeps open: beyond `total` Node drops new ones itself; beyond
 * `perAddress` from one peer (an IPv6 peer by its /64), the new connection is destroyed before
 * any byte of it is read. The peer is the TCP peer: behind a proxy that is the proxy (set the cap
 * at the proxy instead).
 */
export function capConnections(server: Server, caps: ConnectionCaps): void {
  server.maxConnections = caps.total;
  if (caps.perAddress <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    // A socket already closed by its peer has no address: nothing to count.
    if (socket.remoteAddress === undefined) return;
    const address = peerKey(socket.remoteAddress);
    const count = (open.get(address) ?? 0) + 1;
    if (count > caps.perAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

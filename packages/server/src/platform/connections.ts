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
 * Caps the connections `server` keeps open: beyond `total` Node drops new ones itself; beyond
 * `perAddress` from one peer, the new connection is destroyed before any byte of it is read.
 * The peer is the TCP peer: behind a proxy that is the proxy (set the cap at the proxy instead).
 */
export function capConnections(server: Server, caps: ConnectionCaps): void {
  server.maxConnections = caps.total;
  if (caps.perAddress <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    // A socket already closed by its peer has no address: nothing to count.
    if (address === undefined) return;
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

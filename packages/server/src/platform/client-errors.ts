import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ErrorMessages } from '@slugsmith/contract';

/** What Node reports about a client before any request of it reached a route. */
function refusalOf(code: string | undefined): { status: number; message: string } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: ErrorMessages.requestTimeout };
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: ErrorMessages.headersTooLarge };
  return { status: 400, message: ErrorMessages.badRequest };
}

/**
 * Answers a client Node gives up on (its headers or request not received in time, headers too
 * large, bytes that are not HTTP) in the house's error format, then closes the connection. No
 * route ran, so no hook does either; nothing is logged, since thousands of these are what a
 * slow-client attack looks like.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const { status, message } = refusalOf(error.code);
    const body = JSON.stringify({ code: status, message });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

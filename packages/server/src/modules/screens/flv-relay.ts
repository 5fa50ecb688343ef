import { Readable } from 'node:stream';
import WebSocket from 'ws';

/** how long a media server has to accept the WebSocket before the tile is told the stream is down */
const openTimeoutMs = 10_000;

/**
 * A WebSocket-FLV camera as one byte stream, which the player reads as HTTP-FLV: each binary
 * message is the next piece of the FLV. Back-pressure reaches the media server: while the player
 * is behind, the socket is paused. Answers undefined when the socket cannot be opened in time or is
 * refused; a socket that closes later ends the stream, and a stream closed by the player (or
 * `signal`) closes the socket.
 */
export const relayWebSocketFlv = (url: string, signal: AbortSignal): Promise<Readable | undefined> =>
  new Promise((resolve) => {
    const socket = new WebSocket(url, { handshakeTimeout: openTimeoutMs, perMessageDeflate: false });
    socket.binaryType = 'nodebuffer';
    const out = new Readable({ read: () => socket.resume() });
    const end = () => {
      socket.terminate();
      resolve(undefined);
    };
    signal.addEventListener('abort', end, { once: true });
    out.on('close', end);
    socket.on('open', () => resolve(out));
    socket.on('message', (data: Buffer, isBinary) => {
      if (isBinary && !out.push(data)) socket.pause();
    });
    socket.on('close', () => {
      signal.removeEventListener('abort', end);
      out.push(null);
      resolve(undefined);
    });
    // a refused or broken socket is closed after its error: the stream ends there
    socket.on('error', () => undefined);
  });

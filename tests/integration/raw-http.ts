/**
 * HTTP clients at the socket level, for what `fetch` cannot show: a client
 * that sends its whole body before it reads the answer (as a browser posting
 * a form does), one that streams a body without a declared length, and one
 * that trickles its headers.
 */
import { request as httpRequest } from "node:http";
import { connect, type Socket } from "node:net";

export type RawAnswer = { status: number; headers: string; body: string } | { error: string };

/** Parses what came back on a connection: the status line, the header block and the rest. */
function parseAnswer(raw: Buffer): RawAnswer {
  const text = raw.toString("utf8");
  const headEnd = text.indexOf("\r\n\r\n");
  const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
  if (headEnd === -1 || !status) return { error: `no answer (${raw.length} bytes)` };
  return { status: Number(status), headers: text.slice(0, headEnd).toLowerCase(), body: text.slice(headEnd + 4) };
}

/**
 * Posts `bodyBytes` bytes with a declared length and reads nothing until the
 * last byte is written: the server answers while this client is still
 * sending, and must not close the connection under it.
 */
export function sendWholeBodyThenRead(
  url: string,
  path: string,
  bodyBytes: number,
  headers: Record<string, string> = {},
): Promise<RawAnswer & { sentBytes: number }> {
  const target = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(target.port), target.hostname);
    const received: Buffer[] = [];
    let sentBytes = 0;
    let settled = false;
    const settle = (answer: RawAnswer) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve({ ...answer, sentBytes });
    };
    socket.pause();
    socket.on("data", (chunk: Buffer) => received.push(chunk));
    socket.on("end", () => settle(parseAnswer(Buffer.concat(received))));
    socket.on("error", (error: NodeJS.ErrnoException) => settle({ error: error.code ?? error.message }));
    const head = [
      `POST ${path} HTTP/1.1`,
      `Host: ${target.host}`,
      `Origin: ${target.origin}`,
      "Content-Type: application/x-www-form-urlencoded",
      `Content-Length: ${bodyBytes}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      "",
      "",
    ].join("\r\n");
    socket.write(head);
    const chunk = Buffer.alloc(64 * 1024, "a");
    const pump = () => {
      while (sentBytes < bodyBytes) {
        const piece = chunk.subarray(0, Math.min(chunk.length, bodyBytes - sentBytes));
        sentBytes += piece.length;
        if (!socket.write(piece)) return void socket.once("drain", pump);
      }
      // Everything is out: only now does this client look at the answer.
      socket.resume();
    };
    pump();
  });
}

/** Streams a chunked body (no Content-Length) until the server answers or `maxBytes` went out; the status and what was sent. */
export function streamUntilAnswered(url: string, maxBytes: number): Promise<{ status: number; sentBytes: number; error?: string }> {
  return new Promise((resolve) => {
    const target = new URL(url);
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sentBytes = 0;
    let answered = false;
    const request = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "POST",
        headers: { Origin: target.origin, "Content-Type": "application/x-www-form-urlencoded" },
      },
      (response) => {
        answered = true;
        response.resume();
        resolve({ status: response.statusCode ?? 0, sentBytes });
        request.destroy();
      },
    );
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (!answered) resolve({ status: 0, sentBytes, error: error.code ?? error.message });
    });
    const pump = () => {
      while (!answered && sentBytes < maxBytes) {
        sentBytes += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      if (!answered) request.end();
    };
    pump();
  });
}

/**
 * Opens a connection that sends the start of a request and then one header
 * line every `everyMs`, never finishing (a slow-loris client). Resolves with
 * how long the server kept it open.
 */
export function trickleHeaders(url: string, everyMs: number, giveUpAfterMs: number): Promise<{ openMs: number; closedByServer: boolean }> {
  const target = new URL(url);
  return new Promise((resolve) => {
    const socket: Socket = connect(Number(target.port), target.hostname);
    const started = performance.now();
    let line = 0;
    socket.write(`GET / HTTP/1.1\r\nHost: ${target.host}\r\n`);
    const timer = setInterval(() => socket.write(`X-Slow-${line++}: ${"a".repeat(8)}\r\n`), everyMs);
    const giveUp = setTimeout(() => finish(false), giveUpAfterMs);
    function finish(closedByServer: boolean) {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ openMs: performance.now() - started, closedByServer });
    }
    socket.resume();
    socket.on("close", () => finish(true));
    socket.on("error", () => finish(true));
  });
}

/** Opens a connection and sends nothing; resolves once it is connected, with the socket and a promise of its close. */
export function openIdleConnection(url: string): Promise<{ socket: Socket; closed: Promise<void> }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(target.port), target.hostname);
    const closed = new Promise<void>((done) => socket.once("close", () => done()));
    socket.on("error", () => undefined);
    socket.once("connect", () => resolve({ socket, closed }));
    socket.once("error", reject);
  });
}

/**
 * Sends a request's headers whole, then its declared body a byte every
 * `everyMs` for `trickleMs` (forever, by default), then nothing: a slow-body
 * client, or one whose upload stalls. Resolves when the server closes the
 * connection (or after `giveUpAfterMs`), with what it answered and how long
 * the connection was open.
 */
export function trickleBody(
  url: string,
  path: string,
  options: { everyMs: number; trickleMs?: number; giveUpAfterMs: number; declaredBytes?: number; headers?: Record<string, string> },
): Promise<{ openMs: number; closedByServer: boolean; answer: RawAnswer; sentBytes: number }> {
  const target = new URL(url);
  return new Promise((resolve) => {
    const socket: Socket = connect(Number(target.port), target.hostname);
    const started = performance.now();
    const received: Buffer[] = [];
    let sentBytes = 0;
    socket.write(
      [
        `POST ${path} HTTP/1.1`,
        `Host: ${target.host}`,
        `Origin: ${target.origin}`,
        "Content-Type: application/x-www-form-urlencoded",
        `Content-Length: ${options.declaredBytes ?? 1_000}`,
        ...Object.entries(options.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
        "",
        "",
      ].join("\r\n"),
    );
    const trickle = setInterval(() => {
      if (options.trickleMs !== undefined && performance.now() - started > options.trickleMs) return;
      if (sentBytes + 1 >= (options.declaredBytes ?? 1_000)) return;
      sentBytes += 1;
      socket.write("a");
    }, options.everyMs);
    const finish = (closedByServer: boolean) => {
      clearInterval(trickle);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ openMs: performance.now() - started, closedByServer, answer: parseAnswer(Buffer.concat(received)), sentBytes });
    };
    const giveUp = setTimeout(() => finish(false), options.giveUpAfterMs);
    socket.on("data", (chunk: Buffer) => received.push(chunk));
    socket.on("end", () => finish(true));
    socket.on("close", () => finish(true));
    socket.on("error", () => finish(true));
  });
}

import { fork } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import express, { type Request, type Response } from "express";
import { faultMiddleware, type FaultRuleInput, type FaultRules, type RequestCounter } from "./faults.ts";

/**
 * The sandbox's image host: the pictures a test catalogue's image addresses
 * point at, over https with a self-signed certificate for `localhost`
 * (sandbox/images/tls/, valid until 2126), which the portal trusts for this
 * origin alone (IMAGE_CHECK_SANDBOX_ORIGIN and IMAGE_CHECK_SANDBOX_CA). Its
 * requests go through the sandbox's fault rules (pattern `/images/*`), so a
 * test or benchmark can slow an image host down or make it fail.
 *
 * /images/large.jpg, large.png, large.gif, large.webp, progressive.jpg: 500 × 500 pixels or more
 * /images/small.jpg, small.png, small.gif, small.webp: smaller
 * /images/huge.jpg: a large JPEG padded to 4 MiB, sent whole whatever the range asked (the checker must cut it off)
 * /images/missing.jpg: 404; /images/page.html: an HTML page; /images/drawing.svg: an SVG image
 * /images/to-private.jpg: a redirect to 10.0.0.1; /images/to-loopback.jpg: to this server as 127.0.0.1
 * /images/to-large.jpg: a redirect to large.jpg here; /images/loop.jpg: a redirect to itself
 * /images/slow.jpg: answers after 30 s
 * Any query is ignored (a catalogue's addresses may differ by it); `/images/stats` counts the bytes of huge.jpg sent,
 * and the requests, TCP connections and TLS handshakes (full and resumed) the host has seen.
 */

const IMAGES = new URL("./images/", import.meta.url);
const FIXTURES = ["large.jpg", "large.png", "large.gif", "large.webp", "progressive.jpg", "small.jpg", "small.png", "small.gif", "small.webp"];
const TYPES: Record<string, string> = { jpg: "image/jpeg", png: "image/png", gif: "image/gif", webp: "image/webp" };
const HUGE_BYTES = 4 * 1024 * 1024;
const HUGE_PIECE = 16 * 1024;

/** What the sandbox and its image host's own process (image-host-process.ts) say to each other. */
export type ToImageHost = { type: "faults"; rules: FaultRuleInput[] };
export type FromImageHost = { type: "listening"; origin: string; port: number };

export type RunningImageServer = { origin: string; port: number; caPath: string; close(): void };

export const imageServerCaPath = new URL("./images/tls/localhost.pem", import.meta.url).pathname;

export async function startImageServer(options: { port: number; host: string; faults: FaultRules; counter: RequestCounter }): Promise<RunningImageServer> {
  const files = new Map(FIXTURES.map((name) => [name, readFileSync(new URL(name, IMAGES))]));
  const stats = { hugeBytesSent: 0, hugeRequests: 0, connections: 0, handshakes: 0, resumedHandshakes: 0, requests: 0 };
  const app = express();
  app.disable("x-powered-by");
  app.disable("etag");
  app.get("/images/stats", (_req, res) => {
    res.json(stats);
  });
  app.use((_req, _res, next) => {
    stats.requests++;
    next();
  });
  app.use(faultMiddleware(options.faults, options.counter));
  let origin = "";

  app.get("/images/:name", (req: Request, res: Response) => {
    const name = String(req.params.name);
    const file = files.get(name);
    res.setHeader("Cache-Control", "no-store");
    if (file) return sendImage(req, res, file, TYPES[name.split(".").pop()!]!);
    switch (name) {
      case "huge.jpg":
        return sendHuge(res, files.get("large.jpg")!, stats);
      case "page.html":
        return res.type("html").send("<!doctype html><title>Not a picture</title><p>This is a web page.</p>");
      case "drawing.svg":
        return res.type("image/svg+xml").send('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><rect width="800" height="800"/></svg>');
      case "to-private.jpg":
        return res.redirect(302, "https://10.0.0.1/images/large.jpg");
      case "to-loopback.jpg":
        return res.redirect(302, `${origin.replace("localhost", "127.0.0.1")}/images/large.jpg`);
      case "to-large.jpg":
        return res.redirect(301, "/images/large.jpg");
      case "loop.jpg":
        return res.redirect(302, "/images/loop.jpg");
      case "slow.jpg": {
        const timer = setTimeout(() => sendImage(req, res, files.get("large.jpg")!, "image/jpeg"), 30_000);
        res.on("close", () => clearTimeout(timer));
        return;
      }
      default:
        return res.status(404).type("text").send("No such image");
    }
  });
  app.use((_req: Request, res: Response) => {
    res.status(404).type("text").send("No such image");
  });

  const caPath = imageServerCaPath;
  const server = createServer({ key: readFileSync(new URL("./images/tls/localhost-key.pem", import.meta.url)), cert: readFileSync(caPath) }, app);
  server.keepAliveTimeout = 65_000;
  // What a client's reuse of connections comes to: TCP connections, full TLS handshakes and resumed ones.
  server.on("connection", () => stats.connections++);
  server.on("secureConnection", (socket) => {
    if (socket.isSessionReused()) stats.resumedHandshakes++;
    else stats.handshakes++;
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  origin = `https://localhost:${port}`;
  return {
    origin,
    port,
    caPath,
    close() {
      server.close();
      server.closeAllConnections();
    },
  };
}

/**
 * The image host in a process of its own (image-host-process.ts), given the sandbox's fault rules as they change:
 * what a benchmark that asks for thousands of images uses, so that their serving does not hold up the other services'
 * answers in the sandbox's one event loop.
 */
export async function startImageServerProcess(options: { port: number; host: string; faults: FaultRules }): Promise<RunningImageServer> {
  const child = fork(new URL("./image-host-process.ts", import.meta.url), [], {
    env: { ...process.env, SANDBOX_IMAGE_HOST_PORT: String(options.port), SANDBOX_IMAGE_HOST_ADDRESS: options.host },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const sendFaults = (rules: FaultRuleInput[]) => {
    if (child.connected) child.send({ type: "faults", rules } satisfies ToImageHost);
  };
  const [message] = (await Promise.race([
    once(child, "message"),
    once(child, "exit").then(([code]) => Promise.reject(new Error(`the image host's process ended (exit code ${code})`))),
  ])) as [FromImageHost];
  sendFaults(options.faults.list());
  options.faults.onChange(sendFaults);
  return {
    origin: message.origin,
    port: message.port,
    caPath: imageServerCaPath,
    close() {
      child.kill("SIGTERM");
    },
  };
}

/** The image, or the part of it a `Range: bytes=a-b` asks for. */
function sendImage(req: Request, res: Response, file: Buffer, type: string): void {
  res.setHeader("Content-Type", type);
  res.setHeader("Accept-Ranges", "bytes");
  const range = /^bytes=(\d+)-(\d*)$/.exec(req.get("range") ?? "");
  if (!range) {
    res.status(200).end(file);
    return;
  }
  const start = Number(range[1]);
  const end = Math.min(file.length - 1, range[2] ? Number(range[2]) : file.length - 1);
  if (start >= file.length || start > end) {
    res.status(416).setHeader("Content-Range", `bytes */${file.length}`).end();
    return;
  }
  res
    .status(206)
    .setHeader("Content-Range", `bytes ${start}-${end}/${file.length}`)
    .end(file.subarray(start, end + 1));
}

/** A JPEG padded to 4 MiB, sent in pieces as the client takes them, the range ignored: what was sent is counted. */
function sendHuge(res: Response, jpeg: Buffer, stats: { hugeBytesSent: number; hugeRequests: number }): void {
  stats.hugeRequests++;
  res.status(200).setHeader("Content-Type", "image/jpeg");
  res.setHeader("Content-Length", String(HUGE_BYTES));
  let sent = 0;
  let stopped = false;
  res.on("close", () => (stopped = true));
  const next = () => {
    if (stopped) return;
    if (sent >= HUGE_BYTES) return void res.end();
    const piece = sent === 0 ? jpeg : Buffer.alloc(Math.min(HUGE_PIECE, HUGE_BYTES - sent));
    const bytes = piece.subarray(0, Math.min(piece.length, HUGE_BYTES - sent));
    sent += bytes.length;
    stats.hugeBytesSent += bytes.length;
    // A piece every few milliseconds: a client that stops reading is seen to stop long before the whole was written.
    if (res.write(bytes)) setTimeout(next, 5);
    else res.once("drain", () => setTimeout(next, 5));
  };
  next();
}

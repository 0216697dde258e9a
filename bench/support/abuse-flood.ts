/**
 * The attacker of `npm run bench:upload-abuse`, in a process of its own
 * (forked with an IPC channel), so that sending the bombs and reading their
 * answers costs neither the portal's CPU nor the benchmark's, which times
 * the other seller's uploads. Gets ready first (starts, builds its bomb,
 * signs in as its seller: some 1.5 s, a second of it CPU, which would
 * otherwise be timed as the portal's), says so (`ready`). On `one` it sends
 * one abusive request, saying `started` as it sends it and `finished` with
 * its outcome once answered (the benchmark starts the other seller's upload
 * beside it); on `go` it repeats the request for at least `seconds` (each
 * cut off after `limitMs`), back to back or `pauseMs` apart, then answers its
 * outcomes and how often each came, how much problems CSV came back, when
 * each request was under way, and its own CPU time (it shares the machine).
 */
import { TestBrowser } from "../../tests/support/http-client.ts";
import { catalogueCsv, xlsxBomb } from "../../tests/support/hostile-files.ts";

export type Abuse =
  | { kind: "bombUploads"; page: string }
  /** Not abuse: a sound catalogue of the bomb's size, to tell what a bomb costs from what any file of its size does. */
  | { kind: "catalogueUploads"; page: string; bytes: number }
  /** The problem list of a bomb stored straight at the service. */
  | { kind: "problemsCsv"; page: string; fileId: string };
/** `pauseMs`: the time between one request's answer and the next request (0: back to back). */
export type FloodJob = { portalUrl: string; username: string; seconds: number; pauseMs: number; limitMs: number; abuse: Abuse };
/**
 * Each outcome and how often it came (the most frequent first), how many bytes of problems CSV came back in all, and each
 * request's start and end (ms since the epoch, the clock every process on the machine shares).
 */
export type FloodOutcome = { outcomes: [string, number][]; csvBytes: number; underWay: [number, number][]; cpuSeconds: number };
export type ToFlood = FloodJob | "one" | "go";
export type FromFlood = { type: "ready" } | { type: "started" } | { type: "finished"; outcome: string } | { type: "outcome"; outcome: FloodOutcome };

const MiB = 1024 * 1024;
let csvBytes = 0;
// A benchmark that ends without waiting for the flood (it failed) takes the flood with it.
process.on("disconnect", () => process.exit(0));
const send = (message: FromFlood, then: () => void = () => {}) => process.send!(message, then);
process.once("message", (job: FloodJob) => void getReady(job));

async function getReady(job: FloodJob): Promise<void> {
  const attacker = new TestBrowser();
  await attacker.signIn(job.portalUrl, job.username);
  const work = abuseOf(attacker, job);
  process.on("message", (message: ToFlood) => {
    if (message === "one") {
      const outcome = work();
      send({ type: "started" });
      void outcome.then((text) => send({ type: "finished", outcome: text }));
    } else if (message === "go") void flood(job, work).then((outcome) => send({ type: "outcome", outcome }, () => process.exit(0)));
  });
  send({ type: "ready" });
}

async function flood(job: FloodJob, work: () => Promise<string>): Promise<FloodOutcome> {
  const underWay: [number, number][] = [];
  const outcomes = new Map<string, number>();
  const now = () => performance.timeOrigin + performance.now();
  const timed = async () => {
    const start = now();
    const outcome = await work();
    underWay.push([start, now()]);
    outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  };
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  await timed();
  while (performance.now() - started < job.seconds * 1000) {
    if (job.pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, job.pauseMs));
    await timed();
  }
  const { user, system } = process.cpuUsage(cpuBefore);
  return { outcomes: [...outcomes].sort((a, b) => b[1] - a[1]), csvBytes, underWay, cpuSeconds: (user + system) / 1e6 };
}

function abuseOf(attacker: TestBrowser, { portalUrl, limitMs, abuse }: FloodJob): () => Promise<string> {
  const page = portalUrl + abuse.page;
  switch (abuse.kind) {
    case "bombUploads": {
      const bomb = xlsxBomb();
      return () => fileUpload(attacker, page, "katalog.xlsx", bomb, limitMs);
    }
    case "catalogueUploads": {
      const catalogue = catalogueCsv(abuse.bytes);
      return () => fileUpload(attacker, page, "katalog.csv", catalogue, limitMs);
    }
    case "problemsCsv":
      return () => problemsCsv(attacker, page, abuse.fileId, limitMs);
  }
}

/** A file through the portal's enhanced upload form (answered as JSON). */
async function fileUpload(attacker: TestBrowser, page: string, fileName: string, bytes: Buffer, limitMs: number): Promise<string> {
  const body = new FormData();
  body.set("file", new Blob([new Uint8Array(bytes)]), fileName);
  try {
    const response = await attacker.request(`${page}/file`, {
      method: "POST",
      headers: { Accept: "application/json" },
      body,
      signal: AbortSignal.timeout(limitMs),
    });
    const answer = (await response.json()) as { ok: boolean; message?: string };
    return `${response.status} ${answer.ok ? "stored" : (answer.message ?? "").slice(0, 44)}`;
  } catch (error) {
    return `cut off: ${(error as Error).name}`;
  }
}

async function problemsCsv(attacker: TestBrowser, page: string, fileId: string, limitMs: number): Promise<string> {
  const started = performance.now();
  let bytes = 0;
  try {
    const response = await attacker.request(`${page}/problems?fileId=${fileId}`, { signal: AbortSignal.timeout(limitMs) });
    if (response.status !== 200) {
      await response.body?.cancel();
      return `${response.status} back to the page`;
    }
    const reader = response.body!.getReader();
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      bytes += next.value.byteLength;
      csvBytes += next.value.byteLength;
    }
    return `${response.status} ${(bytes / MiB).toFixed(1)} MiB in ${((performance.now() - started) / 1000).toFixed(1)} s`;
  } catch (error) {
    return `broken off (${(error as Error).name}) after ${(bytes / MiB).toFixed(1)} MiB, ${((performance.now() - started) / 1000).toFixed(1)} s`;
  }
}

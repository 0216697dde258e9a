/**
 * A /healthz prober in a process of its own (forked with an IPC channel), so
 * that what it measures is the portal's answer time, not the benchmark's own
 * work: says it is ready once loaded (its start-up is not the portal's
 * time), then one request at a time, one every `intervalMs`, until told to
 * stop; then it answers every latency (ms) it measured, and how many
 * requests failed.
 */
export type ProbeJob = { url: string; intervalMs: number };
export type ProbeOutcome = { latenciesMs: number[]; failures: number };

let stopped = false;
// A benchmark that ends without stopping the probe (it failed) takes the probe with it.
process.on("disconnect", () => process.exit(0));
process.on("message", (message: { type: "start"; job: ProbeJob } | { type: "stop" }) => {
  if (message.type === "stop") stopped = true;
  else void probe(message.job);
});
process.send!("ready");

async function probe({ url, intervalMs }: ProbeJob): Promise<void> {
  const latenciesMs: number[] = [];
  let failures = 0;
  while (!stopped) {
    const started = performance.now();
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(60_000) });
      await response.arrayBuffer();
      if (response.ok) latenciesMs.push(performance.now() - started);
      else failures++;
    } catch {
      failures++;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  process.send!({ latenciesMs, failures } satisfies ProbeOutcome, () => process.exit(0));
}

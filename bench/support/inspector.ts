/**
 * Profiles a running Node process page by page through its inspector (the
 * process started with --inspect=<port>): a CPU profile and a sampling heap
 * profile of what it allocates (collected objects included), started and
 * stopped around each page's run, over the DevTools protocol on the
 * inspector's WebSocket; and full collections on demand.
 */
type Message = { id?: number; result?: Record<string, unknown>; error?: { message: string } };

export async function connectInspector(port: number) {
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  if (!target) throw new Error(`no inspector target on port ${port}`);
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => ((socket.onopen = resolve), (socket.onerror = reject)));
  const pending = new Map<number, (message: Message) => void>();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as Message;
    if (message.id !== undefined) pending.get(message.id)?.(message);
  };
  let next = 0;
  const send = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const id = ++next;
      pending.set(
        id,
        (message) => (pending.delete(id), message.error ? reject(new Error(`${method}: ${message.error.message}`)) : resolve(message.result ?? {})),
      );
      socket.send(JSON.stringify({ id, method, params }));
    });
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval: 200 });
  await send("HeapProfiler.enable");
  return {
    async start() {
      await send("HeapProfiler.startSampling", { samplingInterval: 16_384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
      await send("Profiler.start");
    },
    async stop(): Promise<{ cpu: unknown; heap: unknown }> {
      const { profile: cpu } = await send("Profiler.stop");
      const { profile: heap } = await send("HeapProfiler.stopSampling");
      return { cpu, heap };
    },
    /** A full collection: what is left in V8's heap after it is what the process holds. */
    collectGarbage: async () => void (await send("HeapProfiler.collectGarbage")),
    /** The process's `process.memoryUsage()`: RSS, V8's heap as large as it keeps it and in use, and what lives outside it. */
    async memoryUsage(): Promise<NodeJS.MemoryUsage> {
      const { result } = await send("Runtime.evaluate", { expression: "JSON.stringify(process.memoryUsage())", returnByValue: true });
      return JSON.parse((result as { value: string }).value) as NodeJS.MemoryUsage;
    },
    close: () => socket.close(),
  };
}

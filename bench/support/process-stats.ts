/**
 * What the benchmarks measure of a running process (from /proc): CPU time
 * and resident memory, sampled while a piece of work runs; and wall time.
 */
import { readdirSync, readFileSync } from "node:fs";

/** A /proc stat line's name (between the first "(" and the last ")": a name may hold either) and user + system CPU seconds. */
function parseStat(stat: string): { name: string; seconds: number } {
  const fields = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
  return { name: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")), seconds: (Number(fields[11]) + Number(fields[12])) / 100 };
}

/** User + system CPU seconds a process has used so far. */
export function cpuSeconds(pid: number): number {
  return parseStat(readFileSync(`/proc/${pid}/stat`, "utf8")).seconds;
}

/** CPU seconds per thread of a process so far, by thread id (with the thread's name). */
export function threadCpuSeconds(pid: number): Map<number, { name: string; seconds: number }> {
  const threads = new Map<number, { name: string; seconds: number }>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      threads.set(Number(tid), parseStat(readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8")));
    } catch {
      // The thread ended meanwhile.
    }
  }
  return threads;
}

/** CPU seconds each thread (grouped by name; the main thread as "main") used between two readings of `threadCpuSeconds`. */
export function threadCpu(pid: number, before: ReturnType<typeof threadCpuSeconds>, after: ReturnType<typeof threadCpuSeconds>): Map<string, number> {
  const byName = new Map<string, number>();
  for (const [tid, thread] of after) {
    const name = tid === pid ? "main" : thread.name;
    byName.set(name, (byName.get(name) ?? 0) + thread.seconds - (before.get(tid)?.seconds ?? 0));
  }
  return byName;
}

/** The direct child processes of a process (the sandbox is a child of `npm start`'s process). */
export function childPids(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
}

export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

/** Samples a process's RSS while `work` runs; answers the work's result and the peak growth over the start. */
export async function withPeakRss<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; growth: number; start: number; cpu: number }> {
  const start = rssBytes(pid);
  const cpuStart = cpuSeconds(pid);
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssBytes(pid));
  }, 10);
  try {
    const result = await work();
    peak = Math.max(peak, rssBytes(pid));
    return { result, growth: peak - start, start, cpu: cpuSeconds(pid) - cpuStart };
  } finally {
    clearInterval(timer);
  }
}

export async function timed<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  const started = performance.now();
  const result = await work();
  return { result, seconds: (performance.now() - started) / 1000 };
}

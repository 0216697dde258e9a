/**
 * The machine around a benchmark: pinning processes to cores (Linux's
 * taskset), and how busy the cores were with work that is not the
 * benchmark's own (the machine is shared), read from /proc.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { cpuSeconds } from "./process-stats.ts";

/** Whether processes can be pinned here (Linux with taskset). */
export const canPin = process.platform === "linux" && spawnSync("taskset", ["--version"]).status === 0;

/** Pins a process and all its threads to the given cores ("0", "1", "0-1"); threads it starts later inherit it. */
export function pin(pid: number, cores: string): void {
  if (!canPin) return;
  const result = spawnSync("taskset", ["-a", "-cp", cores, String(pid)], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`taskset ${cores} ${pid}: ${result.stderr}`);
}

/** Busy CPU seconds of the whole machine so far (every core; idle and I/O wait left out). */
function machineBusySeconds(): number {
  const [, ...fields] = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/);
  const ticks = fields.map(Number);
  const total = ticks.slice(0, 8).reduce((sum, value) => sum + value, 0);
  return (total - ticks[3]! - ticks[4]!) / 100;
}

const ownSeconds = (pids: number[]) =>
  pids.reduce((sum, pid) => {
    try {
      return sum + cpuSeconds(pid);
    } catch {
      return sum;
    }
  }, 0);

/**
 * Starts watching the machine; `stop()` answers how many cores, on average, were busy with other processes than
 * `ownPids` (the benchmark's servers, its load generator, itself) meanwhile.
 */
export function watchOthers(ownPids: number[]): { stop: () => number } {
  const started = performance.now();
  const busy = machineBusySeconds();
  const own = ownSeconds(ownPids);
  return {
    stop: () => {
      const seconds = (performance.now() - started) / 1000;
      const others = machineBusySeconds() - busy - (ownSeconds(ownPids) - own);
      return Math.max(0, others / seconds);
    },
  };
}

/** The 1-minute load average. */
export const loadAverage = () => Number(readFileSync("/proc/loadavg", "utf8").split(" ")[0]);

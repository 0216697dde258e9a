/**
 * Where a CPU profile's time goes (node --cpu-prof's .cpuprofile, as the
 * server-cost benchmark writes with BENCH_CPU_PROF): self time by function and
 * by origin (the app's own files by folder, each package in node_modules,
 * Node's internals), and inclusive time of the app's functions and of chosen
 * packages. `node bench/profile-summary.ts <file> [top]`.
 */
import { readFileSync } from "node:fs";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error("usage: node bench/profile-summary.ts <file.cpuprofile> [top]");
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

/** Where a frame comes from: a package, a folder of the app, Node itself, or V8 (GC, idle, program). */
function origin(url: string, name: string): string {
  if (!url) return `(${name || "anonymous"})`;
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules && modules[1] !== "node") return modules[1]!;
  if (url.startsWith("node:")) return "node internals";
  const app = /\/(build\/server|server|app\/[^/]+\/[^/]+|app\/[^/]+|contract|sandbox|scripts)\//.exec(url);
  return app ? app[1]! : url.replace(/^.*\//, "");
}

const selfMs = new Map<number, number>();
profile.samples.forEach((id, index) => selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000));
const totalMs = [...selfMs.values()].reduce((sum, value) => sum + value, 0);
const busyMs = totalMs - [...selfMs].filter(([id]) => byId.get(id)?.callFrame.functionName === "(idle)").reduce((sum, [, ms]) => sum + ms, 0);

const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
const byFunction = new Map<string, number>();
const byOrigin = new Map<string, number>();
const inclusive = new Map<string, number>();
for (const [id, ms] of selfMs) {
  const frame = byId.get(id)!.callFrame;
  if (frame.functionName === "(idle)") continue;
  add(byFunction, `${frame.functionName || "(anonymous)"} ${frame.url.replace(/^.*\/(node_modules\/)?/, "")}:${frame.lineNumber + 1}`, ms);
  add(byOrigin, origin(frame.url, frame.functionName), ms);
  // Inclusive time: once per distinct origin on the stack (a package calling itself counts once).
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const { url, functionName } = byId.get(at)!.callFrame;
    const key = origin(url, functionName);
    if (seen.has(key)) continue;
    seen.add(key);
    add(inclusive, key, ms);
  }
}

const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [key, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((ms / busyMs) * 100).toFixed(1).padStart(6)} %  ${ms.toFixed(0).padStart(7)} ms  ${key}`);
};
console.log(`${file}: ${(busyMs / 1000).toFixed(1)} s busy of ${(totalMs / 1000).toFixed(1)} s`);
print("self time by origin", byOrigin);
print("inclusive time by origin (any frame of it on the stack)", inclusive);
print("self time by function", byFunction);

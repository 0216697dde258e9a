/**
 * Where a profile's time or memory goes: a CPU profile (.cpuprofile, self
 * time) or a sampling heap profile (.heapprofile, bytes allocated), by origin
 * (the app's own code, each package in node_modules, Node's internals), by
 * the app's function nearest on the stack, and by function. The server-cost
 * benchmark prints a short form per page with BENCH_PROFILE=<dir>;
 * `node bench/profile-summary.ts <file> [top]` prints the long one.
 */
import { readFileSync } from "node:fs";

type Frame = { functionName: string; url: string; lineNumber: number };
type CpuNode = { id: number; callFrame: Frame; children?: number[] };
type CpuProfile = { nodes: CpuNode[]; samples: number[]; timeDeltas: number[] };
type HeapNode = { callFrame: Frame; selfSize: number; children: HeapNode[] };
type HeapProfile = { head: HeapNode };
type Weighted = { stack: Frame[]; weight: number };

export type Summary = { total: number; unit: "ms" | "KB"; byOrigin: Map<string, number>; byAppFunction: Map<string, number>; byFunction: Map<string, number> };

/** Where a frame comes from: a package, the app's server build, Node itself, or V8 (GC, program). */
function origin({ url, functionName }: Frame): string {
  if (!url) return `(${functionName || "anonymous"})`;
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules && modules[1] !== "node") return modules[1]!;
  if (url.startsWith("node:")) return "node internals";
  if (url.includes("/build/server/")) return "app";
  return url.replace(/^.*\/(?=[^/]+\/[^/]+$)/, "");
}

const name = (frame: Frame) => `${frame.functionName || "(anonymous)"} ${frame.url.replace(/^.*\/(node_modules\/)?/, "")}:${frame.lineNumber + 1}`;

function cpuSamples(profile: CpuProfile): Weighted[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<number, number>();
  profile.samples.forEach((id, index) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000));
  return [...self]
    .filter(([id]) => byId.get(id)!.callFrame.functionName !== "(idle)")
    .map(([id, weight]) => {
      const stack: Frame[] = [];
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) stack.push(byId.get(at)!.callFrame);
      return { stack, weight };
    });
}

function heapSamples(profile: HeapProfile): Weighted[] {
  const samples: Weighted[] = [];
  const walk = (node: HeapNode, stack: Frame[]) => {
    const here = [node.callFrame, ...stack];
    if (node.selfSize) samples.push({ stack: here, weight: node.selfSize / 1024 });
    for (const child of node.children) walk(child, here);
  };
  walk(profile.head, []);
  return samples;
}

export function summarise(profile: unknown): Summary {
  const heap = typeof profile === "object" && profile !== null && "head" in profile;
  const samples = heap ? heapSamples(profile as HeapProfile) : cpuSamples(profile as CpuProfile);
  const summary: Summary = { total: 0, unit: heap ? "KB" : "ms", byOrigin: new Map(), byAppFunction: new Map(), byFunction: new Map() };
  const add = (map: Map<string, number>, key: string, weight: number) => map.set(key, (map.get(key) ?? 0) + weight);
  for (const { stack, weight } of samples) {
    summary.total += weight;
    add(summary.byOrigin, origin(stack[0]!), weight);
    add(summary.byFunction, name(stack[0]!), weight);
    const app = stack.find((frame) => origin(frame) === "app");
    add(summary.byAppFunction, app ? name(app).replace(/ index\.js/, "") : "(no app frame: server, framework)", weight);
  }
  return summary;
}

/** The largest entries of a map as "12.3 % name" lines. */
export function largest(map: Map<string, number>, total: number, count: number): string[] {
  return [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, weight]) => `${((weight / total) * 100).toFixed(1).padStart(5)} % ${key}`);
}

if (import.meta.main) {
  const [file, topArg] = process.argv.slice(2);
  if (!file) throw new Error("usage: node bench/profile-summary.ts <file.cpuprofile|file.heapprofile> [top]");
  const top = Number(topArg ?? 25);
  const summary = summarise(JSON.parse(readFileSync(file, "utf8")));
  console.log(`${file}: ${summary.total.toFixed(0)} ${summary.unit}`);
  for (const [title, map] of [
    ["by origin", summary.byOrigin],
    ["by the app's function nearest on the stack", summary.byAppFunction],
    ["by function", summary.byFunction],
  ] as const)
    console.log(`\n${title}\n${largest(map, summary.total, top).join("\n")}`);
}

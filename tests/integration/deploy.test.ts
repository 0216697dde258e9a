/**
 * deploy/ as an operator applies it: nginx accepts its configuration
 * (`nginx -t`), Docker Compose its compose file (`config`, which needs no
 * Docker engine), and every Kubernetes manifest holds to the API's schema
 * (kubernetes-models; no cluster runs here, so `kubectl apply --dry-run`
 * cannot). And the numbers that must agree across them agree: body limits,
 * probes, the shutdown's time within the grace period, the selectors, and the
 * Node flags the image, `npm start` and the benchmarks run the portal with.
 */
import { spawnSync } from "node:child_process";
import { createServer, get as httpGet, type IncomingHttpHeaders, type Server } from "node:http";
import { copyFileSync, cpSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseAllDocuments } from "yaml";
import { DEPLOYED_ENV, DEPLOYED_NODE_ARGS } from "../../bench/support/as-deployed";
import { BODY_LIMITS, DEFAULT_BODY_LIMIT, GiB, MiB } from "../../server/body-limits";
import { DEPLOY_NGINX, startNginx, testNginxConfig, writeNginxConfig } from "../support/nginx";
import { testPorts } from "../support/ports";

const ROOT = path.resolve(import.meta.dirname, "../..");
const KUBERNETES = path.join(ROOT, "deploy/kubernetes");
const nginxConf = readFileSync(path.join(DEPLOY_NGINX, "seller-portal.conf"), "utf8");

/** nginx's size in bytes ("16m", "64g"). */
function nginxSize(value: string): number {
  const match = /^(\d+)([kmg]?)$/i.exec(value);
  if (!match) throw new Error(`not a size: ${value}`);
  return Number(match[1]) * { "": 1, k: 1024, m: MiB, g: GiB }[match[2]!.toLowerCase() as "" | "k" | "m" | "g"];
}

describe("nginx", () => {
  it("accepts deploy/nginx as it is, with the instances and the port of this machine", () => {
    const { config } = writeNginxConfig({ port: 8080, instances: ["127.0.0.1:3001", "127.0.0.1:3002"] });
    const result = testNginxConfig(config);
    expect(result.output).toContain("test is successful");
    expect(result.status).toBe(0);
  });

  it("lets through every body the portal takes, and the portal refuses the rest itself", () => {
    const serverLimit = nginxSize(/^\s{4}client_max_body_size (\S+);$/m.exec(nginxConf)![1]!);
    const [, pattern, size] = /location ~ (\S+) \{[^}]*client_max_body_size (\S+);/.exec(nginxConf)!;
    const catalogueLimit = nginxSize(size!);
    // The routes that take more than nginx's default are the catalogue files' location, each with its .data twin.
    const catalogueRoutes = BODY_LIMITS.filter((limit) => limit.maxBytes > serverLimit);
    expect(catalogueRoutes.length).toBeGreaterThan(0);
    for (const limit of catalogueRoutes) {
      expect(catalogueLimit).toBe(limit.maxBytes);
      expect(limit.path).toMatch(new RegExp(pattern!));
      expect(`${limit.path}.data`).toMatch(new RegExp(pattern!));
    }
    for (const limit of BODY_LIMITS.filter((limit) => !catalogueRoutes.includes(limit))) expect(serverLimit).toBeGreaterThanOrEqual(limit.maxBytes);
    expect(serverLimit).toBeGreaterThanOrEqual(DEFAULT_BODY_LIMIT);
    // Within a few MB of the largest: anything much larger would only be refused by the portal after the upload.
    expect(serverLimit - Math.max(...BODY_LIMITS.filter((limit) => !catalogueRoutes.includes(limit)).map((limit) => limit.maxBytes))).toBeLessThan(2 * MiB);
  });
});

describe("nginx in front of an instance", () => {
  // nginx with deploy/'s configuration, its per-client limits included, before a stand-in instance that notes
  // what reaches it and holds /slow for a while (a request in progress, as a slow-body client's would be).
  const { portalPort: NGINX_PORT, sandboxPort: INSTANCE_PORT } = testPorts(3540, 3541);
  const HOLD_MS = 2_000;
  const seen: IncomingHttpHeaders[] = [];
  let instance: Server;
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  const limitConn = Number(/^\s*limit_conn portal_connections_per_client (\d+);$/m.exec(nginxConf)![1]);
  const [, rate, burst] =
    /^\s*limit_req_zone \S+ zone=portal_requests_per_client:\S+ rate=(\d+)r\/s;[\s\S]*limit_req zone=portal_requests_per_client burst=(\d+) nodelay;$/m.exec(
      nginxConf,
    )!;

  beforeAll(async () => {
    instance = createServer((req, res) => {
      seen.push(req.headers);
      setTimeout(() => res.end("ok"), req.url === "/slow" ? HOLD_MS : 0);
    });
    await new Promise<void>((resolve) => instance.listen(INSTANCE_PORT, "127.0.0.1", resolve));
    nginx = await startNginx({ port: NGINX_PORT, instances: [`127.0.0.1:${INSTANCE_PORT}`] });
  });
  afterAll(async () => {
    await nginx?.stop();
    instance?.closeAllConnections();
    await new Promise((resolve) => instance?.close(resolve));
  });

  /** A GET on a connection of its own; its status, or 0 when it got none. */
  const statusOf = (path: string, headers: Record<string, string> = {}) =>
    new Promise<number>((resolve) => {
      const request = httpGet(`http://127.0.0.1:${NGINX_PORT}${path}`, { agent: false, headers }, (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      });
      request.on("error", () => resolve(0));
    });

  it("passes no browser's trace context on: the portal believes a traceparent from its trusted proxies only", async () => {
    seen.length = 0;
    const traceparent = "00-5cf92f3577b34da6a3ce929d0e0e4737-00f067aa0ba902b7-01";
    expect(await statusOf("/page", { traceparent, tracestate: "vendor=1" })).toBe(200);
    expect(seen[0]?.traceparent ?? "").toBe("");
    expect(seen[0]?.tracestate ?? "").toBe("");
  });

  it("holds one client to its share of requests in progress: past limit_conn it answers 429 at once", async () => {
    // Ten seconds at the average rate leave the burst untouched for what follows.
    await new Promise((resolve) => setTimeout(resolve, (1_000 * (limitConn + 10)) / Number(rate)));
    const started = performance.now();
    const statuses = await Promise.all(Array.from({ length: limitConn + 10 }, () => statusOf("/slow")));
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(10);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(limitConn);
    expect(performance.now() - started).toBeLessThan(HOLD_MS * 3);
  }, 20_000);

  it("holds one client to its request rate: past the burst it answers 429", async () => {
    await new Promise((resolve) => setTimeout(resolve, (1_000 * Number(burst)) / Number(rate)));
    const statuses: number[] = [];
    // In waves of 20 on connections of their own, far faster than the rate.
    for (let wave = 0; wave < (Number(burst) + 60) / 20; wave++) statuses.push(...(await Promise.all(Array.from({ length: 20 }, () => statusOf("/page")))));
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(Number(burst));
  }, 30_000);
});

/** The first Compose that runs here: Docker's plugin, or the standalone docker-compose. */
function composeCommand(): string[] | undefined {
  if (spawnSync("docker", ["compose", "version"]).status === 0) return ["docker", "compose"];
  if (spawnSync("docker-compose", ["version"]).status === 0) return ["docker-compose"];
  return undefined;
}

describe("Docker Compose", () => {
  it("takes deploy/compose.yaml with the variables of .env.example", () => {
    const compose = composeCommand();
    if (!compose) throw new Error("No Docker Compose here: scripts/ensure-deploy-tools.sh installs it");
    // The compose file reads ../.env: a copy of the repository's deploy/ beside .env.example as .env.
    const dir = mkdtempSync(path.join(tmpdir(), "seller-portal-compose-"));
    cpSync(path.join(ROOT, "deploy"), path.join(dir, "deploy"), { recursive: true });
    copyFileSync(path.join(ROOT, ".env.example"), path.join(dir, ".env"));
    const result = spawnSync(compose[0]!, [...compose.slice(1), "-f", path.join(dir, "deploy/compose.yaml"), "config"], { encoding: "utf8" });
    expect(result.stderr).not.toMatch(/invalid|error/i);
    expect(result.status).toBe(0);
    const config = parseAllDocuments(result.stdout)[0]!.toJS() as {
      services: Record<string, { environment?: Record<string, string>; networks?: Record<string, { ipv4_address?: string }> }>;
    };
    // The portal believes X-Forwarded-* from nginx alone.
    expect(config.services.portal!.environment!.TRUSTED_PROXIES).toBe(config.services.nginx!.networks!.portal!.ipv4_address);
  });
});

type Manifest = { apiVersion: string; kind: string; metadata: { name: string; annotations?: Record<string, string> }; spec?: Record<string, unknown> };

function manifests(): Manifest[] {
  return readdirSync(KUBERNETES)
    .filter((file) => file.endsWith(".yaml") && file !== "kustomization.yaml")
    .flatMap((file) => parseAllDocuments(readFileSync(path.join(KUBERNETES, file), "utf8")).map((document) => document.toJS() as Manifest));
}

/** The kubernetes-models class for a manifest's kind, e.g. kubernetes-models/apps/v1/Deployment. */
async function modelFor(manifest: Manifest): Promise<new (data: unknown) => { validate(): void }> {
  const [group, version] = manifest.apiVersion.includes("/") ? manifest.apiVersion.split("/") : [undefined, manifest.apiVersion];
  const module = group ? `kubernetes-models/${group}/${version}/${manifest.kind}` : `kubernetes-models/${version}/${manifest.kind}`;
  return ((await import(module)) as Record<string, new (data: unknown) => { validate(): void }>)[manifest.kind]!;
}

describe("Kubernetes", () => {
  it("holds every manifest to the Kubernetes API's schema", async () => {
    const all = manifests();
    expect(all.map((manifest) => manifest.kind).sort()).toEqual(
      // The portal's, and the shared store's Deployment and Service (shared-store.yaml).
      ["ConfigMap", "Deployment", "Deployment", "HorizontalPodAutoscaler", "Ingress", "Ingress", "PodDisruptionBudget", "Service", "Service"].sort(),
    );
    for (const manifest of all) {
      const Model = await modelFor(manifest);
      expect(() => new Model(manifest).validate(), `${manifest.kind} ${manifest.metadata.name}`).not.toThrow();
    }
    // The schema check itself refuses a wrong type.
    const Deployment = await modelFor(all.find((manifest) => manifest.kind === "Deployment")!);
    expect(() => new Deployment({ ...all.find((manifest) => manifest.kind === "Deployment"), spec: { replicas: "two" } }).validate()).toThrow();
  });

  it("lists every manifest in its kustomization, and renders with kubectl's kustomize where kubectl is installed", () => {
    const kustomization = parseAllDocuments(readFileSync(path.join(KUBERNETES, "kustomization.yaml"), "utf8"))[0]!.toJS() as { resources: string[] };
    expect(kustomization.resources.sort()).toEqual(
      readdirSync(KUBERNETES)
        .filter((file) => file.endsWith(".yaml") && file !== "kustomization.yaml")
        .sort(),
    );
    const kubectl = spawnSync("kubectl", ["kustomize", KUBERNETES], { encoding: "utf8" });
    if (kubectl.error) return;
    expect(kubectl.stderr).toBe("");
    expect(kubectl.stdout).toContain("image: registry.example.com/seller-portal:1.0.0");
  });

  it("probes readiness and liveness where the portal answers them, and lets it finish its shutdown within the grace period", () => {
    const deployment = manifests().find((manifest) => manifest.kind === "Deployment" && manifest.metadata.name === "seller-portal")!;
    const pod = (deployment.spec as { template: { spec: Record<string, unknown> } }).template.spec as {
      terminationGracePeriodSeconds: number;
      containers: {
        ports: { name: string; containerPort: number }[];
        readinessProbe: { httpGet: { path: string; port: string } };
        livenessProbe: { httpGet: { path: string; port: string } };
        lifecycle: { preStop: { exec: { command: string[] } } };
      }[];
    };
    const [portal] = pod.containers;
    expect(portal!.readinessProbe.httpGet).toEqual({ path: "/readyz", port: "http" });
    expect(portal!.livenessProbe.httpGet).toEqual({ path: "/healthz", port: "http" });
    expect(portal!.ports).toContainEqual({ name: "http", containerPort: 3000 });
    // preStop's pause, then the portal's own 10 s for what is in flight (server.ts), within the grace period.
    const preStopSeconds = Number(portal!.lifecycle.preStop.exec.command[1]);
    expect(preStopSeconds + 10).toBeLessThan(pod.terminationGracePeriodSeconds);
    expect(readFileSync(path.join(ROOT, "server.ts"), "utf8")).toContain("setTimeout(() => server.closeAllConnections(), 10_000)");
  });

  it("selects the Deployment's pods in the Service and the disruption budget, and keeps the metrics port out of the Service", () => {
    const all = manifests();
    const labels = (
      all.find((manifest) => manifest.kind === "Deployment" && manifest.metadata.name === "seller-portal")!.spec as {
        template: { metadata: { labels: Record<string, string> } };
      }
    ).template.metadata.labels;
    const service = all.find((manifest) => manifest.kind === "Service" && manifest.metadata.name === "seller-portal")!.spec as {
      selector: Record<string, string>;
      ports: { targetPort: string }[];
    };
    const budget = all.find((manifest) => manifest.kind === "PodDisruptionBudget")!.spec as { selector: { matchLabels: Record<string, string> } };
    expect(labels).toMatchObject(service.selector);
    expect(labels).toMatchObject(budget.selector.matchLabels);
    expect(service.ports.map((port) => port.targetPort)).toEqual(["http"]);
  });

  it("gives the ingress the body limits of deploy/nginx", () => {
    const ingresses = manifests().filter((manifest) => manifest.kind === "Ingress");
    const sizes = ingresses.map((ingress) => ingress.metadata.annotations!["nginx.ingress.kubernetes.io/proxy-body-size"]!).map(nginxSize);
    expect(sizes.sort((a, b) => a - b)).toEqual([16 * MiB, 64 * GiB]);
    // Every route with a body larger than the default has its paths in the large ingress.
    const large = ingresses.find((ingress) => nginxSize(ingress.metadata.annotations!["nginx.ingress.kubernetes.io/proxy-body-size"]!) === 64 * GiB)!;
    const paths = (large.spec as { rules: { http: { paths: { path: string }[] } }[] }).rules.flatMap((rule) => rule.http.paths.map((entry) => entry.path));
    for (const limit of BODY_LIMITS.filter((limit) => limit.maxBytes > 16 * MiB))
      expect(paths).toEqual(expect.arrayContaining([limit.path, `${limit.path}.data`]));
  });

  it("gives the ingress the per-client limits of deploy/nginx", () => {
    const connections = /^\s*limit_conn portal_connections_per_client (\d+);$/m.exec(nginxConf)![1];
    const [, rate, burst] = /rate=(\d+)r\/s;[\s\S]*limit_req zone=portal_requests_per_client burst=(\d+) nodelay;$/m.exec(nginxConf)!;
    for (const ingress of manifests().filter((manifest) => manifest.kind === "Ingress")) {
      const annotations = ingress.metadata.annotations!;
      expect(annotations["nginx.ingress.kubernetes.io/limit-connections"]).toBe(connections);
      expect(annotations["nginx.ingress.kubernetes.io/limit-rps"]).toBe(rate);
      expect(Number(annotations["nginx.ingress.kubernetes.io/limit-burst-multiplier"]) * Number(rate)).toBe(Number(burst));
    }
  });
});

describe("the image's Node flags", () => {
  const dockerfile = readFileSync(path.join(ROOT, "Dockerfile"), "utf8");
  const env = Object.fromEntries([...dockerfile.matchAll(/\b([A-Z_]+)=(\S+)/g)].map(([, name, value]) => [name!, value!]));
  const command = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[];
  const flags = [...env.NODE_OPTIONS!.split(" "), ...command.slice(1, -1)];

  it("are the ones npm start and the benchmarks use", () => {
    expect(command[0]).toBe("node");
    expect([...flags].sort()).toEqual([...DEPLOYED_NODE_ARGS].sort());
    expect(env.MALLOC_ARENA_MAX).toBe(DEPLOYED_ENV.MALLOC_ARENA_MAX);
    const scripts = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
    for (const script of [scripts.start!, scripts["start:portal"]!]) {
      for (const flag of DEPLOYED_NODE_ARGS) expect(script).toContain(` ${flag} `);
      expect(script).toContain(`MALLOC_ARENA_MAX=${DEPLOYED_ENV.MALLOC_ARENA_MAX} `);
    }
  });

  it("are still taken by this Node (a V8 flag can go with an upgrade: the portal would not start)", () => {
    const run = spawnSync(process.execPath, [...flags, "-e", "0"], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });
});

describe("the image's dependencies", () => {
  it("are what npm ci installs here: every stage skips install scripts, and the project has none of its own to skip", () => {
    const dockerfile = readFileSync(path.join(ROOT, "Dockerfile"), "utf8");
    const stages = dockerfile.split(/^FROM /m).slice(1);
    const installing = stages.filter((stage) => /^RUN npm ci\b/m.test(stage));
    expect(installing.length).toBeGreaterThanOrEqual(2);
    for (const stage of installing) expect(stage, stage).toMatch(/^RUN npm ci\b[^\n]*--ignore-scripts\b/m);
    // --ignore-scripts skips the project's own install scripts too: one here would run locally and not in the image.
    const { scripts } = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
    for (const name of ["preinstall", "install", "postinstall", "prepare"]) expect(scripts[name], name).toBeUndefined();
  });
});

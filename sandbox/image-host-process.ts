/**
 * The sandbox's image host as a process of its own (`--images-process`): sandbox/image-server.ts on its own event
 * loop, so that the images a benchmark asks for by the thousand (about half a millisecond of CPU each) do not queue
 * the portal's other upstream calls behind them in the sandbox's one loop. The image host on the internet, which
 * it stands for, is never on the portal's machine either.
 *
 * Started by the sandbox (image-server.ts, `startImageServerProcess`) with an IPC channel: it says where it listens
 * (`{ type: "listening", origin, port }`), and takes the sandbox's fault rules whenever they change
 * (`{ type: "faults", rules }`): its own copy of them, so a rule limited to `times` hits counts the image host's
 * requests apart from the services'.
 */
import { FaultRules, RequestCounter } from "./faults.ts";
import { startImageServer, type FromImageHost, type ToImageHost } from "./image-server.ts";

const port = Number(process.env.SANDBOX_IMAGE_HOST_PORT ?? 0);
const host = process.env.SANDBOX_IMAGE_HOST_ADDRESS ?? "127.0.0.1";
const faults = new FaultRules();
process.on("message", (message: ToImageHost) => {
  if (message.type !== "faults") return;
  faults.clear();
  for (const rule of message.rules) faults.add(rule);
});
// The sandbox went away: nothing is left to serve.
process.on("disconnect", () => process.exit(0));
const running = await startImageServer({ port, host, faults, counter: new RequestCounter() });
process.send!({ type: "listening", origin: running.origin, port: running.port } satisfies FromImageHost);

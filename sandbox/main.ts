import { parseArgs } from "node:util";
import { sandboxClient, sandboxKeys, sandboxServicePrefixes } from "#contract/upstream.ts";
import { demoAccounts, demoPassword } from "./seed.ts";
import { defaultDbPath, defaultPortalUrl, startSandbox } from "./server.ts";

/**
 * The sandbox's command line: `node sandbox/main.ts [--port 4000] [--host 127.0.0.1]
 * [--db path] [--reset] [--portal-url http://localhost:3000]… [--quiet]`.
 */

const usage = `Usage: node sandbox/main.ts [options]

  --port <n>         port to listen on (default: $SANDBOX_PORT or 4000; 0 = any free port)
  --host <host>      address to listen on (default 127.0.0.1)
  --smtp-port <n>    port of its SMTP server (default: $SANDBOX_SMTP_PORT or the port + 1000; 0 = any free port)
  --images-port <n>  port of its https image host (default: $SANDBOX_IMAGES_PORT or the port + 1500; 0 = any free port)
  --images-process   run the image host in a process of its own (default: $SANDBOX_IMAGES_PROCESS=true; else in the sandbox's)
  --db <path>        SQLite file (default sandbox/data/sandbox.sqlite)
  --reset            wipe the database and restore the seed
  --portal-url <url> origin of the portal, repeatable (default ${defaultPortalUrl})
  --token-ttl <s>    access token lifetime in seconds (default 3600)
  --decide-after <s> seconds until the marketplace confirms a company data change by itself (default 120)
  --quiet            do not log requests
  --help             show this text`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      port: { type: "string" },
      host: { type: "string" },
      "smtp-port": { type: "string" },
      "images-port": { type: "string" },
      "images-process": { type: "boolean", default: process.env.SANDBOX_IMAGES_PROCESS === "true" },
      db: { type: "string" },
      reset: { type: "boolean", default: false },
      "portal-url": { type: "string", multiple: true },
      "token-ttl": { type: "string" },
      "decide-after": { type: "string" },
      quiet: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
    strict: true,
  }));
} catch (error) {
  fail((error as Error).message);
}

if (values.help) {
  console.log(usage);
  process.exit(0);
}

const portText = values.port ?? process.env.SANDBOX_PORT ?? "4000";
const port = Number(portText);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`Invalid port: ${portText}`);

const smtpPortText = values["smtp-port"] ?? process.env.SANDBOX_SMTP_PORT;
const smtpPort = smtpPortText === undefined ? undefined : Number(smtpPortText);
if (smtpPort !== undefined && (!Number.isInteger(smtpPort) || smtpPort < 0 || smtpPort > 65535)) fail(`Invalid SMTP port: ${smtpPortText}`);

const imagesPortText = values["images-port"] ?? process.env.SANDBOX_IMAGES_PORT;
const imagesPort = imagesPortText === undefined ? undefined : Number(imagesPortText);
if (imagesPort !== undefined && (!Number.isInteger(imagesPort) || imagesPort < 0 || imagesPort > 65535)) fail(`Invalid images port: ${imagesPortText}`);

const ttlText = values["token-ttl"] ?? "3600";
const accessTokenTtlSeconds = Number(ttlText);
if (!Number.isInteger(accessTokenTtlSeconds) || accessTokenTtlSeconds <= 0) fail(`Invalid --token-ttl: ${ttlText}`);

const delayText = values["decide-after"] ?? "120";
const companyChangeDecisionSeconds = Number(delayText);
if (!Number.isInteger(companyChangeDecisionSeconds) || companyChangeDecisionSeconds < 0) fail(`Invalid --decide-after: ${delayText}`);

const portalUrls = values["portal-url"] ?? [defaultPortalUrl];
for (const url of portalUrls) {
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) fail(`Invalid --portal-url: ${url}`);
}

const sandbox = await startSandbox({
  port,
  smtpPort,
  imagesPort,
  imagesProcess: values["images-process"],
  host: values.host,
  dbPath: values.db ?? defaultDbPath,
  reset: values.reset,
  portalUrls,
  accessTokenTtlSeconds,
  companyChangeDecisionSeconds,
  log: values.quiet ? undefined : (line) => console.log(`[sandbox] ${line}`),
});

const width = Math.max(...demoAccounts.map((account) => account.username.length));
console.log(`
Marketplace sandbox running at ${sandbox.url}
  issuer      ${sandbox.issuer}
  client      ${sandboxClient.clientId} / ${sandboxClient.clientSecret}
  apikey      ${sandboxKeys.apiKey} (analytics: ${sandboxKeys.analyticsApiKey})
  portal      ${portalUrls.join(", ")}
  database    ${values.db ?? defaultDbPath}${values.reset ? " (reset to the seed)" : ""}
  services    ${Object.values(sandboxServicePrefixes).join(" ")}
  control     ${sandbox.url}/__sandbox
  mail        smtp://127.0.0.1:${sandbox.smtpPort}, received: ${sandbox.url}/__sandbox/mail
  images      ${sandbox.images.origin}/images/large.jpg (certificate ${sandbox.images.caPath})

Demo accounts (password "${demoPassword}"):
${demoAccounts.map((account) => `  ${account.username.padEnd(width)}  ${account.role.padEnd(40)}  ${account.seller}`).join("\n")}
`);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`[sandbox] ${signal}: shutting down`);
  try {
    await sandbox.close();
    process.exit(0);
  } catch (error) {
    console.error("[sandbox] shutdown failed", error);
    process.exit(1);
  }
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));

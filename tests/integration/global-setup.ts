import { startStack, type Stack } from "../support/stack";
import { CATALOGUE_UPLOAD_MAX_BYTES, INTEGRATION_PORTS, TOKEN_TTL_SECONDS } from "./ports";

let stack: Stack | undefined;

export async function setup() {
  stack = await startStack({
    ...INTEGRATION_PORTS,
    extraEnv: { SANDBOX_TOKEN_TTL: String(TOKEN_TTL_SECONDS), CATALOGUE_UPLOAD_MAX_BYTES: String(CATALOGUE_UPLOAD_MAX_BYTES) },
  });
}

export async function teardown() {
  await stack?.process.stop();
}

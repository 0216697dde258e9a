import { startStack, type Stack } from "../support/stack";
import { INTEGRATION_PORTS, TOKEN_TTL_SECONDS } from "./ports";

let stack: Stack | undefined;

export async function setup() {
  stack = await startStack({ ...INTEGRATION_PORTS, extraEnv: { SANDBOX_TOKEN_TTL: String(TOKEN_TTL_SECONDS) } });
}

export async function teardown() {
  await stack?.process.stop();
}

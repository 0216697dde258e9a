import type { Database } from "./db.ts";
import type { Provider } from "oidc-provider";

/** What every part of the running sandbox shares. */
export type SandboxContext = {
  db: Database;
  provider: Provider;
  issuer: string;
  origin: string;
};

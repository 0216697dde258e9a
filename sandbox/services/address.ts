import express from "express";
import type { SandboxContext } from "../context.ts";

/** The address service. Its endpoints come with the portal features that use them. */
export function addressService(_context: SandboxContext): express.Router {
  const router = express.Router();
  router.use(express.json({ limit: "1mb" }));
  return router;
}

import express from "express";
import type { SandboxContext } from "../context.ts";

/** The analytics service. Its endpoints come with the portal features that use them. */
export function analyticsService(_context: SandboxContext): express.Router {
  const router = express.Router();
  router.use(express.json({ limit: "1mb" }));
  return router;
}

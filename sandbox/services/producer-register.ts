import express from "express";
import type { SandboxContext } from "../context.ts";
import { registerLookup } from "../producer-register.ts";

/**
 * The producer registers' public lookup (GET /registrations/:kind/:number)
 * over the sandbox's register (producer-register.ts). No token, no key: the
 * real registers' producer lists are public.
 */
export function producerRegisterService(context: SandboxContext): express.Router {
  const router = express.Router();
  router.get("/registrations/:kind/:number", (req, res) => {
    const { status, answer } = registerLookup(context.db, String(req.params.kind), String(req.params.number), context.producerRegister);
    res.status(status).json(answer);
  });
  return router;
}

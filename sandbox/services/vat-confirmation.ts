import express from "express";
import type { SandboxContext } from "../context.ts";
import { evatrAnswer, serviceUp, viesAnswer } from "../vat-register.ts";

/**
 * The Federal Central Tax Office's VAT id confirmation, its REST interface
 * (eVatR: POST /app/v1/abfrage), over the sandbox's register (vat-register.ts).
 * No token, no key: the real one is public.
 */
export function vatConfirmationService(context: SandboxContext): express.Router {
  const router = express.Router();
  router.use(express.json({ limit: "16kb" }));
  router.post("/app/v1/abfrage", (req, res) => {
    const now = new Date();
    const { status, answer } = evatrAnswer(req.body, serviceUp(context.vatServices.evatr, "evatr", now), now);
    res.status(status).json(answer);
  });
  return router;
}

/** The EU's VIES check (POST /check-vat-number) over the same register: valid or not; Germany gives no name or address. */
export function viesService(context: SandboxContext): express.Router {
  const router = express.Router();
  router.use(express.json({ limit: "16kb" }));
  router.post("/check-vat-number", (req, res) => {
    const now = new Date();
    const { status, answer } = viesAnswer(req.body, serviceUp(context.vatServices.vies, "vies", now), now);
    res.status(status).json(answer);
  });
  return router;
}

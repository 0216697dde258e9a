import { randomUUID } from "node:crypto";
import type { Response } from "express";
import { UpstreamErrorBody } from "#contract/upstream.ts";

/** Every non-2xx answer of every service: the contract's error body with a fresh errorId. */
export function sendError(
  res: Response,
  status: number,
  message: string,
  errorCode: string,
  extra: Omit<UpstreamErrorBody, "message" | "errorCode" | "errorId"> = {},
): void {
  const body = UpstreamErrorBody.parse({ message, errorCode, errorId: randomUUID(), ...extra });
  res.status(status).json(body);
}

/**
 * Connections during a graceful shutdown: every response sent once it began
 * closes its connection (`Connection: close`), and one already under way
 * ends its connection as soon as it is sent. No client or load balancer then
 * sends another request on a connection that is about to close: nginx does
 * not try a POST again on another instance when the connection it was sent
 * on closes under it.
 */
import type { NextFunction, Request, Response } from "express";

export function drainingConnections() {
  let draining = false;
  const inFlight = new Set<Response>();
  return {
    middleware(_req: Request, res: Response, next: NextFunction): void {
      if (draining) res.setHeader("Connection", "close");
      else {
        inFlight.add(res);
        res.once("close", () => inFlight.delete(res));
      }
      next();
    },
    drain(): void {
      draining = true;
      for (const res of inFlight) {
        if (!res.headersSent) res.setHeader("Connection", "close");
        else res.once("finish", () => res.socket?.end());
      }
    },
  };
}

/** What the main thread and the image checker's thread say to each other (see image-check-thread.server.ts). */
import type { ImageCheckResult } from "#contract/catalogue-images.ts";

/** The checker's settings, given when its thread starts. */
export type ImageCheckerData = {
  atOnce: number;
  perFile: number;
  timeoutMs: number;
  allowedOrigin: string | null;
  allowedOriginCa: string | null;
};

export type ToImageChecker = { type: "check"; job: number; file: string; urls: string[] } | { type: "cancel"; job: number };

export type FromImageChecker = { type: "results"; job: number; results: ImageCheckResult[] } | { type: "done"; job: number };

import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Each page carries the manifest entries of its own routes; the browser asks /__manifest for the routes of the links it
  // meets (ADR 039): the whole manifest's route table cost every page's hydration more than its server CPU saved.
  routeDiscovery: { mode: "lazy" },
} satisfies Config;

import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The whole route manifest loads once as a cached file, instead of a partial one worked out and printed into every page (ADR 014).
  routeDiscovery: { mode: "initial" },
} satisfies Config;

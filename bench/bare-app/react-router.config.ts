import type { Config } from "@react-router/dev/config";

/** The bare React Router app of the server-cost benchmark: its own small build, beside the portal's. */
export default {
  ssr: true,
  buildDirectory: "build",
} satisfies Config;

/** The server build as app code sees it when it imports its own bundle (see services/http/route-table.server.ts). */
declare module "virtual:react-router/server-build" {
  import type { ServerBuild } from "react-router";
  export const routes: ServerBuild["routes"];
}

import { notFound } from "#app/services/http/not-found.server.ts";
import type { Route } from "./+types/not-found";
import { routeComponent } from "#app/lib/route-component.ts";

/** Any path no route matches. Also gives remix-i18next's middleware a route to run on. */
export async function loader(args: Route.LoaderArgs) {
  throw await notFound(args);
}

function NotFound() {
  return null;
}

export default routeComponent(NotFound);

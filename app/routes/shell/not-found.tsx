import { notFound } from "#app/services/http/not-found.server.ts";
import type { Route } from "./+types/not-found";

/** Any path no route matches. Also gives remix-i18next's middleware a route to run on. */
export async function loader(args: Route.LoaderArgs) {
  throw await notFound(args);
}

export default function NotFound() {
  return null;
}

import { data } from "react-router";
import { isSupportedLanguage } from "#app/lib/i18n/languages.ts";
import { messages } from "#app/locales/resources.ts";
import type { Route } from "./+types/locales";

/** One language's messages for the browser, cached for a day (the URL carries the build id). */
export function loader({ params }: Route.LoaderArgs) {
  if (!isSupportedLanguage(params.lng)) throw data({ message: "Unknown language" }, { status: 404 });
  return Response.json(messages[params.lng], {
    headers: { "Cache-Control": "public, max-age=86400" },
  });
}

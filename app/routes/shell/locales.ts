import { data } from "react-router";
import { isSupportedLanguage } from "#app/lib/i18n/languages.ts";
import { messages } from "#app/locales/resources.ts";
import type { Route } from "./+types/locales";

/**
 * A language's messages for the browser: the groups `?groups=a,b` names (a page's, ADR 038), or the whole language
 * without it. Cached for a day: the address carries the build id.
 */
export function loader({ params, request }: Route.LoaderArgs) {
  if (!isSupportedLanguage(params.lng)) throw data({ message: "Unknown language" }, { status: 404 });
  const all = messages[params.lng];
  const asked = new URL(request.url).searchParams.get("groups");
  let body = all;
  if (asked !== null) {
    const groups = asked === "" ? [] : asked.split(",");
    if (groups.some((group) => !Object.hasOwn(all, group))) throw data({ message: "Unknown message group" }, { status: 404 });
    body = Object.fromEntries(groups.map((group) => [group, all[group]!]));
  }
  return Response.json(body, { headers: { "Cache-Control": "public, max-age=86400" } });
}

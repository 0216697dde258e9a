/**
 * The build the server runs, for clients to notice a deploy
 * (components/shell/version-check.tsx). Never cached: a stale answer would hide
 * the new version.
 */
export function loader() {
  return Response.json({ version: __BUILD_ID__ }, { headers: { "Cache-Control": "no-store" } });
}

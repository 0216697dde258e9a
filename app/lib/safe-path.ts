/**
 * Accepts only a path on this origin ("/home?x=1"), never a URL that could
 * send the user elsewhere ("//evil.example", "/\\evil.example", "https://…").
 */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== "string" || !value.startsWith("/")) return undefined;
  if (value.startsWith("//") || value.startsWith("/\\")) return undefined;
  // Control characters and backslashes are read as slashes by some browsers.
  if (/[\u0000-\u001f\\]/.test(value)) return undefined;
  const url = new URL(value, "http://portal.invalid");
  if (url.origin !== "http://portal.invalid") return undefined;
  return url.pathname + url.search;
}

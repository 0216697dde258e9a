export type EnvironmentClass = "dev" | "preprod" | "prod";

const devWords = new Set(["dev", "develop", "development", "test", "testing", "sandbox", "local", "localhost"]);
const preprodWords = new Set(["preprod", "staging", "stage", "stg", "qa", "uat"]);

/**
 * Classifies an upstream base address by its host name.
 *
 * The host is cut into words at dots, hyphens and underscores, and a word
 * counts with trailing digits removed (`dev2`, `stage01`). Whole words only:
 * `devices.com`, `contest.example` or `stagecoach.de` are prod, while
 * `api.dev.example.com`, `seller-test.example.com` and `uat3.example.com`
 * are not. `pre-prod` is read as one word.
 *
 * - loopback addresses (`127.x.x.x`, `[::1]`, `0.0.0.0`) and the dev words
 *   (which take in `localhost`, `*.localhost` and `*.local`) → dev
 * - the preprod words → preprod
 * - everything else → prod, private network addresses (`10.x`, `192.168.x`)
 *   included: nothing in them says which stage they serve. An address that
 *   cannot be read at all is prod too: the indicator exists to warn, and
 *   "prod" is the warning.
 *
 * A host holding both kinds of words (`qa-sandbox`) is dev: either way it
 * is not where real sellers are, and "sandbox" says more than "qa".
 */
export function classifyEnvironment(baseUrl: string): EnvironmentClass {
  const host = hostName(baseUrl);
  if (host === null) return "prod";
  if (isLoopback(host)) return "dev";

  const words = host
    .replace(/pre-prod/g, "preprod")
    .split(/[.\-_]/)
    .map((word) => word.replace(/\d+$/, ""));
  if (words.some((word) => devWords.has(word))) return "dev";
  if (words.some((word) => preprodWords.has(word))) return "preprod";
  return "prod";
}

function hostName(baseUrl: string): string | null {
  const trimmed = baseUrl.trim();
  // A bare "localhost:8080" would parse with "localhost:" as its scheme.
  const withScheme = /^[a-z][a-z\d+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
  try {
    const host = new URL(withScheme).hostname.toLowerCase();
    return host === "" ? null : host;
  } catch {
    return null;
  }
}

function isLoopback(host: string): boolean {
  return host === "[::1]" || host === "0.0.0.0" || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * Where an error page sends the user on. It never offers a way that leads
 * straight back to the same error: the start page only when it exists and is
 * not the page that failed, the landing page (which every signed-in user may
 * open) otherwise; signed out, the welcome page.
 */

export const LANDING_PAGE = "/landing-page";
export const WELCOME_PAGE = "/";

export type ErrorPageWay =
  { kind: "startPage"; to: string } | { kind: "landingPage"; to: string } | { kind: "welcomePage"; to: string } | { kind: "retry"; to: string };

export type ErrorPageSituation = {
  signedIn: boolean;
  status: number;
  /** Path and query of the page that failed. */
  currentUrl: string;
  /** The user's start page when the server found that it has a page; null when unknown or missing. */
  startPage?: string | null;
};

function pathOf(url: string): string {
  return url.split(/[?#]/)[0] ?? url;
}

export function errorPageWays({ signedIn, status, currentUrl, startPage }: ErrorPageSituation): ErrorPageWay[] {
  const currentPath = pathOf(currentUrl);
  const ways: ErrorPageWay[] = [];
  // A missing page stays missing; any other failure may pass.
  if (status !== 404) ways.push({ kind: "retry", to: currentUrl });
  if (!signedIn) {
    if (currentPath !== WELCOME_PAGE) ways.push({ kind: "welcomePage", to: WELCOME_PAGE });
    return ways;
  }
  if (startPage && pathOf(startPage) !== currentPath) ways.push({ kind: "startPage", to: startPage });
  else if (currentPath !== LANDING_PAGE) ways.push({ kind: "landingPage", to: LANDING_PAGE });
  return ways;
}

/** Where the logo of an error page leads: the first way on that is not "try again". */
export function errorPageHome(ways: ErrorPageWay[], signedIn: boolean): string {
  return ways.find((way) => way.kind !== "retry")?.to ?? (signedIn ? LANDING_PAGE : WELCOME_PAGE);
}

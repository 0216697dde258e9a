import { describe, expect, it } from "vitest";
import { errorPageHome, errorPageWays } from "#app/lib/shell/error-page-ways.ts";

describe("the ways on from an error page", () => {
  it("offers a signed-in user the start page when it exists and is another page", () => {
    const ways = errorPageWays({ signedIn: true, status: 404, currentUrl: "/typo", startPage: "/seller-list" });
    expect(ways).toEqual([{ kind: "startPage", to: "/seller-list" }]);
    expect(errorPageHome(ways, true)).toBe("/seller-list");
  });

  it("offers the landing page instead when the start page is missing (unknown) or is the page that failed", () => {
    expect(errorPageWays({ signedIn: true, status: 404, currentUrl: "/invite-seller", startPage: null })).toEqual([
      { kind: "landingPage", to: "/landing-page" },
    ]);
    expect(errorPageWays({ signedIn: true, status: 404, currentUrl: "/seller-list?page=2", startPage: "/seller-list" })).toEqual([
      { kind: "landingPage", to: "/landing-page" },
    ]);
  });

  it("never links to the page that failed: on the landing page itself only a retry is left (and sign-out)", () => {
    const ways = errorPageWays({ signedIn: true, status: 502, currentUrl: "/landing-page?x=1" });
    expect(ways).toEqual([{ kind: "retry", to: "/landing-page?x=1" }]);
    expect(errorPageWays({ signedIn: true, status: 404, currentUrl: "/landing-page" })).toEqual([]);
  });

  it("offers a retry for failures other than 404, before the way elsewhere", () => {
    expect(errorPageWays({ signedIn: true, status: 503, currentUrl: "/overview", startPage: null }).map((way) => way.kind)).toEqual(["retry", "landingPage"]);
  });

  it("sends a signed-out user to the welcome page, unless that is what failed", () => {
    expect(errorPageWays({ signedIn: false, status: 404, currentUrl: "/nope", startPage: "/overview" })).toEqual([{ kind: "welcomePage", to: "/" }]);
    expect(errorPageWays({ signedIn: false, status: 500, currentUrl: "/" })).toEqual([{ kind: "retry", to: "/" }]);
    expect(errorPageHome([{ kind: "retry", to: "/" }], false)).toBe("/");
  });
});

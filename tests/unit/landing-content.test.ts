import { describe, expect, it } from "vitest";
import { landingAudience, liveShopTopics, staffTopics } from "#app/lib/shell/landing-content.ts";

describe("the landing page's content by role", () => {
  it("shows the onboarding steps only to sellers whose shop is not live", () => {
    expect(landingAudience("SELLER_ADMINISTRATOR", false)).toBe("onboarding");
    expect(landingAudience("SELLER_VIEWER_EXTERNAL", false)).toBe("onboarding");
    expect(landingAudience("SELLER_ADMINISTRATOR", true)).toBe("liveShop");
    expect(landingAudience("SELLER_VIEWER_EXTERNAL", true)).toBe("liveShop");
    expect(landingAudience("OPERATOR_OTHER", null)).toBe("staff");
    expect(landingAudience("TOM_TEAM_MEMBER", null)).toBe("staff");
  });

  it("tells a live shop's viewer about read-only access instead of My company", () => {
    expect(liveShopTopics("SELLER_ADMINISTRATOR")).toEqual(["analytics", "recommendations", "company"]);
    expect(liveShopTopics("SELLER_VIEWER_EXTERNAL")).toEqual(["analytics", "recommendations", "readOnly"]);
  });

  it("lists for staff exactly the screens their role may open", () => {
    expect(staffTopics("OPERATOR_ADMINISTRATOR")).toEqual(["administration", "markActive", "actAsSeller"]);
    expect(staffTopics("OPERATOR_BUSINESSDEVELOPER")).toEqual(["inviteSeller"]);
    expect(staffTopics("OPERATOR_BUSINESSDEVELOPER_INTERNATIONAL")).toEqual(["sellerList", "actAsSeller"]);
    expect(staffTopics("OPERATOR_SUCCESSMANAGER")).toEqual(["sellerList", "markActive", "actAsSeller"]);
    expect(staffTopics("OPERATOR_OTHER")).toEqual(["sellerList", "actAsSeller"]);
    expect(staffTopics("TOM_TEAM_MEMBER")).toEqual(["catalogueIntegration"]);
  });
});

import { CurrentUser, UserSession, type LanguageCode } from "@contract/upstream";
import { z } from "zod";
import type { ServiceCaller } from "../http.server";

export function userProfileClient(call: ServiceCaller) {
  return {
    currentUser: () => call({ path: "/me/user", schema: CurrentUser }),
    updateLanguage: (language: LanguageCode) => call({ method: "PUT", path: "/me/user/language", query: { language }, schema: CurrentUser }),
    substituteIntoSellerUser: (userProfileId: string) =>
      call({ method: "POST", path: "/me/user/substitute-into-seller-user", body: { userProfileId }, schema: CurrentUser }),
    removeSubstitution: () => call({ method: "DELETE", path: "/me/user/remove-substitution", schema: CurrentUser }),
    startSession: (expiresAt: Date) => call({ method: "POST", path: "/me/sessions", body: { expiresAt: expiresAt.toISOString() }, schema: UserSession }),
    session: (sessionId: string) => call({ path: `/me/sessions/${encodeURIComponent(sessionId)}`, schema: UserSession }),
    endSession: (sessionId: string) => call({ method: "DELETE", path: `/me/sessions/${encodeURIComponent(sessionId)}`, schema: z.undefined() }),
  };
}

import { CurrentUser, type LanguageCode } from "@contract/upstream";
import type { ServiceCaller } from "../http.server";

export function userProfileClient(call: ServiceCaller) {
  return {
    currentUser: () => call({ path: "/me/user", schema: CurrentUser }),
    updateLanguage: (language: LanguageCode) => call({ method: "PUT", path: "/me/user/language", query: { language }, schema: CurrentUser }),
    substituteIntoSellerUser: (userProfileId: string) =>
      call({ method: "POST", path: "/me/user/substitute-into-seller-user", body: { userProfileId }, schema: CurrentUser }),
    removeSubstitution: () => call({ method: "DELETE", path: "/me/user/remove-substitution", schema: CurrentUser }),
  };
}

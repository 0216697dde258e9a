import { CurrentUser, type LanguageCode } from "@contract/upstream";
import type { ServiceCaller } from "./index.server";

export function userProfileClient(call: ServiceCaller) {
  return {
    currentUser: () => call({ path: "/me/user", schema: CurrentUser }),
    updateLanguage: (language: LanguageCode) =>
      call({ method: "PUT", path: "/me/user/language", query: { language }, schema: CurrentUser }),
    removeSubstitution: () => call({ method: "DELETE", path: "/me/user/remove-substitution", schema: CurrentUser }),
  };
}

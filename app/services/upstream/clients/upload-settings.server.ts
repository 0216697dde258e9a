import { UploadSettings, type UploadSettingsInput } from "#contract/catalogue.ts";
import { CatalogueImportProgress, type StepType } from "#contract/upstream.ts";
import type { ServiceCaller } from "#app/services/upstream/http.server.ts";

/** The onboarding service's catalogue settings: how the catalogue arrives. */
export function uploadSettingsClient(call: ServiceCaller) {
  return {
    uploadSettings: () => call({ path: "/me/seller/upload-settings", schema: UploadSettings }),
    /** Answers the settings as stored: what the page shows afterwards. */
    saveUploadSettings: (settings: UploadSettingsInput) =>
      call({ method: "PATCH", path: "/me/seller/upload-settings", body: settings, schema: UploadSettings }),
    markAsFilled: (stepType: StepType) =>
      call({ method: "PUT", path: "/me/seller/catalogue-import-progress/mark-as-filled", body: { stepType }, schema: CatalogueImportProgress }),
  };
}

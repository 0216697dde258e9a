import { CatalogueFileType, FeedSchedule, FeedUrl, type UploadSettingsInput } from "#contract/catalogue.ts";
import { UploadType } from "#contract/upstream.ts";
import { z } from "zod";

/**
 * The settings form: flat, so every field keeps its value when the seller
 * switches the delivery method back and forth; the chosen method's fields
 * are required. Messages are translation keys below `catalogue.`.
 */
export function settingsSchema(ftpPasswordStored: boolean) {
  const optionalText = (max: number) => z.string().trim().max(max, "validation.tooLong").optional();
  return z
    .object({
      uploadType: UploadType,
      feedUrl: optionalText(2000),
      feedFormat: CatalogueFileType.optional(),
      feedSchedule: FeedSchedule.optional(),
      ftpHost: optionalText(253),
      ftpPort: z.number("validation.port").int("validation.port").min(1, "validation.port").max(65535, "validation.port").optional(),
      ftpUser: optionalText(100),
      ftpPassword: z.string().max(200, "validation.tooLong").optional(),
      ftpPath: optionalText(500),
    })
    .superRefine((value, ctx) => {
      const require = (path: keyof typeof value, message = "validation.required") => {
        if (value[path] === undefined || value[path] === "") ctx.addIssue({ code: "custom", path: [path], message });
      };
      if (value.uploadType === "FEED") {
        if (value.feedUrl && !FeedUrl.safeParse(value.feedUrl).success) ctx.addIssue({ code: "custom", path: ["feedUrl"], message: "validation.feedUrl" });
        require("feedUrl", "validation.feedUrl");
        require("feedFormat");
        require("feedSchedule");
      }
      if (value.uploadType === "FTP") {
        require("ftpHost");
        require("ftpPort", "validation.port");
        require("ftpUser");
        if (!ftpPasswordStored) require("ftpPassword", "validation.ftpPassword");
      }
    });
}

export type SettingsForm = z.infer<ReturnType<typeof settingsSchema>>;

/** What the service is sent: the chosen method's fields. */
export function toInput(form: SettingsForm): UploadSettingsInput {
  switch (form.uploadType) {
    case "DIRECT":
      return { uploadType: "DIRECT" };
    case "FEED":
      return { uploadType: "FEED", feedUrl: form.feedUrl!, feedFormat: form.feedFormat!, feedSchedule: form.feedSchedule! };
    case "FTP":
      return {
        uploadType: "FTP",
        ftpHost: form.ftpHost!,
        ftpPort: form.ftpPort!,
        ftpUser: form.ftpUser!,
        ftpPassword: form.ftpPassword || undefined,
        ftpPath: form.ftpPath ?? "",
      };
  }
}

import { hydratedAfterPage } from "#app/components/ui/hydrated-after-page.tsx";

/**
 * The file under review on the catalogue pages (file-review-sections.tsx: how it was read, its column mapping, the
 * check of its rows), hydrated after the page (ADR 037). The server renders it in full; each of its controls is a
 * native form, link or disclosure, so until its code is in (conform, the field pickers, the preview that follows a
 * select) it works as without JavaScript.
 */
export const FileReview = hydratedAfterPage(() => import("./file-review-sections.tsx").then((module) => module.FileReviewSections));

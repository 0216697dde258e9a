import type { OnboardingDocument } from "#contract/onboarding.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { DownloadLink } from "#app/components/ui/download-link.tsx";

/** A company document the seller uploaded, by its file name: in the documents step and in the answers under review. */
export function CompanyDocumentLink({ document }: { document: Pick<OnboardingDocument, "id" | "fileName"> }) {
  const { t } = useTranslation();
  return (
    <DownloadLink href={`/shop-setup/documents/${encodeURIComponent(document.id)}`} label={t("onboarding.documents.download", { name: document.fileName })}>
      {document.fileName}
    </DownloadLink>
  );
}

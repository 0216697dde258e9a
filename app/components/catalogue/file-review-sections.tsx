import type { SubmissionResult } from "@conform-to/react";
import type { CatalogueAnalysis } from "#contract/catalogue-analysis.ts";
import { useTranslation } from "#app/lib/i18n/use-translation.ts";
import { Form, useNavigation } from "react-router";
import { ErrorSummary, type UpstreamFailureView } from "./form-errors.tsx";
import { FileReading, type FormatOverrideView } from "./file-reading.tsx";
import { MappingSection, type MappingView } from "./mapping-section.tsx";
import { ValidationReport, type ReportPurpose } from "./validation-report.tsx";
import { DuplicateFileNotice } from "./duplicate-file-notice.tsx";
import { UpstreamFacts } from "#app/components/shell/errors/upstream-facts.tsx";
import type { DuplicateView } from "#app/lib/catalogue/catalogue-steps.ts";

/** What a catalogue page's action answered for its review forms ("read" and "map"). */
export type FileReviewAnswer = {
  intent: string;
  override?: FormatOverrideView;
  lastResult?: SubmissionResult<string[]>;
  upstreamFailure?: UpstreamFailureView;
};

type FileReviewSectionsProps = {
  /** The catalogue page the forms go to. */
  page: string;
  mapping: MappingView | null;
  analysis: CatalogueAnalysis | null;
  /** The preview with other settings the address asks for. */
  override: FormatOverrideView | null;
  /** The file's columns could not be loaded: said in the mapping's place. */
  mappingFailure: UpstreamFailureView | null;
  /** The file's stored check could not be loaded: said in the reading's place (the check of its rows is missing too). */
  analysisFailure: UpstreamFailureView | null;
  /** Read-only (a viewer, a file that can no longer change): shown as text, without forms. */
  locked: boolean;
  answer: FileReviewAnswer | undefined;
  /** What the check comes before, in its heading and lead: the onboarding's hand-over (the default) or an active seller's update. */
  purpose?: ReportPurpose;
  /** Right after its upload: the seller's other files the file repeats (the notice asks to keep or drop it). */
  duplicates?: DuplicateView[];
  /** The file's products view, which the check links to (with a filter per problem kind); none where there is no such view. */
  productsPath?: string;
};

/**
 * The file under review: how it was read (with the format override), its
 * column mapping, and the check of its rows with the problems download.
 */
export function FileReviewSections({
  page,
  mapping,
  analysis,
  override: requested,
  mappingFailure,
  analysisFailure,
  locked,
  answer,
  purpose,
  duplicates = [],
  productsPath,
}: FileReviewSectionsProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const submittingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const failure = answer?.upstreamFailure ?? null;
  // A refused "read the file this way" shows its own form again; otherwise the preview the address asks for.
  const override = answer?.intent === "read" && answer.override ? answer.override : requested;
  return (
    <>
      {mapping && duplicates.length > 0 && !locked ? (
        <DuplicateFileNotice page={page} file={{ id: mapping.fileId, fileName: mapping.fileName }} duplicates={duplicates} />
      ) : null}
      {mapping && analysis ? (
        <FileReading
          key={`reading-${mapping.fileId}-${analysis.analysedAt}`}
          action={page}
          fileId={mapping.fileId}
          fileName={mapping.fileName}
          format={analysis.format}
          preview={analysis.preview}
          topRows={analysis.topRows}
          override={override}
          readOnly={locked}
          reading={submittingIntent === "read"}
        />
      ) : mapping && analysisFailure ? (
        <section aria-labelledby="reading-title" className="file-reading">
          <h2 id="reading-title">{t("catalogueIntelligence.reading.title")}</h2>
          <MissingPart title={t("catalogueIntelligence.reading.analysisFailed")} failure={analysisFailure} />
        </section>
      ) : mapping && !locked ? (
        <section aria-labelledby="reading-title" className="file-reading">
          <h2 id="reading-title">{t("catalogueIntelligence.reading.title")}</h2>
          {override?.failure ? <ErrorSummary items={[]} upstream={override.failure} /> : null}
          <p>{t("catalogueIntelligence.reading.notAnalysed")}</p>
          <Form method="post" action={page}>
            <input type="hidden" name="fileId" value={mapping.fileId} />
            <button type="submit" name="intent" value="read" className="button button--secondary" disabled={submittingIntent === "read"}>
              {submittingIntent === "read" ? t("catalogueIntelligence.reading.applying") : t("catalogueIntelligence.reading.analyse")}
            </button>
          </Form>
        </section>
      ) : null}

      {mapping ? (
        <MappingSection
          key={`mapping-${mapping.fileId}-${analysis?.analysedAt ?? ""}`}
          mapping={mapping}
          readOnly={locked}
          lastResult={answer?.lastResult && navigation.state === "idle" ? answer.lastResult : undefined}
          failure={answer?.intent === "map" ? failure : null}
          saving={submittingIntent === "map"}
          loading={navigation.state === "loading"}
        />
      ) : mappingFailure ? (
        <section aria-labelledby="mapping-title">
          <h2 id="mapping-title">{t("catalogue.mapping.title")}</h2>
          <MissingPart title={t("catalogue.mapping.headersFailed")} failure={mappingFailure} />
        </section>
      ) : null}

      {mapping && analysis ? (
        <ValidationReport
          key={`report-${mapping.fileId}-${analysis.analysedAt}`}
          page={page}
          fileId={mapping.fileId}
          report={analysis.report}
          purpose={purpose}
          {...(productsPath ? { productsPath } : {})}
        />
      ) : null}
    </>
  );
}

/** In place of a part of the file's review that could not be loaded: which part, that the rest stands, and the service's facts. */
function MissingPart({ title, failure }: { title: string; failure: UpstreamFailureView }) {
  const { t } = useTranslation();
  return (
    <div className="inline-error" role="alert">
      <p>
        <strong>{title}</strong> {t("catalogue.partRetry")}
      </p>
      <UpstreamFacts facts={failure} />
    </div>
  );
}

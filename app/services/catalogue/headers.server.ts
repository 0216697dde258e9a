/**
 * A catalogue file's columns as the mapping form shows them: each header,
 * its sample values, the field it is mapped to and what the portal suggested
 * when it read the file. The one place the portal reads a file's headers,
 * samples and stored analysis together.
 */
import { marketplaceFields, type CatalogueHeaders, type MarketplaceField } from "#contract/catalogue.ts";
import type { CatalogueAnalysis, ColumnSuggestion } from "#contract/catalogue-analysis.ts";
import { upstream } from "#app/services/upstream/request-clients.server.ts";
import { UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";

export type MappingSuggestion = Pick<ColumnSuggestion, "field" | "confidence" | "source" | "change" | "renamedFrom" | "valuesDisagree">;

export type MappingColumn = { header: string; samples: string[]; field: MarketplaceField | null; suggestion: MappingSuggestion | null };

/** Where the form's choices come from: the file's saved mapping, the remembered one (the file arrived mapped), the suggestions, or none (never read). */
export type MappingPrefill = "saved" | "remembered" | "suggested" | "none";

export type MappingForm = { fileId: string; fileName: string; columns: MappingColumn[]; prefill: MappingPrefill };

/**
 * The form pre-filled with the file's saved mapping, else with the
 * suggestions of the stored analysis (a remembered mapping counts as one).
 */
export function toMappingForm(headers: CatalogueHeaders, analysis: CatalogueAnalysis | null = null): MappingForm {
  const suggestions = new Map(analysis?.columns.map((column) => [column.header, column]) ?? []);
  const saved = headers.headerMapping;
  const allRemembered = Boolean(analysis?.columns.length) && analysis!.columns.every((column) => column.source === "remembered" || !column.field);
  const prefill: MappingPrefill = saved
    ? allRemembered && analysis!.columns.every((column) => (saved[column.header] ?? null) === column.field)
      ? "remembered"
      : "saved"
    : analysis
      ? "suggested"
      : "none";
  return {
    fileId: headers.fileId,
    fileName: headers.fileName,
    prefill,
    columns: headers.headers.map((header) => {
      const suggestion = suggestions.get(header.name) ?? null;
      return {
        header: header.name,
        samples: header.samples,
        field: saved ? (saved[header.name] ?? null) : (suggestion?.field ?? null),
        suggestion: suggestion && {
          field: suggestion.field,
          confidence: suggestion.confidence,
          source: suggestion.source,
          change: suggestion.change,
          renamedFrom: suggestion.renamedFrom,
          ...(suggestion.valuesDisagree ? { valuesDisagree: true } : {}),
        },
      };
    }),
  };
}

/** The stored analysis of a file, or null when the portal stored none (a file from before, or one it could not read). */
export async function storedAnalysis(args: RequestArgs, fileId: string): Promise<CatalogueAnalysis | null> {
  try {
    return await upstream(args).catalogueUpload.analysis(fileId);
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) return null;
    throw error;
  }
}

export { marketplaceFields };

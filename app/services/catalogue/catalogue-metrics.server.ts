/** The catalogue hand-over in /metrics: uploads under way, and how much the inspector has read. */
import { counter, gauge } from "#app/services/observability/metrics.server.ts";

export const catalogueUploadsActive = gauge({
  name: "portal_catalogue_uploads_active",
  help: "Catalogue uploads streaming through this instance now",
});

export const catalogueBytesInspected = counter({
  name: "portal_catalogue_inspected_bytes_total",
  help: "Bytes of catalogue files the inspector read whole (uploads as they pass, stored files read again)",
});

export const catalogueRowsInspected = counter({
  name: "portal_catalogue_inspected_rows_total",
  help: "Rows of catalogue files the inspector checked, counted when a file is read to its end",
});

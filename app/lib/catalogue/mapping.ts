/** The column mapping form's rules, shared by the page (live checks) and its action. */
import { MarketplaceField, mappingProblems, type HeaderMapping } from "#contract/catalogue.ts";
import { z } from "zod";

/** One column per row: its header (hidden) and the chosen field, "" for none. Messages are keys below `catalogue.`. */
export const MappingSchema = z
  .object({
    intent: z.literal("map"),
    fileId: z.string().min(1),
    columns: z.array(z.object({ header: z.string(), field: MarketplaceField.optional() })),
  })
  .superRefine((value, ctx) => {
    const mapping: HeaderMapping = Object.fromEntries(value.columns.filter((column) => column.field).map((column) => [column.header, column.field!]));
    for (const { field, problem } of mappingProblems(mapping)) {
      if (problem === "required") ctx.addIssue({ code: "custom", path: [], message: `mapping.errors.required:${field}` });
      else
        value.columns.forEach((column, index) => {
          if (column.field === field) ctx.addIssue({ code: "custom", path: ["columns", index, "field"], message: `mapping.errors.duplicate:${field}` });
        });
    }
  });

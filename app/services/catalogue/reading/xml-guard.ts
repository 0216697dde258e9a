/**
 * What an XML catalogue may and may not bring with it. The parser (saxes)
 * never loads a DTD or anything an entity points to, and expands no entity
 * it is not given; on top of that a file is refused with a clear reason when
 * its DOCTYPE declares an external entity (a file or address to be read in)
 * or entities that refer to each other or expand to more than a few
 * characters (the "billion laughs"), so nothing it declares can make the
 * reading cost more than the file's own size. Short entities (`&auml;` → ä)
 * are taken, and so are the HTML character entities sellers' descriptions
 * use without declaring them. A parameter entity that names a content model
 * and refers to nothing (the BMEcat standard's `USERDEFINES`, which lists a
 * catalogue's `UDX.*` extensions for its DTD) is taken too: it serves only
 * declarations the parser never reads, and expands to nothing in the file.
 */
import iconv from "iconv-lite";
import type { ReadingProblem } from "#app/lib/catalogue/types.ts";

/** The longest replacement text of a declared entity: a character or a short abbreviation, never a multiplier. */
const MAX_ENTITY_CHARS = 8;
/** The most entities a DOCTYPE may declare. */
const MAX_ENTITIES = 256;
/**
 * The longest content model a parameter entity may name: room for a
 * USERDEFINES of a hundred extensions (`UDX.VENDOR.NAME?, ` each), far from
 * anything that could cost the reading.
 */
const MAX_CONTENT_MODEL_CHARS = 4096;
/** A content model and nothing else: names, `#PCDATA`, grouping, choices, sequences and how often. */
const CONTENT_MODEL = /^\s*\([\s\w.:#|,?*+()-]*\)[?*+]?\s*$/;

/** Character entities of HTML that descriptions use undeclared (`&nbsp;`, `&auml;`, `&euro;`…). */
export const htmlCharacterEntities: Readonly<Record<string, string>> = {
  nbsp: "\u00a0",
  auml: "ä",
  ouml: "ö",
  uuml: "ü",
  Auml: "Ä",
  Ouml: "Ö",
  Uuml: "Ü",
  szlig: "ß",
  euro: "€",
  copy: "©",
  reg: "®",
  trade: "™",
  deg: "°",
  shy: "\u00ad",
  ndash: "–",
  mdash: "—",
  bull: "•",
  hellip: "…",
  laquo: "«",
  raquo: "»",
  bdquo: "„",
  ldquo: "“",
  rdquo: "”",
  sbquo: "‚",
  lsquo: "‘",
  rsquo: "’",
  middot: "·",
  times: "×",
  frac12: "½",
  frac14: "¼",
  frac34: "¾",
  sup2: "²",
  sup3: "³",
  micro: "µ",
  plusmn: "±",
  eacute: "é",
  egrave: "è",
  agrave: "à",
  ccedil: "ç",
};

export type DoctypeVerdict =
  { ok: true; entities: Record<string, string> } | { ok: false; problem: Extract<ReadingProblem, "xmlExternalEntity" | "xmlEntityExpansion"> };

/**
 * Reads the entity declarations of a DOCTYPE (the text saxes reports, its
 * internal subset included): an external entity refuses the file as
 * external, an entity whose text refers to another one or is long as an
 * expansion; short plain ones are answered for the parser to use. A parameter
 * entity is taken only as a plain content model (`<!ENTITY % USERDEFINES
 * "(UDX.A?, UDX.B*)">`), never handed to the parser: anything else in one is
 * an expansion. Element and attribute declarations (`<!ELEMENT UDX.… >`) are
 * no concern.
 */
export function inspectDoctype(doctype: string): DoctypeVerdict {
  const entities: Record<string, string> = {};
  const declaration = /<!ENTITY\s+(%\s+)?([^\s%]+)\s+(?:(SYSTEM|PUBLIC)\b|"([^"]*)"|'([^']*)')/g;
  let count = 0;
  for (const match of doctype.matchAll(declaration)) {
    const [, parameter, name, external, double, single] = match;
    if (external) return { ok: false, problem: "xmlExternalEntity" };
    // Character references (`&#174;`) are the character; any other reference in the text builds on another entity.
    const value = (double ?? single ?? "").replace(/&#(x[0-9a-f]{1,6}|[0-9]{1,7});/gi, (_, code: string) => characterOf(code));
    if (/[&%]/.test(value) || ++count > MAX_ENTITIES) return { ok: false, problem: "xmlEntityExpansion" };
    if (parameter) {
      // It only serves the DTD's declarations, which are never read: taken while it names a content model of bounded size.
      if (value.length > MAX_CONTENT_MODEL_CHARS || !CONTENT_MODEL.test(value)) return { ok: false, problem: "xmlEntityExpansion" };
      continue;
    }
    if (value.length > MAX_ENTITY_CHARS) return { ok: false, problem: "xmlEntityExpansion" };
    entities[name!] = value;
  }
  // A declaration the pattern above did not read (odd spacing, no quotes) is not trusted either.
  const declared = doctype.match(/<!ENTITY/g)?.length ?? 0;
  if (declared !== count) return { ok: false, problem: "xmlEntityExpansion" };
  return { ok: true, entities };
}

function characterOf(code: string): string {
  const point = code[0] === "x" || code[0] === "X" ? Number.parseInt(code.slice(1), 16) : Number(code);
  return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : "&";
}

/** Decodes an XML file's bytes as they stream. */
export type XmlDecoding = { encoding: string; write(bytes: Uint8Array): string; end(): string };

/**
 * The decoder an XML file's first bytes call for: a byte order mark, else
 * the XML declaration's `encoding` (BMEcat 1.x files are often ISO-8859-1),
 * else UTF-8. Null for an encoding neither the platform nor iconv-lite knows.
 */
export function xmlDecoder(head: Uint8Array): { decoding: XmlDecoding; skip: number } | null {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { decoding: textDecoding("utf-8"), skip: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { decoding: textDecoding("utf-16le"), skip: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { decoding: textDecoding("utf-16be"), skip: 2 };
  const prolog = Buffer.from(head.subarray(0, 512)).toString("latin1");
  const declared = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(prolog)?.[1]?.toLowerCase() ?? "utf-8";
  try {
    return { decoding: textDecoding(declared), skip: 0 };
  } catch {
    if (!iconv.encodingExists(declared)) return null;
    const decoder = iconv.getDecoder(declared);
    return {
      decoding: {
        encoding: declared,
        write: (bytes) => decoder.write(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
        end: () => decoder.end() ?? "",
      },
      skip: 0,
    };
  }
}

function textDecoding(label: string): XmlDecoding {
  const decoder = new TextDecoder(label, { ignoreBOM: true });
  return { encoding: label, write: (bytes) => decoder.decode(bytes, { stream: true }), end: () => decoder.decode() };
}

/**
 * Streams a BMEcat catalogue (1.01, 1.2, 2005) with saxes, no DOM: each
 * ARTICLE or PRODUCT is handed on as its columns' values (named as
 * contract/bmecat.ts says) as soon as it closes, and nothing of it is kept
 * after that. Untidy files are taken as they come: any namespace or prefix
 * (elements are matched by their local names), a DOCTYPE with an internal
 * subset (never loaded, its entities checked, see xml-guard.ts), a long
 * group tree before the articles (kept bounded, see bmecat-groups.ts),
 * texts once per language (the reader's language, else the first),
 * several price types, amounts as written.
 */
import { SaxesParser, type SaxesTagPlain } from "saxes";
import {
  BMECAT_CATEGORY_COLUMN,
  BMECAT_IMAGE_COLUMN,
  BMECAT_ITEMS,
  BMECAT_ROOT,
  bmecatClassificationColumn,
  bmecatColumn,
  bmecatFeatureColumn,
  bmecatVersion,
} from "#contract/bmecat.ts";
import { GroupTree } from "./bmecat-groups.ts";
import { Refusal } from "#app/lib/catalogue/reading.ts";
import { MAX_RECORD_CHARS } from "#app/lib/catalogue/types.ts";
import { htmlCharacterEntities, inspectDoctype } from "./xml-guard.ts";
import { resolveMimeSource } from "#app/lib/catalogue/mime-source.ts";

export type BmecatItem = { id: string; values: Map<string, string>; groupInline: boolean };

export type BmecatEvents = {
  item(item: BmecatItem): void;
  /** An article-to-group map outside the items (BMEcat 1.x puts them after all articles). */
  groupMap(itemId: string, groupId: string): void;
};

/** Characters kept of one value. */
const VALUE_CHARS = 1000;
/** Columns kept of one item. */
const ITEM_COLUMNS = 500;
/** Elements deeper than this are no catalogue. */
const MAX_DEPTH = 100;
/** Text handed to the parser at once. */
const PIECE_CHARS = 64 * 1024;

const items = new Set<string>(BMECAT_ITEMS);
const groupMaps = new Set(["ARTICLE_TO_CATALOGGROUP_MAP", "PRODUCT_TO_CATALOGGROUP_MAP"]);
/** Values kept once (a price's tiers after the first are not the price). */
const firstOnly = /^(?:PRICE_AMOUNT|PRICE_CURRENCY|TAX|SUPPLIER_AID|SUPPLIER_PID|EAN|INTERNATIONAL_PID)\b/;

/** The `lang` values that mean the reader's language (BMEcat writes ISO 639-2: `deu`, `eng`). */
const languageCodes: Record<string, string[]> = {
  de: ["deu", "ger", "de", "de-de", "de-at", "de-ch"],
  en: ["eng", "en", "en-gb", "en-us"],
};

const localName = (name: string) => name.slice(name.indexOf(":") + 1);

/** An attribute by its local name (most tags have none; this runs for every tag). */
const attribute = (tag: SaxesTagPlain, name: string): string | undefined => {
  const attributes = tag.attributes;
  const direct = attributes[name];
  if (direct !== undefined) return direct;
  for (const key in attributes) if (key.endsWith(`:${name}`)) return attributes[key];
  return undefined;
};

/** A value that may come once per language: the first, replaced once by the one in the wanted language. */
class Localised {
  value: string | null = null;
  private wanted = false;

  offer(value: string, wantedLanguage: boolean): void {
    if (this.wanted) return;
    if (wantedLanguage || this.value === null) {
      this.value = value;
      this.wanted = wantedLanguage;
    }
  }
}

type ItemState = {
  id: string;
  values: Map<string, string>;
  wanted: Set<string>;
  groupInline: boolean;
  path: string[];
  types: (string | undefined)[];
  langs: (string | undefined)[];
  feature: { name: Localised; values: Map<string, string[]>; valueLangs: string[]; unit: string } | null;
  mime: { type: string; source: string; purpose: string } | null;
  featureSystem: string | undefined;
};

export class BmecatReader {
  version: "1.01" | "1.2" | "2005" | null = null;
  /** The catalogue's languages (HEADER/CATALOG/LANGUAGE), default first. */
  readonly languages: string[] = [];
  readonly groups = new GroupTree();
  /** Whether a lang-tagged text in the reader's language was met. */
  wantedLanguageSeen = false;
  /** HEADER/CATALOG/MIME_ROOT: the base a picture's relative MIME_SOURCE is under (2005: once per language). */
  private readonly mimeRoot = new Localised();
  private mimeRootLang: string | undefined;
  private readonly parser = new SaxesParser({ position: false });
  private readonly wantedCodes: ReadonlySet<string>;
  private readonly events: BmecatEvents;
  private depth = 0;
  private text = "";
  private item: ItemState | null = null;
  private itemDepth = 0;
  private group: { id: string; name: Localised; parent: string | null; root: boolean } | null = null;
  private map: { item: string; group: string } | null = null;
  private fed = 0;
  private lastTagAt = 0;

  constructor(language: string | undefined, events: BmecatEvents) {
    this.wantedCodes = new Set(languageCodes[(language ?? "").slice(0, 2).toLowerCase()] ?? []);
    this.events = events;
    Object.assign(this.parser.ENTITIES, htmlCharacterEntities);
    this.parser.on("doctype", (doctype) => {
      const verdict = inspectDoctype(doctype);
      if (!verdict.ok) throw new Refusal(verdict.problem);
      Object.assign(this.parser.ENTITIES, verdict.entities);
    });
    this.parser.on("opentag", (tag) => this.open(tag as SaxesTagPlain));
    this.parser.on("closetag", (tag) => this.close(localName(tag.name)));
    this.parser.on("text", (text) => this.append(text));
    this.parser.on("cdata", (text) => this.append(text));
    this.parser.on("error", (error) => {
      throw error;
    });
  }

  /** The next text of the file. */
  write(text: string): void {
    for (let offset = 0; offset < text.length; offset += PIECE_CHARS) {
      const piece = text.slice(offset, offset + PIECE_CHARS);
      this.fed += piece.length;
      this.guard(() => this.parser.write(piece));
      // An element or text that goes on for more than a megabyte is held by the parser whole: no catalogue has one.
      if (this.fed - this.lastTagAt > MAX_RECORD_CHARS) throw new Refusal("lineTooLong");
    }
  }

  end(): void {
    this.guard(() => this.parser.close());
    if (!this.version) throw new Refusal("notBmecat");
  }

  /** The language the texts were taken in: the reader's where the catalogue has it, else the catalogue's own. */
  get language(): string | null {
    const own = this.languages.find((language) => this.wantedCodes.has(language.toLowerCase()));
    if (own) return own;
    if (this.wantedLanguageSeen) return [...this.wantedCodes][0] ?? null;
    return this.languages[0] ?? null;
  }

  private guard(work: () => void): void {
    try {
      work();
    } catch (error) {
      if (error instanceof Refusal) throw error;
      throw new Refusal("xmlMalformed");
    }
  }

  private wantedLanguage(lang: string | undefined): boolean {
    const wanted = lang !== undefined && this.wantedCodes.has(lang.toLowerCase());
    if (wanted) this.wantedLanguageSeen = true;
    return wanted;
  }

  private append(text: string): void {
    if (this.text.length < VALUE_CHARS) this.text += text.slice(0, VALUE_CHARS - this.text.length);
  }

  private open(tag: SaxesTagPlain): void {
    this.lastTagAt = this.fed;
    const name = localName(tag.name);
    if (++this.depth > MAX_DEPTH) throw new Refusal("xmlMalformed");
    // Inside an item the text so far waits for the element to close: markup in a description (`<b>`) is part of its text.
    if (this.item) this.texts.push(this.text);
    this.text = "";
    if (this.depth === 1) {
      if (name !== BMECAT_ROOT) throw new Refusal("notBmecat");
      this.version = bmecatVersion(attribute(tag, "version"));
      if (!this.version) throw new Refusal("notBmecat");
      return;
    }
    const item = this.item;
    if (item) {
      item.path.push(name);
      item.types.push(attribute(tag, "type") ?? attribute(tag, "price_type"));
      item.langs.push(attribute(tag, "lang"));
      if (name === "FEATURE") item.feature = { name: new Localised(), values: new Map(), valueLangs: [], unit: "" };
      else if (name === "MIME") item.mime = { type: "", source: "", purpose: "" };
      return;
    }
    if (items.has(name)) {
      this.item = {
        id: "",
        values: new Map(),
        wanted: new Set(),
        groupInline: false,
        path: [],
        types: [],
        langs: [],
        feature: null,
        mime: null,
        featureSystem: undefined,
      };
      this.itemDepth = this.depth;
    } else if (name === "CATALOG_STRUCTURE") {
      this.group = { id: "", name: new Localised(), parent: null, root: attribute(tag, "type") === "root" };
    } else if (groupMaps.has(name)) this.map = { item: "", group: "" };
    else if (name === "GROUP_NAME" && this.group) this.groupNameLang = attribute(tag, "lang");
    else if (name === "MIME_ROOT") this.mimeRootLang = attribute(tag, "lang");
  }

  private groupNameLang: string | undefined;
  /** The texts of an item's open elements, outermost first. */
  private readonly texts: string[] = [];

  private close(name: string): void {
    this.lastTagAt = this.fed;
    const raw = this.text;
    const text = raw.trim();
    this.text = "";
    const item = this.item;
    // The enclosing element's text goes on after this one's.
    if (item && this.depth !== this.itemDepth) this.text = ((this.texts.pop() ?? "") + raw).slice(0, VALUE_CHARS);
    if (item && this.depth === this.itemDepth) {
      this.item = null;
      this.events.item({ id: item.id, values: item.values, groupInline: item.groupInline });
    } else if (item) {
      this.itemLeaf(item, name, text);
      item.path.pop();
      item.types.pop();
      item.langs.pop();
    } else if (this.group) {
      if (name === "GROUP_ID") this.group.id = text;
      else if (name === "GROUP_NAME") this.group.name.offer(text, this.wantedLanguage(this.groupNameLang));
      else if (name === "PARENT_ID") this.group.parent = text || null;
      else if (name === "CATALOG_STRUCTURE") {
        // The root's PARENT_ID (often "0") names no group.
        if (this.group.id) this.groups.add(this.group.id, this.group.name.value ?? "", this.group.root ? null : this.group.parent);
        this.group = null;
      }
    } else if (this.map) {
      if (name === "ART_ID" || name === "PROD_ID") this.map.item = text;
      else if (name === "CATALOG_GROUP_ID") this.map.group = text;
      else if (groupMaps.has(name)) {
        if (this.map.item && this.map.group) this.events.groupMap(this.map.item, this.map.group);
        this.map = null;
      }
    } else if (name === "LANGUAGE" && text) this.languages.push(text);
    else if (name === "MIME_ROOT" && text) this.mimeRoot.offer(text, this.wantedLanguage(this.mimeRootLang));
    this.depth--;
  }

  /** A leaf (or a feature or picture that closes) inside an item. */
  private itemLeaf(item: ItemState, name: string, text: string): void {
    const lang = item.langs.at(-1);
    const feature = item.feature;
    if (feature && name === "FNAME") feature.name.offer(text, this.wantedLanguage(lang));
    else if (feature && name === "FVALUE") {
      const key = lang ?? "";
      if (!feature.values.has(key)) feature.valueLangs.push(key);
      feature.values.set(key, [...(feature.values.get(key) ?? []), text]);
    } else if (feature && name === "FUNIT") feature.unit = text;
    else if (feature && name === "FEATURE") {
      const key = feature.valueLangs.find((candidate) => this.wantedLanguage(candidate)) ?? feature.valueLangs[0];
      const values = key === undefined ? [] : (feature.values.get(key) ?? []);
      if (feature.name.value) this.set(item, bmecatFeatureColumn(feature.name.value), [values.join(", "), feature.unit].filter(Boolean).join(" "), undefined);
      item.feature = null;
    } else if (item.mime && name !== "MIME") {
      if (name === "MIME_TYPE") item.mime.type = text;
      else if (name === "MIME_SOURCE") item.mime.source = text;
      else if (name === "MIME_PURPOSE") item.mime.purpose = text;
    } else if (item.mime && name === "MIME") {
      const { type, source, purpose } = item.mime;
      const picture = type.startsWith("image/") || /^(?:normal|detail|thumbnail)$/.test(purpose) || /\.(?:jpe?g|png|gif|webp|tiff?)$/i.test(source);
      // A path relative to the catalogue's MIME_ROOT (which comes in the header, before every item) as the address it names.
      if (picture && source) this.set(item, BMECAT_IMAGE_COLUMN, resolveMimeSource(source, this.mimeRoot.value), undefined);
      item.mime = null;
    } else if (name === "REFERENCE_FEATURE_SYSTEM_NAME") item.featureSystem = text;
    else if (name === "REFERENCE_FEATURE_GROUP_ID") this.set(item, bmecatClassificationColumn(item.featureSystem), text, undefined);
    else if (name === "CATALOG_GROUP_ID" && item.path.some((element) => groupMaps.has(element))) {
      item.groupInline = true;
      this.set(item, BMECAT_CATEGORY_COLUMN, this.groups.path(text), undefined);
    } else {
      const column = bmecatColumn(item.path, item.types);
      if (!column) return;
      if (item.path.length === 1) item.id = text;
      this.set(item, column, text, lang);
    }
  }

  /** An item's value: in the wanted language over another, the first of a price, others joined (keywords). */
  private set(item: ItemState, column: string, value: string, lang: string | undefined): void {
    if (value === "") return;
    const existing = item.values.get(column);
    if (existing === undefined && item.values.size >= ITEM_COLUMNS) return;
    if (lang !== undefined) {
      if (this.wantedLanguage(lang)) {
        if (!item.wanted.has(column)) {
          item.values.set(column, value);
          item.wanted.add(column);
        }
      } else if (existing === undefined) item.values.set(column, value);
      return;
    }
    if (existing === undefined) item.values.set(column, value);
    else if (!firstOnly.test(column) && existing.length < VALUE_CHARS) item.values.set(column, `${existing}, ${value}`.slice(0, VALUE_CHARS));
  }
}

/**
 * The names one source system gives the marketplace's fields in its exports,
 * as data: each entry is a header as that system writes it, the field it
 * means (or null: a known column that is none of the marketplace's fields,
 * such as a shop's internal id or a tax class), where it comes from (a key
 * of `documents`), and how surely the name means the field (1 unless said:
 * a net or sale price is a price, but a weaker candidate than the gross one).
 */
import type { MarketplaceField } from "#contract/catalogue.ts";

export type NameEntry<Document extends string = string> = readonly [name: string, field: MarketplaceField | null, from: Document, weight?: number];

export type SourceNames<Document extends string = string> = {
  /** The system as sellers know it. */
  system: string;
  /** The documents the names are taken from: key → title and address. */
  documents: Readonly<Record<Document, string>>;
  names: readonly NameEntry<Document>[];
};

/** Declares a source system's names (the type checks each entry's document key). */
export function sourceNames<Document extends string>(source: SourceNames<Document>): SourceNames<Document> {
  return source;
}

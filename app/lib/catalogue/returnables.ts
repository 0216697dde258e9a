/** What the catalogue team may return on its own (app/services/catalogue/integration.server.ts answers it). */
export type Returnables = {
  /** The seller's confirmed category mapping, each value with the category's path in the reader's language (null: unknown). */
  categories: { value: string; category: string | null }[];
  /** Products still needing a fix, the first of each file. */
  products: { fileId: string; fileName: string; row: number; title: string }[];
  /** Something could not be read (the mapping, the tree or a file's products): the form offers what was. */
  incomplete: boolean;
};

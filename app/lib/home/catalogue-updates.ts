/** The active seller's catalogue page, and what it says about each file (shared by its server code and its components). */
export const CATALOGUE_UPDATES_PATH = "/home/catalogue";

/** What became of a file: handed over at onboarding, sent in an update, or new (part of the next update). */
export type FileStatus = { kind: "handedOver" } | { kind: "sent"; at: string } | { kind: "open" };

/** An open file as the update's review lists it: mapped or not, and how many of its rows the marketplace will reject (null: not checked). */
export type OpenFile = { id: string; fileName: string; mappingComplete: boolean; rowsChecked: number | null; rowsRejected: number | null };

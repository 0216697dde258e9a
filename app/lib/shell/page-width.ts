/** A route's `handle` asking its layout for the wide column: for a task laid out as a grid (a file's columns beside their pickers). */
export type PageWidthHandle = { pageWidth?: "wide" };

/** What the reviews' CSV import takes: a module without Zod, so the import's form can say it in the browser. */

/** A file this size is thousands of reviews: more is a mistake, not an import. */
export const MAX_IMPORT_CHARS = 200_000;

export const IMPORT_COLUMNS = ["review", "client", "stylist", "rating", "date", "source"] as const;

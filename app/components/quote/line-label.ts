/**
 * Kept only while the quote form's modules (routes/prices-finish.tsx and
 * server/queries/quotes.server.ts) still import it from here: the rule lives
 * in domain/line-labels.ts, where everything else takes it from.
 */
export { lineLabel } from "~/domain/line-labels";

/**
 * The few lines the site prints once it listens, and nothing else at start:
 * where it is, which database it uses, whether this start wrote the demo
 * content, and where messages go.
 */
import type { DatabaseKind } from "~/server/db.server";

export interface StartupFacts {
  url: string;
  database: { kind: DatabaseKind; databaseUrl?: string; dataDir: string };
  content: "seeded" | "found";
  destinations: { mail: string; sms: string };
}

/** A PostgreSQL address without its credentials. */
function describeDatabase({ kind, databaseUrl, dataDir }: StartupFacts["database"]): string {
  if (kind === "embedded") return `embedded PostgreSQL in ${dataDir}/postgres`;
  if (kind === "pglite" || !databaseUrl) return `embedded PGlite in ${dataDir}/pglite`;
  const url = new URL(databaseUrl);
  return `PostgreSQL at ${url.host}${url.pathname}`;
}

export function startupSummary(facts: StartupFacts): string {
  return [
    `Maison Ivy is running at ${facts.url}`,
    `  database: ${describeDatabase(facts.database)}`,
    `  content:  ${facts.content === "seeded" ? "demo content seeded (first start)" : "existing content found"}`,
    `  e-mail:   ${facts.destinations.mail}`,
    `  texts:    ${facts.destinations.sms}`,
  ].join("\n");
}

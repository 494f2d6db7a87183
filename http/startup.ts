/**
 * The few lines the site prints once it listens, and nothing else at start:
 * where it is, which database it uses, whether this start wrote the demo
 * content, where messages go and, on a fresh install, how the first owner
 * signs in.
 */
import type { DatabaseKind } from "~/server/db.server";

export interface StartupFacts {
  url: string;
  database: { kind: DatabaseKind; databaseUrl?: string; dataDir: string };
  content: "seeded" | "found";
  destinations: { mail: string; sms: string };
  /** While no staff account exists, the one-time link for the first owner. */
  setupLink?: string;
}

/** A PostgreSQL address without its credentials. */
function describeDatabase({ kind, databaseUrl, dataDir }: StartupFacts["database"]): string {
  if (kind === "embedded" || !databaseUrl) return `embedded PostgreSQL in ${dataDir}/postgres`;
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
    // On a fresh install nobody can sign in yet: the first owner comes in through this link.
    ...(facts.setupLink
      ? [`  staff:    no account yet; the first owner signs up within the hour at ${facts.setupLink}`]
      : []),
  ].join("\n");
}

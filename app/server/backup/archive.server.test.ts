import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { migrationsFolder, openDatabase } from "../db.server";
import { seedDatabase } from "../seed.server";
import { restoreArchive } from "./archive.server";
import { createBackup } from "./backups.server";

/** Every PostgreSQL this run has: the embedded one, and the server at TEST_DATABASE_URL (an older major) when set. */
const servers: [string, () => string][] = [
  ["the embedded PostgreSQL", () => inject("embeddedDatabaseUrl")],
  ...(process.env.TEST_DATABASE_URL
    ? [["a PostgreSQL server", () => process.env.TEST_DATABASE_URL as string] as [string, () => string]]
    : []),
];

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A new, empty database on the server at `adminUrl`; dropped after the file. */
async function emptyDatabase(adminUrl: string): Promise<string> {
  const name = `salon_backup_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const again = new pg.Client({ connectionString: adminUrl });
    await again.connect();
    await again.query(`drop database if exists ${name} with (force)`);
    await again.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}

async function tempDir() {
  const dir = await mkdtemp(path.join(tmpdir(), "salon-archive-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

describe.each(servers)("a backup restored onto %s", (_name, adminUrl) => {
  it("taken while quotes are being saved, restores to a consistent state: no quote without its messages", async () => {
    const sourceUrl = await emptyDatabase(inject("embeddedDatabaseUrl"));
    const source = await openDatabase({ databaseUrl: sourceUrl, dataDir: tmpdir(), prepare: seedDatabase });
    const dir = await tempDir();
    let saved = 0;
    let writing = true;
    // Each quote and its two messages in one transaction, as the site saves them.
    const writer = (async () => {
      while (writing) {
        const link = `consistent-${saved}`;
        await source.db.transaction(async (tx) => {
          await tx.execute(sql`insert into quotes (link, name, mobile, email, referral, regular, selector, calculator, salon_id, level_id, lines, total_pence)
            select ${link}, 'Client', '07700900123', 'c@example.com', 'web', false, 'x', 'y', s.id, l.id, '[]'::jsonb, 1000
            from (select id from salons limit 1) s, (select id from levels limit 1) l`);
          for (const channel of ["email", "sms"])
            await tx.execute(sql`insert into outbox (channel, recipient, template, payload, message_id)
              values (${channel}, 'c@example.com', 'quote', ${JSON.stringify({ link })}::jsonb, ${`<${link}-${channel}@test>`})`);
        });
        saved++;
      }
    })();
    try {
      // The funnel's secret of the day (decision 076): it must not outlive the day in a backup.
      await source.db.execute(sql`insert into funnel_secrets (day, secret) values (current_date, '\\x01'::bytea)`);
      // Let some quotes in first, so the snapshot falls among them.
      while (saved < 20) await new Promise((r) => setTimeout(r, 5));
      const backup = await createBackup(sourceUrl, dir, { BACKUP_KEY: undefined, dataDir: dir });
      writing = false;
      await writer;

      const targetUrl = await emptyDatabase(adminUrl());
      const restored = await restoreArchive(targetUrl, backup.file, {
        migrationsFolder,
        keys: { BACKUP_KEY: undefined, dataDir: dir },
      });
      const restoredQuotes = restored.rows["public.quotes"] ?? 0;
      expect(restoredQuotes).toBeGreaterThan(0);
      expect(restoredQuotes).toBeLessThan(saved + 1);

      // The site starts on it: migrations (none newer here) and the seed's check, as at any start.
      const target = await openDatabase({ databaseUrl: targetUrl, dataDir: tmpdir(), prepare: seedDatabase });
      try {
        const orphans = await target.db.execute<{ n: number }>(sql`select count(*)::int as n from quotes q
          where q.link like 'consistent-%'
          and (select count(*) from outbox o where o.payload->>'link' = q.link) <> 2`);
        expect(orphans.rows[0]?.n).toBe(0);
        const lonely = await target.db.execute<{ n: number }>(sql`select count(*)::int as n from outbox o
          where o.payload->>'link' like 'consistent-%'
          and not exists (select 1 from quotes q where q.link = o.payload->>'link')`);
        expect(lonely.rows[0]?.n).toBe(0);
        const quotes = await target.db.execute<{ n: number }>(
          sql`select count(*)::int as n from quotes where link like 'consistent-%'`,
        );
        expect(quotes.rows[0]?.n).toBe(restoredQuotes);
        // The funnel's figures are rebuilt from the restored quotes, not restored on top of them; no secret came back.
        const funnel = await target.db.execute<{ saved: number; quotes: number; secrets: number }>(sql`select
          (select coalesce(sum(n), 0)::int from funnel_rollup where step = 'saved') as saved,
          (select count(*)::int from quotes) as quotes, (select count(*)::int from funnel_secrets) as secrets`);
        expect(funnel.rows[0]).toEqual({ saved: funnel.rows[0]?.quotes, quotes: funnel.rows[0]?.quotes, secrets: 0 });
        expect(restored.rows["public.funnel_secrets"]).toBeUndefined();
      } finally {
        await target.close();
      }
    } finally {
      writing = false;
      await writer;
      await source.close();
    }
  });
});

/**
 * An install from before decision 008 kept its data in PGlite under
 * DATA_DIR/pglite. On the first start of the embedded PostgreSQL server that
 * data is copied into it (every table of the schema, and the sequences), in
 * one transaction, and the old folder is renamed to `pglite-imported` so it
 * stays as a backup and is never imported twice.
 */
import { existsSync } from "node:fs";
import { rename } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "./db.server";

export async function importPgliteData(db: Database, dataDir: string, migrationsFolder: string): Promise<void> {
  const source = path.join(dataDir, "pglite");
  if (!existsSync(path.join(source, "PG_VERSION"))) return;
  // Rows in the new database mean it was seeded or imported already (a start cut short before the rename).
  const filled = await db.execute<{ filled: boolean }>(sql`select exists (select 1 from stylists) as filled`);
  if (!filled.rows[0]?.filled) {
    console.log(`database: importing the data of ${source} into the embedded PostgreSQL server`);
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const old = await PGlite.create(source);
    try {
      // Bring the old database to the same schema first, so every table matches column for column.
      await migrate(drizzle(old), { migrationsFolder });
      const tables = await old.query<{ name: string }>(
        "select quote_ident(tablename) as name from pg_tables where schemaname = 'public' order by tablename",
      );
      const sequences = await old.query<{ name: string; value: string }>(
        "select quote_ident(sequencename) as name, last_value::text as value from pg_sequences where schemaname = 'public' and last_value is not null",
      );
      await db.transaction(async (tx) => {
        // Foreign keys and triggers are off for this transaction only, so tables can be copied in any order.
        await tx.execute(sql`set local session_replication_role = replica`);
        for (const { name } of tables.rows) {
          const rows = await old.query<{ rows: string | null }>(`select json_agg(t)::text as rows from ${name} t`);
          const json = rows.rows[0]?.rows;
          if (!json) continue;
          const table = sql.raw(name);
          await tx.execute(
            sql`insert into ${table} select * from json_populate_recordset(null::${table}, ${json}::json)`,
          );
        }
        for (const { name, value } of sequences.rows)
          await tx.execute(sql`select setval(${name}::regclass, ${value}::bigint)`);
      });
    } finally {
      await old.close();
    }
  }
  await rename(source, `${source}-imported`);
  console.log(`database: the old data folder is kept as ${source}-imported; delete it once the site looks right`);
}

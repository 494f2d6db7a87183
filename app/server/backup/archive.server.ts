/**
 * The backup file: every row of the site's database, read in one
 * repeatable-read snapshot (so a quote and the messages saved with it are
 * both in it or both not), as PostgreSQL's own COPY text, gzipped. Decision
 * 030 says why the site writes this itself rather than running pg_dump.
 *
 * Layout, one gzip stream of lines (sealed in the file by seal.server.ts):
 *   a header line (JSON: format, version, when, server version, whether the
 *   webhook secrets were left out)
 *   per table, a JSON line naming it and its columns, its COPY rows, and `\.`
 *   a trailer line (JSON: rows per table, sequence values)
 * COPY text escapes every backslash and newline inside a value, so no row is
 * ever the line `\.`, and a file cut short has no trailer: reading it fails.
 *
 * The schema is not in the file: it is the committed migrations. A restore
 * applies the migrations the backup's database had (its drizzle migrations
 * table is one of the tables copied), then the rows; the site's next start
 * applies any newer ones, as on any upgrade.
 */
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { readMigrationFiles } from "drizzle-orm/migrator";
import pg from "pg";
import { from as copyFrom, to as copyTo } from "pg-copy-streams";
import { WEBHOOK_SECRET_SETTING } from "../webhooks.server";
import { BadArchiveError, type KeySettings, openSealed, type Seal, sealingStages } from "./seal.server";

const FORMAT = "maison-ivy-backup";
const VERSION = 1;
/** The schemas the site's migrations create tables in. */
const SCHEMAS = ["drizzle", "public"];
const MIGRATIONS_TABLE = "drizzle.__drizzle_migrations";
/**
 * Tables the database keeps from others by trigger (the dashboard's quote
 * figures, from the quotes; the scorecard's, from quotes, history lines and
 * matches; the CDN's purges, from content changes): not restored from the
 * archive, since restoring those rows rebuilds them, and truncating the
 * quotes empties them.
 */
const DERIVED_TABLES = new Set([
  "public.quote_rollup",
  "public.funnel_rollup",
  "public.scorecard_leads",
  "public.scorecard_rollup",
  "public.cdn_purges",
]);
/**
 * Tables never written to a backup: the funnel's secret of the day (decision
 * 076) must go with the day, not live on in every backup made during it.
 */
const UNSAVED_TABLES = new Set(["public.funnel_secrets"]);
/**
 * The rows that are secrets shared with other tools (the webhook's signing secret, the booking system's):
 * kept only in an encrypted backup, where they are as safe as the rest; an unencrypted one leaves them out
 * and the restore says to set them again.
 */
const SECRET_ROWS: Readonly<Record<string, string>> = {
  "public.site_settings": `key <> '${WEBHOOK_SECRET_SETTING}'`,
  "public.booking_webhook_secret": "false",
};
const END_OF_TABLE = Buffer.from("\\.\n");

interface Header {
  format: string;
  version: number;
  createdAt: string;
  server: string;
  /** The secrets of SECRET_ROWS were left out (an unencrypted backup). */
  secretsLeftOut?: boolean;
}
interface TableStart {
  table: string;
  columns: string[];
}
interface Trailer {
  rows: Record<string, number>;
  sequences: { name: string; value: string }[];
}

/** What a backup holds, as read back from its file. */
export interface ArchiveSummary {
  createdAt: Date;
  rows: Record<string, number>;
  /** Encrypted, tagged (checked with the key), or unchecked (an old backup, or restored with --unverified). */
  seal: Seal;
  /** The webhook secrets are not in it: they must be set again after a restore. */
  secretsLeftOut: boolean;
}

/** How a backup is opened: the keys, and whether a file tagged by a site key not here may open unchecked. */
export interface OpenOptions {
  keys: KeySettings;
  unverified?: boolean;
}

/** Thrown by a restore that would overwrite data without being told to. */
export class TargetNotEmptyError extends Error {}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const qualified = (table: string) => table.split(".").map(quoteIdent).join(".");

async function connect(databaseUrl: string): Promise<pg.Client> {
  // A connection of its own, without the site's statement time-outs: a backup of a large database takes a while.
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  client.on("error", () => {});
  await client.connect();
  return client;
}

/** The site's tables, parents before the tables that refer to them. */
async function tablesInOrder(client: pg.Client): Promise<string[]> {
  const tables = await client.query<{ oid: number; name: string }>(
    `select c.oid, n.nspname || '.' || c.relname as name
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and n.nspname = any($1) order by n.nspname, c.relname`,
    [SCHEMAS],
  );
  const references = await client.query<{ child: number; parent: number }>(
    "select conrelid::int as child, confrelid::int as parent from pg_constraint where contype = 'f' and conrelid <> confrelid",
  );
  const names = new Map(tables.rows.map((t) => [Number(t.oid), t.name]));
  const parents = new Map<number, Set<number>>();
  for (const r of references.rows) {
    if (!names.has(r.child) || !names.has(r.parent)) continue;
    const set = parents.get(r.child) ?? new Set<number>();
    set.add(r.parent);
    parents.set(r.child, set);
  }
  const ordered: string[] = [];
  const done = new Set<number>();
  const visiting = new Set<number>();
  const visit = (oid: number) => {
    if (done.has(oid)) return;
    if (visiting.has(oid)) throw new Error(`The tables' foreign keys form a cycle through ${names.get(oid)}`);
    visiting.add(oid);
    for (const parent of parents.get(oid) ?? []) visit(parent);
    visiting.delete(oid);
    done.add(oid);
    ordered.push(names.get(oid) as string);
  };
  // The migrations table first: a restore reads it to know which migrations make the schema.
  const oids = [...names.keys()].sort((a, b) =>
    names.get(a) === MIGRATIONS_TABLE ? -1 : names.get(b) === MIGRATIONS_TABLE ? 1 : 0,
  );
  for (const oid of oids) visit(oid);
  return ordered;
}

async function columnsOf(client: pg.Client, table: string): Promise<string[]> {
  const result = await client.query<{ name: string }>(
    `select attname as name from pg_attribute
     where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
     order by attnum`,
    [qualified(table)],
  );
  return result.rows.map((r) => r.name);
}

/**
 * Writes every row of the database at `databaseUrl` to `file`, from one snapshot, while the site keeps
 * running (reads do not block its writes), sealed with `keys`. Returns the rows written per table.
 */
export async function writeArchive(databaseUrl: string, file: string, keys: KeySettings): Promise<ArchiveSummary> {
  const { stages, encrypted } = await sealingStages(keys);
  const client = await connect(databaseUrl);
  const gzip = createGzip({ level: 3 });
  const finished = pipeline([gzip, ...stages, createWriteStream(file, { flags: "wx" })]);
  // Seen by the race below whenever it matters; this only keeps an early failure from going unhandled.
  finished.catch(() => {});
  const write = async (data: Buffer | string) => {
    if (!gzip.write(data)) await Promise.race([once(gzip, "drain"), finished]);
  };
  const createdAt = new Date();
  try {
    await client.query("begin isolation level repeatable read read only");
    const version = await client.query<{ server_version: string }>("show server_version");
    const header: Header = {
      format: FORMAT,
      version: VERSION,
      createdAt: createdAt.toISOString(),
      server: version.rows[0]?.server_version ?? "",
      ...(encrypted ? {} : { secretsLeftOut: true }),
    };
    await write(`${JSON.stringify(header)}\n`);
    const rows: Record<string, number> = {};
    for (const table of await tablesInOrder(client)) {
      if (UNSAVED_TABLES.has(table)) continue;
      const columns = await columnsOf(client, table);
      await write(`${JSON.stringify({ table, columns } satisfies TableStart)}\n`);
      const list = columns.map(quoteIdent).join(", ");
      const secrets = encrypted ? undefined : SECRET_ROWS[table];
      const source = secrets
        ? `(select ${list} from ${qualified(table)} where ${secrets})`
        : `${qualified(table)} (${list})`;
      const stream = client.query(copyTo(`copy ${source} to stdout`));
      for await (const chunk of stream) await write(chunk as Buffer);
      rows[table] = stream.rowCount;
      await write(END_OF_TABLE);
    }
    // Sequences are not transactional: their value now is at least every id the snapshot holds.
    const sequences = await client.query<{ name: string; value: string }>(
      `select schemaname || '.' || sequencename as name, last_value::text as value
       from pg_sequences where schemaname = any($1) and last_value is not null`,
      [SCHEMAS],
    );
    await write(`${JSON.stringify({ rows, sequences: sequences.rows } satisfies Trailer)}\n`);
    await client.query("commit");
    gzip.end();
    await finished;
    return { createdAt, rows, seal: encrypted ? "encrypted" : "tagged", secretsLeftOut: !encrypted };
  } catch (error) {
    gzip.destroy(error as Error);
    await finished.catch(() => {});
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The file's lines, without their newline; a line may be as long as the largest photo. */
async function* linesOf(file: string, opened: Awaited<ReturnType<typeof openSealed>>): AsyncGenerator<Buffer> {
  const gunzip = createGunzip();
  opened.stream.on("error", (error) => gunzip.destroy(error));
  const source = opened.stream.pipe(gunzip);
  let pending: Buffer[] = [];
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      let start = 0;
      for (;;) {
        const newline = chunk.indexOf(10, start);
        if (newline === -1) {
          if (start < chunk.length) pending.push(chunk.subarray(start));
          break;
        }
        const part = chunk.subarray(start, newline);
        if (pending.length > 0) {
          pending.push(part);
          yield Buffer.concat(pending);
          pending = [];
        } else yield part;
        start = newline + 1;
      }
    }
  } catch (error) {
    if (error instanceof BadArchiveError) throw error;
    throw new BadArchiveError(`${file} is damaged or cut short (${(error as Error).message}).`);
  }
  if (pending.length > 0) yield Buffer.concat(pending);
}

type Section =
  | { kind: "header"; header: Header; seal: Seal }
  | { kind: "table"; table: string; columns: string[]; rows: AsyncGenerator<Buffer[]> }
  | { kind: "trailer"; trailer: Trailer };

/**
 * The file's sections in order. A table's rows come in batches and must be read (or drained) before the
 * next section; the trailer's counts are checked against what was read.
 */
async function* sectionsOf(file: string, options: OpenOptions): AsyncGenerator<Section> {
  const opened = await openSealed(file, options.keys, { unverified: options.unverified });
  const lines = linesOf(file, opened);
  const next = async () => {
    const { value, done } = await lines.next();
    return done ? undefined : value;
  };
  const parse = (line: Buffer | undefined) => {
    try {
      return line ? (JSON.parse(line.toString("utf8")) as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  };
  const header = parse(await next());
  if (header?.format !== FORMAT)
    throw new BadArchiveError(`${file} is not a Maison Ivy backup (npm run backup writes them).`);
  if (header.version !== VERSION)
    throw new BadArchiveError(
      `${file} is a backup of format ${String(header.version)}, which this release cannot read.`,
    );
  yield { kind: "header", header: header as unknown as Header, seal: opened.seal };
  const counted: Record<string, number> = {};
  for (;;) {
    const line = await next();
    const section = parse(line);
    if (!section) throw new BadArchiveError(`${file} is cut short or damaged: it ends without its closing line.`);
    if ("rows" in section) {
      const trailer = section as unknown as Trailer;
      for (const [table, count] of Object.entries(trailer.rows))
        if (counted[table] !== count)
          throw new BadArchiveError(`${file} is damaged: ${table} should have ${count} rows, found ${counted[table]}.`);
      yield { kind: "trailer", trailer };
      return;
    }
    const { table, columns } = section as unknown as TableStart;
    let finished = false;
    async function* rows(): AsyncGenerator<Buffer[]> {
      let batch: Buffer[] = [];
      let size = 0;
      let count = 0;
      for (;;) {
        const row = await next();
        if (row === undefined) throw new BadArchiveError(`${file} is cut short inside ${table}.`);
        if (row.length === 2 && row[0] === 92 && row[1] === 46) break;
        batch.push(row);
        size += row.length + 1;
        count++;
        if (size >= 256 * 1024) {
          yield batch;
          batch = [];
          size = 0;
        }
      }
      if (batch.length > 0) yield batch;
      counted[table] = count;
      finished = true;
    }
    const iterator = rows();
    yield { kind: "table", table, columns, rows: iterator };
    if (!finished) for await (const _ of iterator);
  }
}

/** Reads the whole file and checks it is untouched (its tag), complete and self-consistent (each table's row count). */
export async function readArchiveSummary(file: string, options: OpenOptions): Promise<ArchiveSummary> {
  let start: { createdAt: Date; seal: Seal; secretsLeftOut: boolean } | undefined;
  for await (const section of sectionsOf(file, options)) {
    if (section.kind === "header") start = summaryStart(section);
    if (section.kind === "trailer" && start) return { ...start, rows: section.trailer.rows };
  }
  throw new BadArchiveError(`${file} ends without its closing line.`);
}

const summaryStart = (section: Extract<Section, { kind: "header" }>) => ({
  createdAt: new Date(section.header.createdAt),
  seal: section.seal,
  secretsLeftOut: section.header.secretsLeftOut === true,
});

async function existingTables(client: pg.Client): Promise<string[]> {
  const result = await client.query<{ name: string }>(
    "select schemaname || '.' || tablename as name from pg_tables where schemaname = any($1)",
    [SCHEMAS],
  );
  return result.rows.map((r) => r.name);
}

/**
 * Restores `file` into the database at `databaseUrl`, all in one transaction: an error leaves the database
 * as it was. Refuses a database that already has the site's tables unless `replace` is set, in which case
 * they are dropped first. `migrationsFolder` holds this release's migrations.
 */
export async function restoreArchive(
  databaseUrl: string,
  file: string,
  options: OpenOptions & { replace?: boolean; migrationsFolder: string },
): Promise<ArchiveSummary> {
  // Read the whole file once first: a damaged or changed one is refused before anything is touched.
  const summary = await readArchiveSummary(file, options);
  const client = await connect(databaseUrl);
  try {
    await client.query("begin");
    const existing = await existingTables(client);
    if (existing.length > 0) {
      if (!options.replace)
        throw new TargetNotEmptyError(
          `The database already holds the site's data (${existing.length} tables). Restore into a new DATA_DIR or an empty database, or add --replace to drop what is there first.`,
        );
      await client.query(`drop table if exists ${existing.map(qualified).join(", ")} cascade`);
      // And the functions the migrations made (the triggers' own), which replaying them makes again; an
      // extension's (pg_trgm's) stay with their extension, which the migrations create only if missing.
      const functions = await client.query<{ name: string }>(
        `select p.oid::regprocedure::text as name from pg_proc p where p.pronamespace = 'public'::regnamespace
           and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`,
      );
      for (const { name } of functions.rows) await client.query(`drop function if exists ${name} cascade`);
    }
    const known = readMigrationFiles({ migrationsFolder: options.migrationsFolder });
    const rows: Record<string, number> = {};
    let schemaReady = false;
    const makeSchema = async (applied: number[]) => {
      const newest = Math.max(0, ...applied);
      const newestKnown = Math.max(0, ...known.map((m) => m.folderMillis));
      if (newest > newestKnown)
        throw new BadArchiveError(
          "This backup was made by a newer release of the site (its database has migrations this release does not have): restore it with that release or a newer one.",
        );
      for (const migration of known.filter((m) => m.folderMillis <= newest))
        for (const statement of migration.sql) if (statement.trim()) await client.query(statement);
      // What the migrations themselves inserted is replaced by the backup's rows.
      const tables = (await existingTables(client)).filter((t) => t.startsWith("public.") && !DERIVED_TABLES.has(t));
      if (tables.length > 0) await client.query(`truncate ${tables.map(qualified).join(", ")} restart identity`);
      await client.query('create schema if not exists "drizzle"');
      await client.query(
        'create table if not exists "drizzle"."__drizzle_migrations" (id serial primary key, hash text not null, created_at bigint)',
      );
      schemaReady = true;
    };
    for await (const section of sectionsOf(file, options)) {
      if (section.kind === "header") continue;
      if (section.kind === "table") {
        let batches: Buffer[][] = [];
        if (section.table === MIGRATIONS_TABLE) {
          // Read first: which migrations to apply before any row goes in.
          for await (const batch of section.rows) batches.push(batch);
          const createdAtColumn = section.columns.indexOf("created_at");
          await makeSchema(batches.flat().map((row) => Number(row.toString("utf8").split("\t")[createdAtColumn])));
        } else if (!schemaReady) await makeSchema([]);
        if (DERIVED_TABLES.has(section.table)) {
          for await (const _batch of section.rows);
          continue;
        }
        const copy = client.query(
          copyFrom(`copy ${qualified(section.table)} (${section.columns.map(quoteIdent).join(", ")}) from stdin`),
        );
        const done = new Promise<void>((resolve, reject) => {
          copy.once("finish", resolve);
          copy.once("error", reject);
        });
        const send = async (batch: Buffer[]) => {
          const data = Buffer.concat(batch.flatMap((row) => [row, Buffer.from("\n")]));
          if (!copy.write(data)) await Promise.race([once(copy, "drain"), done]);
        };
        for (const batch of batches) await send(batch);
        batches = [];
        for await (const batch of section.rows) await send(batch);
        copy.end();
        await done;
        rows[section.table] = copy.rowCount;
      } else {
        for (const sequence of section.trailer.sequences)
          await client.query("select setval($1::regclass, $2::bigint, true)", [
            qualified(sequence.name),
            sequence.value,
          ]);
      }
    }
    await client.query("commit");
    return { ...summary, rows };
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Editing the public site's content from the console, one way for every
 * screen (offers, salons, team, prices, blog, reviews, pictures…):
 *
 * - the posted fields go through the screen's Zod schema, the same one the
 *   rest of the server trusts; a refusal names each field at fault (400);
 * - a save is made against the version the form was opened with, and changes
 *   nothing if someone saved the row since (409, with the current row shown
 *   again), so concurrent edits are caught, never silently overwritten;
 * - the change and its audit row commit together;
 * - every process drops its caches at once, because each content table
 *   notifies on change (see the content_changed triggers).
 */
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import { data } from "react-router";
import type { z } from "zod";
import type { Database } from "../db.server";
import type { UploadedFile } from "../multipart.server";
import { dropUnusedPictures, storePicture } from "../pictures.server";
import { siteSettings } from "../schema.server";
import { type AuditEntry, audit } from "./audit.server";
import type { StaffContext } from "./auth.server";

/** What an edit screen's action answers, read by its form (app/components/staff/edit.tsx). */
export type EditResult =
  | { done: string }
  | {
      error: string;
      fieldErrors?: Readonly<Record<string, string>>;
      /** What was posted, put back in the form so nothing typed is lost. */
      values?: Readonly<Record<string, string | undefined>>;
      /** Someone else saved the row since the form was opened. */
      stale?: boolean;
    };

type Input = Readonly<Record<string, string | undefined>>;

/** An answer the action returns as it is: the form shows it and keeps what was typed. */
export const refuse = (status: 400 | 404 | 409, result: Exclude<EditResult, { done: string }>) =>
  data<EditResult>(result, { status });

export type Refusal = ReturnType<typeof refuse>;

const STALE_MESSAGE =
  "Someone else saved a change to this while you had it open. Your entries are still in the form, and their version is shown beside it: save again to replace theirs with yours.";

/** The posted fields parsed by the screen's schema, or a 400 naming the first problem of each field. */
export function parseEdit<S extends z.ZodType>(
  schema: S,
  input: Input,
): { ok: true; value: z.infer<S> } | { ok: false; refusal: Refusal } {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? "form")] ??= issue.message;
  return {
    ok: false,
    refusal: refuse(400, {
      error: "Some of what you entered needs another look: see the message by each field.",
      fieldErrors,
      values: input,
    }),
  };
}

type Versioned = PgTable & { version: AnyPgColumn };

/** The transaction a save runs in, for writes that go with it. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Updates the row `where` selects if its version is still the one the form
 * was opened with (its `version` field), raising the version and writing the
 * audit entry in the same transaction. Answers null when saved, or the
 * refusal to return: 404 when the row is gone, 409 when someone saved first.
 */
export async function saveVersioned<T extends Versioned>(
  db: Database,
  staff: StaffContext,
  input: Input,
  change: {
    table: T;
    where: SQL;
    values: PgUpdateSetSource<T>;
    audit: AuditEntry;
    /** Said when the row is gone. */
    missing: string;
    /** More writes that belong to the same change, in its transaction, after the row is saved. */
    alongside?: (tx: Transaction) => Promise<void>;
  },
): Promise<Refusal | null> {
  const version = Number(input.version);
  if (!Number.isSafeInteger(version) || version < 1)
    return refuse(400, { error: "The form had no version: reload the page and try again.", values: input });
  const { table } = change;
  const outcome = await db.transaction(async (tx) => {
    const updated = await tx
      .update(table as PgTable)
      .set({ ...change.values, version: sql`${table.version} + 1` } as PgUpdateSetSource<PgTable>)
      .where(and(change.where, eq(table.version, version)))
      .returning({ version: table.version });
    if (updated.length === 0) {
      const [exists] = await tx
        .select({ version: table.version })
        .from(table as PgTable)
        .where(change.where)
        .limit(1);
      return exists ? "stale" : "missing";
    }
    await change.alongside?.(tx);
    await audit(tx, staff, change.audit);
    return "saved";
  });
  if (outcome === "missing") return refuse(404, { error: change.missing });
  if (outcome === "stale") return refuse(409, { error: STALE_MESSAGE, stale: true, values: input });
  return null;
}

/**
 * Stores the pictures a form carried (`fields`: the file fields; each has its
 * description in `{field}Alt`), answering each stored picture's id by field.
 * A refusal names the field at fault (the file, or its description) and keeps
 * what was typed. A picture stored before a later refusal is shown nowhere
 * and goes with the prune job.
 */
export async function storeFormPictures<F extends string>(
  db: Database,
  staff: StaffContext,
  input: Input,
  files: Readonly<Record<string, UploadedFile>>,
  fields: readonly F[],
): Promise<{ ok: true; ids: Partial<Record<F, string>> } | { ok: false; refusal: Refusal }> {
  const ids: Partial<Record<F, string>> = {};
  for (const field of fields) {
    const file = files[field];
    if (!file) continue;
    const stored = await storePicture(db, staff, { file, alt: input[`${field}Alt`] });
    if (!stored.ok) {
      const fieldName = stored.field === "alt" ? `${field}Alt` : field;
      return {
        ok: false,
        refusal: data<EditResult>(
          {
            error: `${stored.message} Your other entries are still in the form.`,
            fieldErrors: { [fieldName]: stored.message },
            values: input,
          },
          { status: stored.status },
        ),
      };
    }
    ids[field] = stored.picture.id;
  }
  return { ok: true, ids };
}

/**
 * A form's photo field ("picture", described in "pictureAlt") applied to a
 * row's `picture_id`: the upload stored, or the row going back to its
 * illustration ("removePicture" ticked). Answers the column's new value for
 * the save (nothing when neither happened), what to run in the save's
 * transaction (the replaced picture goes, unless something else shows it),
 * and a few words for the audit. `row.where` is null for a row being created.
 */
export async function pictureChange(
  db: Database,
  staff: StaffContext,
  input: Input,
  files: Readonly<Record<string, UploadedFile>>,
  row: { table: PgTable; column: AnyPgColumn; where: SQL | null },
  remove: boolean,
): Promise<
  | { ok: false; refusal: Refusal }
  | { ok: true; values: { pictureId?: string | null }; alongside: (tx: Transaction) => Promise<void>; note: string }
> {
  const stored = await storeFormPictures(db, staff, input, files, PICTURE_FIELD);
  if (!stored.ok) return stored;
  const pictureId = stored.ids.picture ?? null;
  if (pictureId === null && !remove) return { ok: true, values: {}, alongside: async () => {}, note: "" };
  const [before] = row.where ? await db.select({ id: row.column }).from(row.table).where(row.where) : [];
  return {
    ok: true,
    values: { pictureId },
    alongside: async (tx) => {
      await dropUnusedPictures(tx, [before?.id as string | null | undefined]);
    },
    note: pictureId ? ", new photo" : ", photo removed",
  };
}

const PICTURE_FIELD = ["picture"] as const;

/** Saves one settings row (site_settings) against the version the form showed, like any content row. */
export const saveSetting = (
  db: Database,
  staff: StaffContext,
  input: Input,
  key: string,
  value: string,
  summary: string,
) =>
  saveVersioned(db, staff, input, {
    table: siteSettings,
    where: eq(siteSettings.key, key),
    values: { value, updatedAt: new Date() },
    audit: { action: "settings.update", subject: { type: "setting", id: key }, summary },
    missing: "This setting is missing: restart the site to put it back.",
  });

/**
 * The console's side of the blog, notices, news and the online shop. Edits of
 * a row go through saveVersioned like every content screen; adding, moving
 * and removing rows write their audit row in the same transaction.
 */
import { and, asc, eq, max, min, ne, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { PictureRef } from "~/domain/pictures";
import { londonDay } from "~/domain/salon-time";
import type { AuditAction, OrderedSubject } from "~/domain/staff/audit-log";
import { inStoredOrder, withChanges } from "~/domain/staff/order";
import type { BlogPostInput, NoticeInput } from "~/domain/staff/site-content";
import { now } from "../clock.server";
import type { Database } from "../db.server";
import { renderMarkdown } from "../markdown.server";
import type { UploadedFile } from "../multipart.server";
import { dropUnusedPictures } from "../pictures.server";
import { POSTS_ORDER } from "../queries/content.server";
import { blogPosts, newsItems, notices, shopBanners, shopTiles, stylists } from "../schema.server";
import { audit } from "./audit.server";
import type { StaffContext } from "./auth.server";
import { parseEdit, pictureChange, type Refusal, refuse, saveVersioned, storeFormPictures } from "./content.server";

type Input = Readonly<Record<string, string | undefined>>;

/** A unique index refused the write (two people took one address at the same moment). */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === "23505") return true;
  return false;
}

const slugClash = (input: Input, where: string) =>
  refuse(409, {
    error: `Another ${where} already has that address. Please choose another one.`,
    fieldErrors: { slug: `The address ${input.slug ?? ""} is taken: please choose another.` },
    values: input,
  });

// ---------------------------------------------------------------------------
// Blog

export function listPostsForConsole(db: Database) {
  return db
    .select({
      id: blogPosts.id,
      slug: blogPosts.slug,
      title: blogPosts.title,
      author: blogPosts.author,
      publishedAt: blogPosts.publishedAt,
      status: blogPosts.status,
      publishAt: blogPosts.publishAt,
      pinned: blogPosts.pinned,
      version: blogPosts.version,
    })
    .from(blogPosts)
    .orderBy(...POSTS_ORDER);
}

/** Pins a post (first on the blog, before every post not pinned, however new) or takes its pin away. */
export async function pinPost(db: Database, staff: StaffContext, id: number, pin: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(blogPosts)
      .set({ pinned: pin })
      .where(and(eq(blogPosts.id, id), ne(blogPosts.pinned, pin)))
      .returning({ id: blogPosts.id });
    if (changed.length > 0)
      await audit(tx, staff, {
        action: "blog.pin",
        subject: { type: "blog_post", id },
        summary: pin ? "pinned" : "unpinned",
      });
    else if (!(await tx.query.blogPosts.findFirst({ where: (t, { eq }) => eq(t.id, id), columns: { id: true } })))
      return false;
    return true;
  });
}

/** One post, drafts too, with its uploaded cover (null: the illustration). */
export async function getPostForConsole(db: Database, id: number) {
  const [post] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
  if (!post) return undefined;
  const cover: PictureRef | null = post.coverId
    ? ((await db.query.pictures.findFirst({
        where: (t, { eq }) => eq(t.id, post.coverId as string),
        columns: { id: true, alt: true, width: true, height: true, widths: true, focusX: true, focusY: true },
      })) ?? null)
    : null;
  return { ...post, cover };
}

/** The cover file field of the post form; its description comes in `coverAlt`. */
const COVER_FIELD = ["cover"] as const;

/** Stores an uploaded cover: its id, null when none came, or the refusal to return. */
async function storeCover(
  db: Database,
  staff: StaffContext,
  input: Input,
  files: Readonly<Record<string, UploadedFile>>,
): Promise<{ ok: true; id: string | null } | { ok: false; refusal: Refusal }> {
  const stored = await storeFormPictures(db, staff, input, files, COVER_FIELD);
  return stored.ok ? { ok: true, id: stored.ids.cover ?? null } : stored;
}

/** What a post's row holds once its Markdown is rendered: publishing with no time given means now. */
function postValues(value: BlogPostInput, origin: string) {
  const publishAt = value.status === "published" ? (value.publishAt ?? now()) : value.publishAt;
  return {
    title: value.title,
    slug: value.slug,
    author: value.author,
    image: value.image,
    markdown: value.markdown,
    bodyHtml: renderMarkdown(value.markdown, origin),
    status: value.status,
    publishAt,
    publishedAt: londonDay(publishAt ?? now()),
  };
}

/** Whether another row of `table` (not `exceptId`) has the address `slug`. */
async function slugTaken(
  db: Database,
  table: PgTable & { id: AnyPgColumn; slug: AnyPgColumn },
  slug: string,
  exceptId: number | null,
): Promise<boolean> {
  const same = eq(table.slug, slug);
  const [other] = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(exceptId === null ? same : and(same, ne(table.id, exceptId)))
    .limit(1);
  return other !== undefined;
}

export async function createPost(
  db: Database,
  staff: StaffContext,
  input: Input,
  value: BlogPostInput,
  origin: string,
  files: Readonly<Record<string, UploadedFile>>,
): Promise<{ id: number } | Refusal> {
  if (await slugTaken(db, blogPosts, value.slug, null)) return slugClash(input, "post");
  const cover = await storeCover(db, staff, input, files);
  if (!cover.ok) return cover.refusal;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(blogPosts)
        .values({ ...postValues(value, origin), coverId: cover.id })
        .returning({ id: blogPosts.id });
      const id = row?.id ?? 0;
      await audit(tx, staff, { action: "blog.create", subject: { type: "blog_post", id }, summary: value.title });
      return { id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return slugClash(input, "post");
    throw error;
  }
}

export async function updatePost(
  db: Database,
  staff: StaffContext,
  id: number,
  input: Input,
  value: BlogPostInput,
  origin: string,
  files: Readonly<Record<string, UploadedFile>>,
): Promise<Refusal | null> {
  if (await slugTaken(db, blogPosts, value.slug, id)) return slugClash(input, "post");
  const cover = await storeCover(db, staff, input, files);
  if (!cover.ok) return cover.refusal;
  // A new cover (or going back to the illustration) replaces the one shown: it goes with the save.
  const replacing = cover.id !== null || value.removeCover;
  const [before] = await db.select({ coverId: blogPosts.coverId }).from(blogPosts).where(eq(blogPosts.id, id));
  try {
    return await saveVersioned(db, staff, input, {
      table: blogPosts,
      where: eq(blogPosts.id, id),
      values: { ...postValues(value, origin), ...(replacing ? { coverId: cover.id } : {}) },
      audit: {
        action: "blog.update",
        subject: { type: "blog_post", id },
        summary: `${value.title}${cover.id ? ", new cover" : value.removeCover ? ", cover removed" : ""}`,
      },
      missing: "That post has been deleted.",
      alongside: async (tx) => {
        if (replacing) await dropUnusedPictures(tx, [before?.coverId]);
      },
    });
  } catch (error) {
    if (isUniqueViolation(error)) return slugClash(input, "post");
    throw error;
  }
}

// ---------------------------------------------------------------------------
// Rows in an order staff choose: news items, shop banners and tiles

interface Ordered {
  table: PgTable & { id: AnyPgColumn; displayOrder: AnyPgColumn; version: AnyPgColumn };
  /** For the audit: "news_item", "shop_banner"… */
  subject: OrderedSubject;
  /**
   * On lists whose rows can show an uploaded photo instead of their
   * illustration: its column. The form's file field is "picture", its
   * description "pictureAlt", and "removePicture" goes back to the
   * illustration.
   */
  picture?: AnyPgColumn;
  /**
   * A new row goes first rather than last: a news item is added to be seen,
   * and the home page shows the first three.
   */
  newFirst?: boolean;
  /** On lists whose rows can be pinned: the column, and the audit's word for a pin (decision 090). */
  pins?: { column: AnyPgColumn; action: Extract<AuditAction, `${string}.pin`> };
}

export const NEWS: Ordered = {
  table: newsItems,
  subject: "news_item",
  picture: newsItems.pictureId,
  newFirst: true,
  pins: { column: newsItems.pinned, action: "news_item.pin" },
};
export const BANNERS: Ordered = { table: shopBanners, subject: "shop_banner" };
export const TILES: Ordered = { table: shopTiles, subject: "shop_tile", picture: shopTiles.pictureId };

/** Adds a row at the end of the list, or at its start for a list whose new rows go first. */
async function addOrdered(
  db: Database,
  staff: StaffContext,
  { table, subject, newFirst }: Ordered,
  values: Record<string, unknown>,
  summary: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [end] = await tx
      .select({ n: newFirst ? min(table.displayOrder) : max(table.displayOrder) })
      .from(table as PgTable);
    const [row] = await tx
      .insert(table)
      .values({ ...values, displayOrder: Number(end?.n ?? 0) + (newFirst ? -1 : 1) } as never)
      .returning({ id: table.id });
    const id = Number(row?.id);
    await audit(tx, staff, { action: `${subject}.create`, subject: { type: subject, id }, summary });
    return id;
  });
}

/**
 * Puts a row at a place in the list (`to`: 0 first), or one step up or down.
 * The whole list is read and locked, the row put where it goes among the
 * others as they now stand, and every row renumbered: two people moving rows
 * at once each move their row among the other's, never both to one place.
 * Answers where it stands now (0 first), or null when it is gone.
 */
async function placeOrdered(
  db: Database,
  staff: StaffContext,
  rows: Ordered,
  id: number,
  where: { to: number } | { direction: "up" | "down" },
): Promise<number | null> {
  const { table, subject } = rows;
  return db.transaction(async (tx) => {
    const stored = await tx
      .select({ id: table.id, order: table.displayOrder, pinned: rows.pins?.column ?? sql<boolean>`false` })
      .from(table as PgTable)
      .for("update");
    const list = inStoredOrder(
      stored.map((row) => ({ id: Number(row.id), order: Number(row.order), pinned: Boolean(row.pinned) })),
    );
    const at = list.findIndex((row) => row.id === id);
    if (at < 0) return null;
    const next = withChanges(list, [{ id, ...where }]);
    const place = next.findIndex((row) => row.id === id);
    if (place === at) return place;
    for (const [index, row] of next.entries())
      if (row.order !== index + 1)
        await tx
          .update(table as PgTable)
          .set({ displayOrder: index + 1 } as never)
          .where(eq(table.id, row.id));
    await audit(tx, staff, {
      action: `${subject}.move`,
      subject: { type: subject, id },
      summary: "to" in where ? `to place ${place + 1}` : where.direction,
    });
    return place;
  });
}

/**
 * Pins a row (first in the list, before every row not pinned, whatever is
 * added later) or takes its pin away (it stays where it was among the rest).
 */
async function pinOrdered(db: Database, staff: StaffContext, rows: Ordered, id: number, pin: boolean) {
  const { table, subject, pins } = rows;
  if (!pins) return false;
  return db.transaction(async (tx) => {
    const [first] = await tx.select({ n: min(table.displayOrder) }).from(table as PgTable);
    const changed = await tx
      .update(table as PgTable)
      .set((pin ? { pinned: true, displayOrder: Number(first?.n ?? 0) - 1 } : { pinned: false }) as never)
      .where(and(eq(table.id, id), ne(pins.column, pin)))
      .returning({ id: table.id });
    if (changed.length > 0)
      await audit(tx, staff, {
        action: pins.action,
        subject: { type: subject, id },
        summary: pin ? "pinned" : "unpinned",
      });
    else {
      const [still] = await tx
        .select({ id: table.id })
        .from(table as PgTable)
        .where(eq(table.id, id));
      if (!still) return false;
    }
    return true;
  });
}

/** Deletes a row if it is still the version the page showed: nobody's newer edit is thrown away unseen. */
async function removeRow(
  db: Database,
  staff: StaffContext,
  { table, subject, picture }: Ordered,
  id: number,
  input: Input,
): Promise<Refusal | null> {
  const version = Number(input.version);
  if (!Number.isSafeInteger(version)) return refuse(400, { error: "The form had no version: reload the page." });
  const outcome = await db.transaction(async (tx) => {
    const gone = await tx
      .delete(table)
      .where(and(eq(table.id, id), eq(table.version, version)))
      .returning({ id: table.id, pictureId: picture ?? sql<null>`null` });
    // Its photo goes with it, unless something else shows it too.
    await dropUnusedPictures(tx, [gone[0]?.pictureId as string | null]);
    if (gone.length === 0) {
      const [still] = await tx
        .select({ id: table.id })
        .from(table as PgTable)
        .where(eq(table.id, id));
      return still ? "stale" : "missing";
    }
    await audit(tx, staff, { action: `${subject}.delete`, subject: { type: subject, id } });
    return "deleted";
  });
  if (outcome === "stale")
    return refuse(409, {
      error:
        "Someone changed this since you opened the page. Look at their change, then remove it again if you still mean to.",
    });
  if (outcome === "missing") return refuse(404, { error: "That has already been removed." });
  return null;
}

/** One list screen's rows: their table, schema and how the console names them. */
export interface OrderedScreen<S extends z.ZodType<Record<string, unknown>>> {
  rows: Ordered;
  schema: S;
  /** "news item", "banner"… */
  noun: string;
  summary: (value: z.infer<S>) => string;
  /** The rows have an address (a slug) no two may share. */
  slugged?: boolean;
  /**
   * A field the row needs only while it shows its illustration (the
   * illustration's description): not asked for while an uploaded photo
   * stands in for it, and its message when it is missing.
   */
  illustrationOnly?: { field: string; message: string };
}

const rowId = (input: Input) => {
  const id = Number(input.id);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * Adds, saves, moves or removes a row of a list screen. Answers what the
 * page shows: a done message, or the refusal to return as it is.
 */
export async function orderedAction<S extends z.ZodType<Record<string, unknown>>>(
  db: Database,
  staff: StaffContext,
  screen: OrderedScreen<S>,
  verb: string,
  input: Input,
  files: Readonly<Record<string, UploadedFile>> = {},
): Promise<{ done: string; saved?: Input } | Refusal> {
  const { rows, noun } = screen;
  const id = rowId(input);
  if (verb !== "add" && id === null) return refuse(400, { error: `Which ${noun}? Reload the page and try again.` });
  const gone = () => refuse(404, { error: `That ${noun} has been removed.` });
  if (verb === "move") {
    const direction = input.direction === "up" ? "up" : input.direction === "down" ? "down" : null;
    if (!direction) return refuse(400, { error: "Move it up or down." });
    if ((await placeOrdered(db, staff, rows, id as number, { direction })) === null) return gone();
    return { done: `Moved the ${noun} ${direction}.` };
  }
  if (verb === "place") {
    // A place as people count it (1 first), from a drop or the "Move to" list.
    const place = Number(input.to);
    if (!Number.isSafeInteger(place) || place < 1)
      return refuse(400, { error: "Choose a place in the list: 1 is first." });
    const stands = await placeOrdered(db, staff, rows, id as number, { to: place - 1 });
    if (stands === null) return gone();
    return { done: `Moved the ${noun} to place ${stands + 1}.` };
  }
  if (verb === "pin" && rows.pins) {
    const pin = input.pinned === "1";
    if (!(await pinOrdered(db, staff, rows, id as number, pin))) return gone();
    return { done: pin ? `Pinned the ${noun}: it comes first.` : `Unpinned the ${noun}.` };
  }
  if (verb === "delete")
    return (await removeRow(db, staff, rows, id as number, input)) ?? { done: `Removed the ${noun}.` };
  if (verb !== "add" && verb !== "save") return refuse(400, { error: "That is not something this page does." });
  const parsed = parseEdit(screen.schema, input);
  if (!parsed.ok) return parsed.refusal;
  const { removePicture, ...value }: Record<string, unknown> = parsed.value;
  const slugged = rows.table as unknown as PgTable & { id: AnyPgColumn; slug: AnyPgColumn };
  if (screen.slugged && (await slugTaken(db, slugged, String(value.slug), id))) return slugClash(input, noun);
  const where = verb === "add" ? null : eq(rows.table.id, id as number);
  const photo = rows.picture
    ? await pictureChange(
        db,
        staff,
        input,
        files,
        { table: rows.table, column: rows.picture, where },
        removePicture === true,
      )
    : null;
  if (photo && !photo.ok) return photo.refusal;
  const needed = screen.illustrationOnly;
  if (needed && !value[needed.field]) {
    if (!(await showsPhoto(db, rows, where, photo?.values.pictureId)))
      return refuse(400, {
        error: "Some of what you entered needs another look: see the message by each field.",
        fieldErrors: { [needed.field]: needed.message },
        values: input,
      });
    // Left empty while a photo stands in: asked for again if the photo is ever removed.
    value[needed.field] = "";
  }
  const columns = { ...value, ...photo?.values };
  const summary = `${screen.summary(parsed.value)}${photo?.note ?? ""}`;
  try {
    if (verb === "add") {
      await addOrdered(db, staff, rows, columns, summary);
      return {
        done: rows.newFirst
          ? `Added the ${noun}. It is first in the list: move it down to show it later.`
          : `Added the ${noun}. It is last in the list: move it up to show it sooner.`,
      };
    }
    const refused = await saveVersioned(db, staff, input, {
      table: rows.table,
      where: eq(rows.table.id, id as number),
      values: columns as never,
      audit: {
        action: `${rows.subject}.update`,
        subject: { type: rows.subject, id: id as number },
        summary,
      },
      missing: `That ${noun} has been removed.`,
      alongside: photo?.alongside,
    });
    // The page comes back with the saved row's form still unfolded, for the next change.
    return refused ?? { done: `Saved the ${noun}.`, saved: { intent: input.intent, id: input.id } };
  } catch (error) {
    if (isUniqueViolation(error)) return slugClash(input, noun);
    throw error;
  }
}

/**
 * Whether the row shows an uploaded photo once saved: the photo this save
 * uploads or removes (`change`: an id, null, or undefined when it changes
 * nothing), else the one it has now.
 */
async function showsPhoto(
  db: Database,
  { table, picture }: Ordered,
  where: SQL | null,
  change: string | null | undefined,
): Promise<boolean> {
  if (change !== undefined) return change !== null;
  if (!picture || !where) return false;
  const [row] = await db
    .select({ id: picture })
    .from(table as PgTable)
    .where(where);
  return Boolean(row?.id);
}

// ---------------------------------------------------------------------------
// Notices

export function listNoticesForConsole(db: Database) {
  return db.select().from(notices).orderBy(asc(notices.id));
}

/** The alternatives must be people on the team page, or the notice would name nobody. */
export async function unknownStylists(db: Database, slugs: readonly string[]): Promise<string[]> {
  if (slugs.length === 0) return [];
  const known = new Set((await db.select({ slug: stylists.slug }).from(stylists)).map((s) => s.slug));
  return slugs.filter((s) => !known.has(s));
}

export function updateNotice(db: Database, staff: StaffContext, id: number, input: Input, value: NoticeInput) {
  return saveVersioned(db, staff, input, {
    table: notices,
    where: eq(notices.id, id),
    values: {
      title: value.title,
      lead: value.lead,
      body: value.body,
      publishFrom: value.publishFrom,
      publishUntil: value.publishUntil,
      sisterSalonText: value.sisterSalonText,
      alternativeStylists: value.alternativeStylists.join(", "),
      offerCode: value.offerCode,
      offerPercent: value.offerPercent,
      offerText: value.offerText,
      offerSmallPrint: value.offerSmallPrint,
    },
    audit: { action: "notice.update", subject: { type: "notice", id }, summary: value.title },
    missing: "That notice is gone.",
  });
}

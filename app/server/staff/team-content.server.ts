/**
 * The team as the console changes it: add, edit (with a photo and a montage
 * through the picture pipeline), reorder, retire and bring back. A retired
 * member keeps their row, so the reviews and saved quotes that name them
 * keep working; the public lists leave them out.
 */
import { eq, isNull, sql } from "drizzle-orm";
import { type Focus, focusText } from "~/domain/picture-focus";
import { inStoredOrder, withChanges } from "~/domain/staff/order";
import { slugFor, teamMemberSchema } from "~/domain/staff/team";
import { now } from "../clock.server";
import type { Database } from "../db.server";
import type { UploadedFile } from "../multipart.server";
import { dropUnusedPictures } from "../pictures.server";
import { readEveryMember } from "../queries/content.server";
import { pictures as picturesTable, stylists } from "../schema.server";
import { audit } from "./audit.server";
import type { StaffContext } from "./auth.server";
import { parseEdit, type Refusal, refuse, saveVersioned, storeFormPictures, type Transaction } from "./content.server";

type Input = Readonly<Record<string, string | undefined>>;

/** The picture fields of the member form: file field name → the column it fills. */
const MEMBER_PICTURES = { photo: "photoId", montage: "montageId" } as const;
type PictureField = keyof typeof MEMBER_PICTURES;

/** Every member for the console, retired ones last, with their row version. */
export async function listMembersForStaff(db: Database) {
  const [members, versions] = await Promise.all([
    readEveryMember(db),
    db.select({ id: stylists.id, version: stylists.version }).from(stylists),
  ]);
  const versionOf = new Map(versions.map((v) => [v.id, v.version]));
  return [...members.filter((m) => !m.retired), ...members.filter((m) => m.retired)].map((m) => ({
    ...m,
    version: versionOf.get(m.id) ?? 1,
  }));
}

export async function getMemberForStaff(db: Database, id: number) {
  return (await listMembersForStaff(db)).find((m) => m.id === id);
}

/** The form's fields as the stored row names them (checkbox "on" or ""). */
export function memberFormValues(member: Awaited<ReturnType<typeof getMemberForStaff>>) {
  if (!member) return {};
  return {
    firstName: member.firstName,
    lastName: member.lastName,
    salonId: String(member.salonId),
    levelId: String(member.levelId),
    para1: member.para1,
    para2: member.para2,
    para3: member.para3 ?? "",
    acceptingNewClients: member.acceptingNewClients ? "on" : "",
    instagram: member.instagram ?? "",
    photoFocusX: String(member.photo?.focusX ?? 50),
    photoFocusY: String(member.photo?.focusY ?? 50),
  };
}

/**
 * Sets the focal point of the portrait a member shows (`photoId`): the new
 * upload's or, with none, the one already there, so the point can be moved
 * without uploading again. Nothing to do while they show the illustration.
 */
async function setPhotoFocus(tx: Transaction, photoId: string | null | undefined, focus: Focus) {
  if (!photoId) return;
  await tx.update(picturesTable).set({ focusX: focus.x, focusY: focus.y }).where(eq(picturesTable.id, photoId));
}

const photoFocus = (v: ReturnType<typeof teamMemberSchema.parse>): Focus => ({ x: v.photoFocusX, y: v.photoFocusY });

const storeMemberPictures = (db: Database, staff: StaffContext, input: Input, files: Record<string, UploadedFile>) =>
  storeFormPictures(db, staff, input, files, Object.keys(MEMBER_PICTURES) as PictureField[]);

const pictureColumns = (ids: Partial<Record<PictureField, string>>) => ({
  ...(ids.photo ? { photoId: ids.photo } : {}),
  ...(ids.montage ? { montageId: ids.montage } : {}),
});

const knownIds = async (db: Database, salonId: number, levelId: number) => {
  const [salon, level] = await Promise.all([
    db.query.salons.findFirst({ where: (t, { eq }) => eq(t.id, salonId), columns: { id: true } }),
    db.query.levels.findFirst({ where: (t, { eq }) => eq(t.id, levelId), columns: { id: true } }),
  ]);
  const fieldErrors: Record<string, string> = {};
  if (!salon) fieldErrors.salonId = "Please choose one of the salons.";
  if (!level) fieldErrors.levelId = "Please choose one of the levels.";
  return fieldErrors;
};

async function parseMember(db: Database, input: Input) {
  const parsed = parseEdit(teamMemberSchema, input);
  if (!parsed.ok) return parsed;
  const fieldErrors = await knownIds(db, parsed.value.salonId, parsed.value.levelId);
  if (Object.keys(fieldErrors).length > 0)
    return {
      ok: false as const,
      refusal: refuse(400, { error: "Please choose a salon and a level from the lists.", fieldErrors, values: input }),
    };
  return parsed;
}

/** How the audit names each of the form's columns when a save changes it. */
const COLUMN_WORDS: Record<keyof ReturnType<typeof columnsOf>, string> = {
  firstName: "first name",
  lastName: "last name",
  salonId: "salon",
  levelId: "level",
  para1: "first paragraph",
  para2: "second paragraph",
  para3: "third paragraph",
  acceptingNewClients: "taking new clients",
  instagram: "Instagram",
};

/**
 * What a save changed, for its audit entry ("Nádia O’Kafor-Smith (was Nadia
 * Okafor), changed third paragraph and Instagram"): the name it had, when it
 * changed, and the other columns changed, named, never their text.
 */
function changesOf(before: ReturnType<typeof columnsOf> | undefined, after: ReturnType<typeof columnsOf>) {
  if (!before) return { was: null, changed: null };
  const renamed = before.firstName !== after.firstName || before.lastName !== after.lastName;
  const words = (Object.keys(COLUMN_WORDS) as (keyof typeof COLUMN_WORDS)[])
    .filter((column) => column !== "firstName" && column !== "lastName" && before[column] !== after[column])
    .map((column) => COLUMN_WORDS[column]);
  return {
    was: renamed ? `${before.firstName} ${before.lastName}` : null,
    changed: words.length > 1 ? `${words.slice(0, -1).join(", ")} and ${words.at(-1)}` : (words[0] ?? null),
  };
}

const columnsOf = (v: ReturnType<typeof teamMemberSchema.parse>) => ({
  firstName: v.firstName,
  lastName: v.lastName,
  salonId: v.salonId,
  levelId: v.levelId,
  para1: v.para1,
  para2: v.para2,
  para3: v.para3,
  acceptingNewClients: v.acceptingNewClients,
  instagram: v.instagram,
});

/** Adds a member at the end of the team. Answers their id, or the refusal to return. */
export async function createMember(
  db: Database,
  staff: StaffContext,
  input: Input,
  files: Record<string, UploadedFile>,
): Promise<{ ok: true; id: number } | { ok: false; refusal: Refusal }> {
  const parsed = await parseMember(db, input);
  if (!parsed.ok) return parsed;
  const pictures = await storeMemberPictures(db, staff, input, files);
  if (!pictures.ok) return pictures;
  const id = await db.transaction(async (tx) => {
    // One new member at a time, so two people adding an "Isla" get isla and isla-2.
    await tx.execute(sql`lock table stylists in share row exclusive mode`);
    const taken = new Set((await tx.select({ slug: stylists.slug }).from(stylists)).map((r) => r.slug));
    const last = await tx.select({ order: stylists.displayOrder }).from(stylists);
    const [row] = await tx
      .insert(stylists)
      .values({
        ...columnsOf(parsed.value),
        slug: slugFor(parsed.value.firstName, taken),
        // The illustration every page shows until a photo is uploaded.
        image: "/images/team/placeholder.svg",
        montageImage: "/images/team/placeholder-montage.svg",
        displayOrder: Math.max(0, ...last.map((r) => r.order)) + 1,
        ...pictureColumns(pictures.ids),
      })
      .returning({ id: stylists.id, slug: stylists.slug });
    if (!row) throw new Error("The new member was not stored");
    await setPhotoFocus(tx, pictures.ids.photo, photoFocus(parsed.value));
    await audit(tx, staff, {
      action: "team.create",
      subject: { type: "stylist", id: row.id },
      summary: `${parsed.value.firstName} ${parsed.value.lastName} (/team/${row.slug})`,
    });
    return row.id;
  });
  return { ok: true, id };
}

/** Saves the member form against the version it was opened with; new pictures replace the old. */
export async function updateMember(
  db: Database,
  staff: StaffContext,
  id: number,
  input: Input,
  files: Record<string, UploadedFile>,
): Promise<Refusal | null> {
  const parsed = await parseMember(db, input);
  if (!parsed.ok) return parsed.refusal;
  const pictures = await storeMemberPictures(db, staff, input, files);
  if (!pictures.ok) return pictures.refusal;
  const changed = Object.keys(pictures.ids);
  // The pictures shown before this save: those it replaces go with it, unless shown elsewhere too.
  const [before] = await db
    .select({
      photoId: stylists.photoId,
      montageId: stylists.montageId,
      focusX: picturesTable.focusX,
      focusY: picturesTable.focusY,
      columns: {
        firstName: stylists.firstName,
        lastName: stylists.lastName,
        salonId: stylists.salonId,
        levelId: stylists.levelId,
        para1: stylists.para1,
        para2: stylists.para2,
        para3: stylists.para3,
        acceptingNewClients: stylists.acceptingNewClients,
        instagram: stylists.instagram,
      },
    })
    .from(stylists)
    .leftJoin(picturesTable, eq(picturesTable.id, stylists.photoId))
    .where(eq(stylists.id, id));
  const photoId = pictures.ids.photo ?? before?.photoId;
  const focus = photoFocus(parsed.value);
  // A new photo's point is always worth recording; an old one's only when it moved.
  const focusMoved = photoId && (pictures.ids.photo || focus.x !== before?.focusX || focus.y !== before?.focusY);
  const columns = columnsOf(parsed.value);
  const { was, changed: edited } = changesOf(before?.columns, columns);
  const name = `${parsed.value.firstName} ${parsed.value.lastName}${was ? ` (was ${was})` : ""}`;
  const said = [
    ...(edited ? [`changed ${edited}`] : []),
    ...(changed.length ? [`new ${changed.join(" and ")}`] : []),
    ...(focusMoved ? [`portrait's focal point ${focusText(focus)}`] : []),
  ];
  return saveVersioned(db, staff, input, {
    table: stylists,
    where: eq(stylists.id, id),
    values: { ...columns, ...pictureColumns(pictures.ids) },
    audit: {
      action: "team.update",
      subject: { type: "stylist", id },
      summary: [name, ...said].join(", "),
    },
    missing: "That team member is no longer there.",
    alongside: async (tx) => {
      await setPhotoFocus(tx, photoId, focus);
      if (changed.length > 0) await dropUnusedPictures(tx, [before?.photoId, before?.montageId]);
    },
  });
}

/** Retires a member (gone from the public pages) or brings them back. */
export function setRetired(db: Database, staff: StaffContext, id: number, input: Input, retired: boolean) {
  return saveVersioned(db, staff, input, {
    table: stylists,
    where: eq(stylists.id, id),
    values: { retiredAt: retired ? now() : null },
    audit: { action: retired ? "team.retire" : "team.restore", subject: { type: "stylist", id } },
    missing: "That team member is no longer there.",
  });
}

/**
 * Moves a member one place up or down among those on the site, or to a place
 * (`to`: 0 first, from a drop or "Move to"), numbering the whole team afresh
 * in one transaction so the order has no ties (decision 090).
 */
export async function moveMember(
  db: Database,
  staff: StaffContext,
  id: number,
  where: { direction: "up" | "down" } | { to: number },
): Promise<Refusal | { place: number }> {
  return db.transaction(async (tx) => {
    const order = inStoredOrder(
      await tx
        .select({ id: stylists.id, order: stylists.displayOrder })
        .from(stylists)
        .where(isNull(stylists.retiredAt))
        .for("update"),
    );
    const at = order.findIndex((row) => row.id === id);
    if (at < 0) return refuse(404, { error: "That team member is not on the site: bring them back first." });
    const ids = withChanges(order, [{ id, ...where }]).map((row) => row.id);
    const place = ids.indexOf(id);
    if (place === at) return { place };
    for (const [i, member] of ids.entries())
      await tx
        .update(stylists)
        .set({ displayOrder: i + 1 })
        .where(eq(stylists.id, member));
    await audit(tx, staff, {
      action: "team.reorder",
      subject: { type: "stylist", id },
      summary: "to" in where ? `moved to place ${place + 1}` : `moved ${where.direction}`,
    });
    return { place };
  });
}

/**
 * The console's offers: each offer's edit, a new offer, the switch that
 * lists an offer on /offers, and the two settings for the whole page
 * (hideOffers and the shared end date). Every save goes through the schemas
 * of app/domain/offers.ts and the versioned save of content.server.ts.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import {
  newOfferSchema,
  type Offer,
  type OfferInput,
  offerKeepReasons,
  offerSchema,
  offersPageSchema,
  sharedEndDateSchema,
} from "~/domain/offers";
import { now } from "../clock.server";
import type { Database } from "../db.server";
import type { UploadedFile } from "../multipart.server";
import { dropUnusedPictures } from "../pictures.server";
import { readOffers } from "../queries/offers.server";
import { auditLog, notices, offers, siteSettings, stylists } from "../schema.server";
import { audit } from "./audit.server";
import type { StaffContext } from "./auth.server";
import { parseEdit, pictureChange, type Refusal, refuse, saveSetting, saveVersioned } from "./content.server";

type Input = Readonly<Record<string, string | undefined>>;

/** Read fresh (not from the public pages' cache): staff edit what is stored now. */
export function offersForConsole(db: Database): Promise<Offer[]> {
  return readOffers(db);
}

export async function offerForConsole(db: Database, id: number): Promise<Offer | undefined> {
  const [offer] = await readOffers(db, eq(offers.id, id));
  return offer;
}

/** The team as the stylists field names them ("isla"), with their names for the hint. */
export async function teamSlugs(db: Database): Promise<{ slug: string; name: string }[]> {
  const rows = await db
    .select({ slug: stylists.slug, firstName: stylists.firstName, lastName: stylists.lastName })
    .from(stylists)
    .orderBy(asc(stylists.displayOrder), asc(stylists.id));
  return rows.map((r) => ({ slug: r.slug, name: `${r.firstName} ${r.lastName}` }));
}

/** The offer as typed, or the refusal: the schema's, or stylists who are not on the team. */
async function parseOffer(
  db: Database,
  input: Input,
): Promise<{ ok: true; value: OfferInput } | { ok: false; refusal: Refusal }> {
  const parsed = parseEdit(offerSchema, input);
  if (!parsed.ok) return parsed;
  const team = new Set((await teamSlugs(db)).map((m) => m.slug));
  const unknown = parsed.value.stylistSlugs.filter((slug) => !team.has(slug));
  if (unknown.length > 0)
    return {
      ok: false,
      refusal: refuse(400, {
        error: "Some of what you entered needs another look: see the message by each field.",
        fieldErrors: {
          stylists: `Not on the team: ${unknown.join(", ")}. Use the names from the list above the field.`,
        },
        values: input,
      }),
    };
  return parsed;
}

export async function saveOffer(
  db: Database,
  staff: StaffContext,
  id: number,
  input: Input,
  files: Readonly<Record<string, UploadedFile>>,
): Promise<Refusal | null> {
  const parsed = await parseOffer(db, input);
  if (!parsed.ok) return parsed.refusal;
  const { removePicture, ...value } = parsed.value;
  const where = eq(offers.id, id);
  const photo = await pictureChange(
    db,
    staff,
    input,
    files,
    { table: offers, column: offers.pictureId, where },
    removePicture,
  );
  if (!photo.ok) return photo.refusal;
  return saveVersioned(db, staff, input, {
    table: offers,
    where,
    values: { ...value, ...photo.values },
    audit: { action: "offer.update", subject: { type: "offer", id }, summary: `Saved "${value.title}"${photo.note}` },
    missing: "This offer is no longer there.",
    alongside: photo.alongside,
  });
}

const slugTaken = (slug: string) =>
  `There is already an offer at /offers/${slug.trim().toLowerCase()}: please choose another address.`;

/** A new offer, with its audit row in the same transaction. Answers its id, or the refusal. */
export async function createOffer(
  db: Database,
  staff: StaffContext,
  input: Input,
  files: Readonly<Record<string, UploadedFile>>,
): Promise<{ id: number } | { refusal: Refusal }> {
  const slug = parseEdit(newOfferSchema, input);
  const parsed = await parseOffer(db, input);
  const taken =
    slug.ok && (await db.select({ id: offers.id }).from(offers).where(eq(offers.slug, slug.value.slug))).length > 0;
  if (!slug.ok || !parsed.ok || taken) {
    // Every field's message at once, so one round trip shows every problem.
    const fieldErrors = {
      ...(slug.ok ? {} : (slug.refusal.data as { fieldErrors?: Record<string, string> }).fieldErrors),
      ...(taken ? { slug: slugTaken(input.slug ?? "") } : {}),
      ...(parsed.ok ? {} : (parsed.refusal.data as { fieldErrors?: Record<string, string> }).fieldErrors),
    };
    return {
      refusal: refuse(400, {
        error: "Some of what you entered needs another look: see the message by each field.",
        fieldErrors,
        values: input,
      }),
    };
  }
  const { removePicture: _nothingToRemove, ...value } = parsed.value;
  const photo = await pictureChange(
    db,
    staff,
    input,
    files,
    { table: offers, column: offers.pictureId, where: null },
    false,
  );
  if (!photo.ok) return { refusal: photo.refusal };
  const created = await db.transaction(async (tx) => {
    const [first] = await tx
      .select({ order: offers.displayOrder })
      .from(offers)
      .orderBy(asc(offers.displayOrder))
      .limit(1);
    const [row] = await tx
      .insert(offers)
      .values({
        ...value,
        ...photo.values,
        slug: slug.value.slug,
        displayOrder: (first?.order ?? 0) - 10,
      })
      .onConflictDoNothing({ target: offers.slug })
      .returning({ id: offers.id });
    if (!row) return null;
    await audit(tx, staff, {
      action: "offer.create",
      subject: { type: "offer", id: row.id },
      summary: `Created "${parsed.value.title}" at /offers/${slug.value.slug}`,
    });
    return row;
  });
  if (!created)
    return {
      refusal: refuse(400, {
        error: "Some of what you entered needs another look: see the message by each field.",
        fieldErrors: { slug: slugTaken(slug.value.slug) },
        values: input,
      }),
    };
  return created;
}

/** The switch that gives an offer its card on /offers while it runs. */
export async function setListed(db: Database, staff: StaffContext, input: Input): Promise<Refusal | null> {
  const id = Number(input.id);
  if (!Number.isSafeInteger(id)) return refuse(400, { error: "Which offer? Reload the page and try again." });
  const listed = input.listed === "on";
  return saveVersioned(db, staff, input, {
    table: offers,
    where: eq(offers.id, id),
    values: { listed },
    audit: {
      action: "offer.list",
      subject: { type: "offer", id },
      summary: listed ? "Listed on /offers" : "Taken off /offers",
    },
    missing: "This offer is no longer there.",
  });
}

export async function offerSettings(db: Database) {
  const rows = await db.select().from(siteSettings);
  const row = (key: string) => rows.find((r) => r.key === key);
  return { hideOffers: row("hideOffers"), endDate: row("endDate") };
}

export async function setHideOffers(db: Database, staff: StaffContext, input: Input): Promise<Refusal | null> {
  const parsed = parseEdit(offersPageSchema, input);
  if (!parsed.ok) return parsed.refusal;
  const { hideOffers } = parsed.value;
  return saveSetting(db, staff, input, "hideOffers", String(hideOffers), hideOffers ? "Offers hidden" : "Offers shown");
}

export async function setSharedEndDate(db: Database, staff: StaffContext, input: Input): Promise<Refusal | null> {
  const parsed = parseEdit(sharedEndDateSchema, input);
  if (!parsed.ok) return parsed.refusal;
  return saveSetting(db, staff, input, "endDate", parsed.value.endDate, `Shared end date ${parsed.value.endDate}`);
}

/** Why the offer must be kept rather than deleted (app/domain/offers.ts); none when it never went out. */
export async function offerKeptBecause(
  db: Pick<Database, "select">,
  offer: Pick<Offer, "id" | "code" | "listed" | "startDate" | "smsHeadline">,
): Promise<string[]> {
  const [listedOnce, offeredBy] = await Promise.all([
    db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "offer.list"),
          eq(auditLog.subjectType, "offer"),
          eq(auditLog.subjectId, String(offer.id)),
        ),
      )
      .limit(1),
    db
      .select({ path: notices.path })
      .from(notices)
      .where(sql`upper(${notices.offerCode}) = ${offer.code.toUpperCase()}`),
  ]);
  return offerKeepReasons(
    offer,
    { everListed: offer.listed || listedOnce.length > 0, noticePaths: offeredBy.map((n) => n.path) },
    now(),
  );
}

/**
 * Deletes an offer that never went out, against the version the page
 * showed, with its audit row. One that did is refused with the reasons: it
 * can be ended or taken off the page instead.
 */
export async function deleteOffer(
  db: Database,
  staff: StaffContext,
  id: number,
  input: Input,
): Promise<{ deleted: string } | Refusal> {
  const version = Number(input.version);
  if (!Number.isSafeInteger(version) || version < 1)
    return refuse(400, { error: "The form had no version: reload the page and try again." });
  type Outcome =
    | { kind: "missing" }
    | { kind: "stale" }
    | { kind: "kept"; reasons: string[] }
    | { kind: "deleted"; title: string };
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const [row] = await tx.select().from(offers).where(eq(offers.id, id)).for("update");
    if (!row) return { kind: "missing" };
    if (row.version !== version) return { kind: "stale" };
    const reasons = await offerKeptBecause(tx, row);
    if (reasons.length > 0) return { kind: "kept", reasons };
    await tx.delete(offers).where(eq(offers.id, id));
    // Its picture goes with it, unless something else shows it too.
    await dropUnusedPictures(tx, [row.pictureId]);
    await audit(tx, staff, {
      action: "offer.delete",
      subject: { type: "offer", id },
      summary: `Deleted "${row.title}" (/offers/${row.slug}, code ${row.code})`,
    });
    return { kind: "deleted", title: row.title };
  });
  switch (outcome.kind) {
    case "missing":
      return refuse(404, { error: "This offer is no longer there." });
    case "stale":
      return refuse(409, {
        error: "Someone else saved a change to this offer while you had it open. Look at it again before deleting it.",
        stale: true,
      });
    case "kept":
      return refuse(409, {
        error: `This offer cannot be deleted: ${outcome.reasons.join(" ")} End it (give it a last day) or take it off the Offers page instead.`,
      });
    case "deleted":
      return { deleted: outcome.title };
  }
}

/**
 * Reviews as the console works them: every one, hidden ones included, with
 * the stylist's name; adding one or importing many (all or nothing), editing,
 * hiding with a reason and publishing again. Each change is audited with it.
 */
import { asc, eq, sql } from "drizzle-orm";
import type { ReviewInput } from "~/domain/staff/reviews";
import { now } from "../clock.server";
import type { Database } from "../db.server";
import { reviews, stylists } from "../schema.server";
import { audit } from "./audit.server";
import type { StaffContext } from "./auth.server";
import { type Refusal, saveVersioned } from "./content.server";

export function teamNames(db: Database) {
  return db
    .select({
      slug: stylists.slug,
      firstName: stylists.firstName,
      lastName: stylists.lastName,
      retired: sql<boolean>`${stylists.retiredAt} is not null`,
    })
    .from(stylists)
    .orderBy(asc(stylists.firstName), asc(stylists.id));
}

export function listAllReviews(db: Database) {
  return db.select().from(reviews).orderBy(asc(reviews.id));
}

export async function getReview(db: Database, id: number) {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id));
  return row;
}

const values = (review: ReviewInput) => ({
  review: review.review,
  client: review.client,
  stylistSlug: review.stylistSlug,
  rating: review.rating,
  reviewedOn: review.reviewedOn,
  sourceDetail: review.sourceDetail,
});

/** A new review, published at once. */
export function addReview(db: Database, staff: StaffContext, review: ReviewInput): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(reviews).values(values(review)).returning({ id: reviews.id });
    const id = row?.id as number;
    await audit(tx, staff, {
      action: "review.add",
      subject: { type: "review", id },
      summary: `${review.client} about ${review.stylistSlug}`,
    });
    return id;
  });
}

/** What makes two reviews the same one: who wrote it, about whom, on which day, in which words. */
const sameness = (r: Pick<ReviewInput, "stylistSlug" | "client" | "reviewedOn" | "review">) =>
  JSON.stringify([r.stylistSlug, r.client.trim(), r.reviewedOn ?? null, r.review.trim()]);

/**
 * Every new review of a checked file in one transaction: all of them, or none. A review already on the site
 * (the same file imported twice, or a later export holding the earlier rows) and a row repeated in the file are
 * left out and counted, not published twice.
 */
export function importReviews(
  db: Database,
  staff: StaffContext,
  rows: readonly ReviewInput[],
): Promise<{ imported: number; alreadyHere: number }> {
  return db.transaction(async (tx) => {
    // Reviews are a few hundred rows: read once, under a lock so two imports of one file cannot both add it.
    await tx.execute(sql`lock table reviews in share row exclusive mode`);
    const seen = new Set(
      (
        await tx
          .select({
            stylistSlug: reviews.stylistSlug,
            client: reviews.client,
            reviewedOn: reviews.reviewedOn,
            review: reviews.review,
          })
          .from(reviews)
      ).map(sameness),
    );
    const fresh = rows.filter((row) => {
      const key = sameness(row);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    const alreadyHere = rows.length - fresh.length;
    if (fresh.length === 0) return { imported: 0, alreadyHere };
    const inserted = await tx.insert(reviews).values(fresh.map(values)).returning({ id: reviews.id });
    await audit(tx, staff, {
      action: "review.import",
      subject: { type: "review", id: inserted[0]?.id ?? 0 },
      summary: `${inserted.length} reviews imported (ids ${inserted[0]?.id}–${inserted.at(-1)?.id})${
        alreadyHere > 0 ? `, ${alreadyHere} already here` : ""
      }`,
    });
    return { imported: inserted.length, alreadyHere };
  });
}

type Input = Readonly<Record<string, string | undefined>>;
const MISSING = "That review no longer exists.";

export function saveReview(db: Database, staff: StaffContext, id: number, input: Input, review: ReviewInput) {
  return saveVersioned(db, staff, input, {
    table: reviews,
    where: eq(reviews.id, id),
    values: values(review),
    audit: {
      action: "review.edit",
      subject: { type: "review", id },
      summary: `${review.client} about ${review.stylistSlug}`,
    },
    missing: MISSING,
  });
}

/** Hides a review from the site; the reason is kept on the review and in the audit log. */
export function hideReview(db: Database, staff: StaffContext, id: number, input: Input, reason: string) {
  return saveVersioned(db, staff, input, {
    table: reviews,
    where: eq(reviews.id, id),
    values: { hiddenReason: reason, hiddenAt: now() },
    audit: { action: "review.hide", subject: { type: "review", id }, summary: `Hidden: ${reason}` },
    missing: MISSING,
  });
}

export function publishReview(db: Database, staff: StaffContext, id: number, input: Input): Promise<Refusal | null> {
  return saveVersioned(db, staff, input, {
    table: reviews,
    where: eq(reviews.id, id),
    values: { hiddenReason: null, hiddenAt: null },
    audit: { action: "review.publish", subject: { type: "review", id }, summary: "Shown on the site again" },
    missing: MISSING,
  });
}

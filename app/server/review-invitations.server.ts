/**
 * Review invitations after real visits (decision 112): one of the
 * scheduler's jobs finds the matched appointments whose visit is over,
 * chooses by the pure rules of app/domain/review-invitations.ts whom to
 * invite and by which consented channel, and writes each invitation and its
 * message (the outbox) in the pass's transaction. The unique keys on
 * review_invitations (the appointment; the client and day) make a second
 * invitation impossible, whatever passes or processes run at once.
 *
 * The link carries a random token (256 bits) the database keeps only as its
 * SHA-256, like the staff's sign-in links; the statement that stores the
 * review also marks the invitation used, so a link works once.
 */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { VISIT_REVIEW_MAX_CHARS, visitReviewSchema } from "~/domain/forms";
import {
  chooseInvitations,
  INVITATION_LINK_DAYS,
  INVITE_AFTER_HOURS,
  INVITE_LOOKBACK_DAYS,
  type InvitationPayload,
  type VisitToInvite,
} from "~/domain/review-invitations";
import { londonDay } from "~/domain/salon-time";
import { now as siteNow } from "./clock.server";
import { config } from "./config.server";
import type { Database } from "./db.server";
import { mailDomainOf } from "./delivery/delivery.server";
import { enqueue, wakeOutbox } from "./outbox.server";
import { consentState, unsubscribePathFor } from "./privacy/consents.server";
import { every, type ScheduledJob } from "./scheduler.server";
import { reviewInvitations, reviews, stylists } from "./schema.server";
import { audit } from "./staff/audit.server";
import { hashToken, newToken } from "./staff/session.server";
import { fieldErrorsOf, type SubmissionOutcome } from "./submissions.server";

/** Visits looked at per pass; the next pass takes the rest. */
const BATCH = 200;
const DAY_MS = 86_400_000;

/** The path of an invitation's review form. */
const reviewLinkPath = (token: string) => `/review/${token}`;
/** What a token looks like (newToken: 32 random bytes, base64url); anything else is refused unread. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

interface VisitRow extends Record<string, unknown> {
  appointment_id: number;
  quote_id: number;
  starts_at: Date | string;
  stylist_name: string;
  service: string;
  name: string;
  email: string;
  mobile: string;
}

/** Matched, not cancelled, over and recent, not invited yet; with the client's details from her quote. */
async function visitsToConsider(tx: Database, now: Date): Promise<VisitToInvite[]> {
  const rows = await tx.execute<VisitRow>(sql`
    select distinct on (a.id) a.id as appointment_id, q.id as quote_id, a.starts_at, a.stylist_name, a.service,
      q.name, q.email, q.mobile
    from appointments a
    join booking_matches m on m.appointment_id = a.id and m.state in ('applied', 'confirmed')
    join quotes q on q.id = m.quote_id and q.anonymised_at is null
    where not a.cancelled
      and a.starts_at <= ${now.toISOString()}::timestamptz - make_interval(hours => ${INVITE_AFTER_HOURS}::int)
      and a.starts_at > ${now.toISOString()}::timestamptz - make_interval(days => ${INVITE_LOOKBACK_DAYS}::int)
      and not exists (select from review_invitations i where i.appointment_id = a.id)
    order by a.id, m.id
    limit ${BATCH}`);
  const visits: VisitToInvite[] = [];
  for (const row of rows.rows) {
    const email = row.email.trim() || null;
    const mobile = row.mobile.trim() || null;
    visits.push({
      appointmentId: Number(row.appointment_id),
      quoteId: Number(row.quote_id),
      startsAt: new Date(row.starts_at),
      stylistName: row.stylist_name,
      service: row.service,
      clientName: row.name,
      email,
      mobile,
      // Her latest word on each channel decides (a later unsubscribe or STOP is a no).
      emailConsent: email ? (await consentState(tx, email, "email")).granted : false,
      smsConsent: mobile ? (await consentState(tx, mobile, "sms")).granted : false,
    });
  }
  return visits.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.appointmentId - b.appointmentId);
}

/** The client-and-day keys already invited among these visits' quotes. */
async function invitedDays(tx: Database, quoteIds: readonly number[]): Promise<Set<string>> {
  if (quoteIds.length === 0) return new Set();
  const rows = await tx.execute<{ quote_id: number; visited_on: string }>(sql`
    select quote_id, to_char(visited_on, 'YYYY-MM-DD') as visited_on from review_invitations
    where quote_id = any(${`{${quoteIds.join(",")}}`}::int[])`);
  return new Set(rows.rows.map((r) => `${r.quote_id}/${r.visited_on}`));
}

/**
 * Invites the clients of the visits that are over, at `now`: each invitation
 * and its message are written together, or neither. Returns counts (never
 * people) for the audit log.
 */
async function inviteAfterVisits(tx: Database, now: Date): Promise<{ visits: number; invited: number }> {
  const visits = await visitsToConsider(tx, now);
  if (visits.length === 0) return { visits: 0, invited: 0 };
  const team = await tx
    .select({ slug: stylists.slug, firstName: stylists.firstName, lastName: stylists.lastName })
    .from(stylists);
  const chosen = chooseInvitations(
    visits,
    team,
    now,
    await invitedDays(
      tx,
      visits.map((v) => v.quoteId),
    ),
  );
  const mailDomain = mailDomainOf(config().PUBLIC_URL);
  let invited = 0;
  for (const invitation of chosen) {
    const token = newToken();
    const [row] = await tx
      .insert(reviewInvitations)
      .values({
        appointmentId: invitation.appointmentId,
        quoteId: invitation.quoteId,
        channel: invitation.channel,
        clientName: invitation.clientName,
        stylistSlug: invitation.stylistSlug,
        service: invitation.service,
        visitedOn: invitation.visitedOn,
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + INVITATION_LINK_DAYS * DAY_MS),
      })
      .onConflictDoNothing()
      .returning({ id: reviewInvitations.id });
    if (!row) continue;
    const stylist = team.find((m) => m.slug === invitation.stylistSlug);
    const payload: InvitationPayload = {
      firstName: invitation.clientName.split(" ")[0] ?? "",
      stylistName: stylist?.firstName ?? "",
      service: invitation.service,
      visitedOn: invitation.visitedOn,
      link: reviewLinkPath(token),
      // A marketing e-mail carries its way out, in its footer and its headers.
      ...(invitation.channel === "email" ? { unsubscribe: await unsubscribePathFor(tx, invitation.recipient) } : {}),
    };
    await enqueue(
      tx,
      [
        {
          channel: invitation.channel,
          recipient: invitation.recipient,
          template: `review-invitation-${invitation.channel}`,
          payload: { ...payload },
        },
      ],
      mailDomain,
    );
    invited++;
  }
  return { visits: visits.length, invited };
}

/** The invitations as one of the scheduler's jobs, every five minutes. */
export const reviewInvitationJob: ScheduledJob = {
  name: "review-invitations",
  nextRun: every(300),
  run: (tx, now) => inviteAfterVisits(tx, now),
  committed: (result) => {
    if (result.invited !== 0) wakeOutbox();
  },
};

// ---------------------------------------------------------------------------
// The link
// ---------------------------------------------------------------------------

type InvitationLookup =
  | {
      kind: "open";
      invitation: { id: number; clientName: string; service: string; visitedOn: string };
      stylist: { slug: string; firstName: string; lastName: string };
    }
  | { kind: "unknown" | "used" | "expired" };

/** What a review link stands for: an open invitation (with its stylist), or why it no longer works. */
export async function invitationForToken(db: Database, token: string, now = siteNow()): Promise<InvitationLookup> {
  if (!TOKEN_PATTERN.test(token)) return { kind: "unknown" };
  const [row] = await db
    .select({
      id: reviewInvitations.id,
      clientName: reviewInvitations.clientName,
      service: reviewInvitations.service,
      visitedOn: reviewInvitations.visitedOn,
      expiresAt: reviewInvitations.expiresAt,
      usedAt: reviewInvitations.usedAt,
      slug: stylists.slug,
      firstName: stylists.firstName,
      lastName: stylists.lastName,
    })
    .from(reviewInvitations)
    .leftJoin(stylists, eq(stylists.slug, reviewInvitations.stylistSlug))
    .where(eq(reviewInvitations.tokenHash, hashToken(token)));
  if (!row) return { kind: "unknown" };
  if (row.usedAt) return { kind: "used" };
  if (row.expiresAt <= now) return { kind: "expired" };
  return {
    kind: "open",
    invitation: { id: row.id, clientName: row.clientName, service: row.service, visitedOn: row.visitedOn },
    stylist: { slug: row.slug ?? "", firstName: row.firstName ?? "", lastName: row.lastName ?? "" },
  };
}

/** Why a link is refused, in words for the client, and the status it is answered with. */
export const LINK_REFUSALS = {
  unknown: {
    status: 404,
    title: "This review link is not valid",
    message:
      "We couldn't find an invitation for this link. Please check that the whole link was copied from your e-mail or text.",
  },
  used: {
    status: 410,
    title: "This review link has been used",
    message: "A review was already sent from this link, and each link works once. Thank you for your review.",
  },
  expired: {
    status: 410,
    title: "This review link has expired",
    message: `Review links work for ${INVITATION_LINK_DAYS} days after the invitation. Please contact the salon if you would still like to leave a review.`,
  },
} as const;

/**
 * Stores the client's review from her link: the invitation is claimed (used,
 * still open) by the same statement's transaction that inserts the review,
 * so two sends of one link store one review. A send again of the very review
 * already stored (an answer lost on the way back) counts as sent.
 */
export async function submitVisitReview(
  db: Database,
  token: string,
  input: unknown,
  now = siteNow(),
): Promise<SubmissionOutcome> {
  const parsed = visitReviewSchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, status: 422, error: "Some answers need attention.", fieldErrors: fieldErrorsOf(parsed.error) };
  const review = parsed.data;
  if (!TOKEN_PATTERN.test(token)) return { ok: false, status: 404, error: LINK_REFUSALS.unknown.message };
  const stored = await db.transaction(async (tx) => {
    const [invitation] = await tx
      .update(reviewInvitations)
      .set({ usedAt: now })
      .where(
        and(
          eq(reviewInvitations.tokenHash, hashToken(token)),
          isNull(reviewInvitations.usedAt),
          gt(reviewInvitations.expiresAt, now),
        ),
      )
      .returning();
    if (!invitation) return null;
    const [row] = await tx
      .insert(reviews)
      .values({
        review: review.review.slice(0, VISIT_REVIEW_MAX_CHARS),
        client: review.client,
        stylistSlug: invitation.stylistSlug,
        rating: Number(review.rating),
        reviewedOn: londonDay(now),
        source: "visit",
        visitedOn: invitation.visitedOn,
        invitationId: invitation.id,
      })
      .returning({ id: reviews.id });
    const id = row?.id as number;
    await audit(tx, null, {
      action: "review.add",
      subject: { type: "review", id },
      summary: `Verified visit on ${invitation.visitedOn}: ${review.client} about ${invitation.stylistSlug}`,
    });
    return id;
  });
  if (stored !== null) return { ok: true, id: stored };
  // Not claimed: unknown, expired, or used (perhaps by this very review, sent twice).
  const lookup = await invitationForToken(db, token, now);
  if (lookup.kind === "used") {
    const [same] = await db
      .select({ id: reviews.id })
      .from(reviews)
      .innerJoin(reviewInvitations, eq(reviewInvitations.id, reviews.invitationId))
      .where(and(eq(reviewInvitations.tokenHash, hashToken(token)), eq(reviews.review, review.review)));
    if (same) return { ok: true, id: same.id };
  }
  const refusal = lookup.kind === "open" ? LINK_REFUSALS.unknown : LINK_REFUSALS[lookup.kind];
  return { ok: false, status: refusal.status, error: refusal.message };
}

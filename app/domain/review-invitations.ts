/**
 * Review invitations after real visits (decision 112). Pure: the server hands
 * in the matched appointments of the last days with what it knows of each
 * client's consent, and sends what this chooses (app/server/review-invitations.server.ts).
 *
 * The rules, which are the salon's reading of the CMA's guidance on fake
 * reviews (DMCC Act 2024, in force April 2025):
 * - Only a real visit: an appointment matched to the client's quote, not
 *   cancelled, whose start was at least INVITE_AFTER_HOURS ago (the visit is
 *   over) and at most INVITE_LOOKBACK_DAYS ago (older ones are not news, and
 *   the first pass after an upgrade does not write to every past client).
 * - Only with her consent for the channel it goes by: e-mail when she agreed
 *   to e-mails, otherwise a text when she agreed to texts, otherwise nothing.
 * - Once: never for an appointment already invited, and one a day per client
 *   (two appointments of one visit are one visit to review). The database's
 *   unique keys hold this too, whatever runs at once.
 * - Everyone alike: nothing about how the visit went is asked or used.
 * - The stylist must be one of the team, as every review is about one.
 */

import { londonDay } from "./salon-time";
import { findStylist, type TeamName } from "./staff/reviews";

/** The visit is over: invited no sooner than this after the appointment's start. */
export const INVITE_AFTER_HOURS = 3;
/** Appointments that started longer ago than this are not invited. */
export const INVITE_LOOKBACK_DAYS = 14;
/** How long an invitation's link works. */
export const INVITATION_LINK_DAYS = 30;

const HOUR_MS = 3_600_000;

export interface VisitToInvite {
  appointmentId: number;
  quoteId: number;
  startsAt: Date;
  /** The stylist and service as the booking system names them. */
  stylistName: string;
  service: string;
  /** The client's name as on her quote. */
  clientName: string;
  /** The quote's e-mail and mobile (E.164), and whether her latest consent on each channel is a yes. */
  email: string | null;
  mobile: string | null;
  emailConsent: boolean;
  smsConsent: boolean;
}

export interface Invitation {
  appointmentId: number;
  quoteId: number;
  channel: "email" | "sms";
  recipient: string;
  stylistSlug: string;
  service: string;
  /** The UK day of the visit (yyyy-mm-dd). */
  visitedOn: string;
  clientName: string;
}

/** What an invitation's message is rendered from (the outbox payload). */
export interface InvitationPayload {
  firstName: string;
  /** The stylist's first name. */
  stylistName: string;
  service: string;
  /** yyyy-mm-dd, the UK day of the visit. */
  visitedOn: string;
  /** The form's path with the token (/review/…). */
  link: string;
  /** An e-mail's unsubscribe link path (/unsubscribe/…); absent from texts, which say STOP. */
  unsubscribe?: string;
}

/**
 * The invitations to send at `now`, at most one per appointment and per
 * client and day, from visits not invited yet (`invitedDays` holds
 * "quoteId/yyyy-mm-dd" of the invitations already sent). Each visit left out
 * is left out for a reason the rules above name.
 */
export function chooseInvitations(
  visits: readonly VisitToInvite[],
  team: readonly TeamName[],
  now: Date,
  invitedDays: ReadonlySet<string> = new Set(),
): Invitation[] {
  const chosen: Invitation[] = [];
  const days = new Set(invitedDays);
  for (const visit of visits) {
    const age = now.getTime() - visit.startsAt.getTime();
    if (age < INVITE_AFTER_HOURS * HOUR_MS || age > INVITE_LOOKBACK_DAYS * 24 * HOUR_MS) continue;
    const channel =
      visit.emailConsent && visit.email
        ? { channel: "email" as const, recipient: visit.email }
        : visit.smsConsent && visit.mobile
          ? { channel: "sms" as const, recipient: visit.mobile }
          : null;
    if (!channel) continue;
    const stylist = findStylist(team, visit.stylistName);
    if (!stylist) continue;
    const visitedOn = londonDay(visit.startsAt);
    const day = `${visit.quoteId}/${visitedOn}`;
    if (days.has(day)) continue;
    days.add(day);
    chosen.push({
      appointmentId: visit.appointmentId,
      quoteId: visit.quoteId,
      ...channel,
      stylistSlug: stylist.slug,
      service: visit.service.trim() || "your appointment",
      visitedOn,
      clientName: reviewerName(visit.clientName),
    });
  }
  return chosen;
}

/** How a review shows its writer by default: the first name and the surname's initial ("Wanda W."). */
export function reviewerName(name: string): string {
  const words = name.normalize("NFC").trim().split(/\s+/).filter(Boolean);
  const [first, ...rest] = words;
  if (!first) return "A client";
  const last = rest.at(-1);
  return last ? `${first} ${[...last][0]?.toUpperCase()}.` : first;
}

/** A UK day (yyyy-mm-dd) as the review pages write it: "12 November 2026". */
export function visitDayText(day: string): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

export interface ReviewProvenance {
  source: "salon" | "visit";
  sourceDetail: string | null;
  visitedOn: string | null;
}

/** The line under a review saying where it came from: "Verified visit on 12 November 2026", "Added by the salon from Google". */
export function provenanceText(review: ReviewProvenance): string {
  if (review.source === "visit" && review.visitedOn) return `Verified visit on ${visitDayText(review.visitedOn)}`;
  return review.sourceDetail ? `Added by the salon from ${review.sourceDetail}` : "Added by the salon";
}

export interface SourceCounts {
  verified: number;
  salon: number;
}

/**
 * The line above a list of reviews: "Of the 12 reviews here, 9 were added by
 * the salon and 3 came from verified visits (25% verified)." It counts the
 * reviews on the page, never the salon's 700+ claim from elsewhere, so the
 * two read together without contradiction.
 */
export function sourceCountsText({ verified, salon }: SourceCounts): string {
  const total = verified + salon;
  if (total === 0) return "No reviews yet.";
  const share = Math.round((verified * 100) / total);
  if (total === 1)
    return `The one review here ${verified ? "came from a verified visit" : "was added by the salon"} (${share}% verified).`;
  const here = `Of the ${total} reviews here`;
  const added = `${salon === 0 ? "none" : salon} ${salon === 1 ? "was" : "were"} added by the salon`;
  const visits =
    verified === 0
      ? "none yet came from a verified visit"
      : `${verified} came from ${verified === 1 ? "a verified visit" : "verified visits"}`;
  return `${here}, ${added} and ${visits} (${share}% verified).`;
}

/**
 * The rules of an offer, apart from its content. The offers themselves are
 * rows staff edit from the console (title, copy, code, discount, stylists,
 * dates, small print, the text-message version); what stays in code is what
 * must hold whatever they type: when an offer runs, which end date applies,
 * how a discount reads, and what a valid offer is.
 */
import { endOfDay, isAfter, isBefore, isValid, parseISO, startOfDay } from "date-fns";
import type { PictureRef } from "./pictures";
import { isSitePath } from "./site-path";
import { checkbox, isoDate, optionalText, pounds, requiredText } from "./staff/content";
import { z } from "./zod";

const OFFER_AUDIENCES = ["new", "lapsed", "all"] as const;
type OfferAudience = (typeof OFFER_AUDIENCES)[number];

/** A calendar date, "YYYY-MM-DD". */
export type IsoDate = string;

/**
 * The end date of every offer without one of its own until staff change the
 * setting: the one place this date is written.
 */
export const DEFAULT_SHARED_END_DATE: IsoDate = "2025-06-30";

/** Every offer's last line: no two offers are combined. */
export const NOT_COMBINABLE = "This offer cannot be combined with any other offer.";

/** A row of the "new clients 25%" page's table: what a cut & colour costs at each level. */
export interface LevelPrice {
  levelId: number;
  level: string;
  beforePence: number;
  afterPence: number;
}

export interface Offer {
  id: number;
  /** Page /offers/{slug}; with a text-message version also /sms/{slug}. */
  slug: string;
  title: string;
  /** Card text on /offers. */
  summary: string;
  /** Paragraphs of the detail page. */
  body: readonly string[];
  /** Percentage off, or null when the offer is an amount off. */
  percent: number | null;
  /** Amount off in pence, or null when the offer is a percentage. */
  amountOffPence: number | null;
  /** What the client quotes when booking. */
  code: string;
  smallPrint: readonly string[];
  /** First day (inclusive), or null for "from now". */
  startDate: IsoDate | null;
  /** Last day (inclusive), or null for the shared end date setting. */
  endDate: IsoDate | null;
  /** The illustration, shown until a picture is uploaded. */
  image: string;
  picture: PictureRef | null;
  /** Team members the offer is with; empty means any stylist. */
  stylistSlugs: readonly string[];
  audience: OfferAudience;
  /** Only on the stylist-level price page. */
  levelPrices: readonly LevelPrice[] | null;
  /** Has a card on /offers while it runs. */
  listed: boolean;
  displayOrder: number;
  /** The text-message landing page's headline and lead; null when the offer is not sent by text. */
  smsHeadline: string | null;
  smsLead: string | null;
  version: number;
}

/** A text-message landing page (/sms/{slug}): the offer, introduced for someone who just tapped a link. */
export interface SmsCampaign {
  slug: string;
  offer: Offer;
  headline: string;
  lead: string;
}

export function smsCampaignOf(offer: Offer): SmsCampaign | null {
  return offer.smsHeadline && offer.smsLead
    ? { slug: offer.slug, offer, headline: offer.smsHeadline, lead: offer.smsLead }
    : null;
}

// ---------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------

function isIsoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && isValid(parseISO(value));
}

/**
 * Last day of an offer: its own, or the shared setting's. The shared date is
 * checked when saved, but a malformed one (typed in SQL) falls back to the
 * default rather than printing nonsense in the small print.
 */
export function offerEndDate(offer: Pick<Offer, "endDate">, sharedEndDate: string | null | undefined): IsoDate {
  if (offer.endDate) return offer.endDate;
  const shared = sharedEndDate?.trim();
  return shared && isIsoDate(shared) ? shared : DEFAULT_SHARED_END_DATE;
}

type OfferStatus = "upcoming" | "running" | "ended";

/**
 * Where an offer is on `now`'s calendar: it runs from the start of its first
 * day to the end of its last (in the `now` clock's local time), so it starts
 * and ends by itself.
 */
export function offerStatus(
  offer: Pick<Offer, "startDate" | "endDate">,
  sharedEndDate: string | null | undefined,
  now: Date,
): OfferStatus {
  if (offer.startDate && isBefore(now, startOfDay(parseISO(offer.startDate)))) return "upcoming";
  if (isAfter(now, endOfDay(parseISO(offerEndDate(offer, sharedEndDate))))) return "ended";
  return "running";
}

/** The cards of /offers: listed offers that run on `now`, in their order. */
export function offerCards<O extends Pick<Offer, "listed" | "startDate" | "endDate" | "displayOrder" | "id">>(
  offers: readonly O[],
  sharedEndDate: string | null | undefined,
  now: Date,
): O[] {
  return offers
    .filter((offer) => offer.listed && offerStatus(offer, sharedEndDate, now) === "running")
    .sort((a, b) => a.displayOrder - b.displayOrder || a.id - b.id);
}

/** How the discount reads on a card or button: "25% off", "£20 off". */
export function discountLabel(offer: Pick<Offer, "percent" | "amountOffPence" | "slug">): string {
  if (offer.percent !== null) return `${offer.percent}% off`;
  if (offer.amountOffPence !== null) {
    const pounds = offer.amountOffPence / 100;
    return `£${Number.isInteger(pounds) ? pounds : pounds.toFixed(2)} off`;
  }
  throw new Error(`Offer "${offer.slug}" has no discount`);
}

// ---------------------------------------------------------------------------
// Small print
// ---------------------------------------------------------------------------

const WHO: Record<OfferAudience, string | null> = {
  new: "New clients only: you haven't visited any Maison Ivy salon in the last 18 months.",
  lapsed: "For returning clients we haven't seen for 6 months or more.",
  all: null,
};

const SKIN_TEST = "A skin test is needed at least 48 hours before any colour service.";
const CANCELLATION =
  "Please give us 48 hours' notice to cancel or move your appointment; later changes are charged at 50% of the appointment.";

/**
 * The standard small print, so every offer states the same rules the same
 * way: who it is for, the code, its own terms, the skin test for colour, the
 * cancellation rule and that offers don't combine. A new offer starts with it.
 */
export function standardSmallPrint(options: {
  audience: OfferAudience;
  code: string;
  terms?: readonly string[];
  colour?: boolean;
  /** Who may use it, when the offer says so itself (new to one stylist, not to the group): replaces the audience's line. */
  who?: string;
}): string[] {
  const { audience, code, terms = [], colour = true } = options;
  const who = options.who ?? WHO[audience];
  return [
    ...(who ? [who] : []),
    `Quote code ${code} when you book.`,
    ...terms,
    ...(colour ? [SKIN_TEST] : []),
    CANCELLATION,
    NOT_COMBINABLE,
  ];
}

// ---------------------------------------------------------------------------
// What the console accepts
// ---------------------------------------------------------------------------

/** Paragraphs typed with a blank line between them. */
const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, " ").trim())
    .filter(Boolean);

/** One line each. */
const linesOf = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const optionalDate = (what: string) =>
  z
    .string()
    .optional()
    .transform((v) => v?.trim() || "")
    .pipe(z.union([z.literal(""), isoDate(what)]))
    .transform((v) => v || null);

/** An offer as the edit screen posts it. Stylists are checked against the team by the server. */
export const offerSchema = z
  .object({
    title: requiredText("a title", 120),
    summary: requiredText("the card text", 300),
    body: requiredText("the offer's page text", 5000).transform(paragraphsOf),
    audience: z.enum(OFFER_AUDIENCES, { error: "Please choose who the offer is for." }),
    kind: z.enum(["percent", "amount"], { error: "Please choose a percentage or an amount off." }),
    discount: z.string({ error: "Please enter the discount." }).trim(),
    code: requiredText("the code", 20).regex(
      /^[A-Za-z0-9]+$/,
      "Please use only letters and numbers in the code, so it is easy to type on a phone.",
    ),
    stylists: z
      .string()
      .optional()
      .transform((v) => [
        ...new Set(
          (v ?? "")
            .split(",")
            .map((s) => s.trim().toLowerCase())
            .filter(Boolean),
        ),
      ]),
    startDate: optionalDate("the first day"),
    endDate: optionalDate("the last day"),
    smallPrint: requiredText("the small print", 4000).transform(linesOf),
    image: requiredText("the picture", 300).refine(
      (v) => v.startsWith("/images/") && isSitePath(v) && !v.includes(".."),
      "Please give the picture as a path on this site, starting with /images/.",
    ),
    listed: checkbox,
    removePicture: checkbox,
    smsHeadline: optionalText(120),
    smsLead: optionalText(400),
  })
  .transform((offer, ctx) => {
    let percent: number | null = null;
    let amountOffPence: number | null = null;
    if (offer.kind === "percent") {
      const n = Number(offer.discount.replace(/%$/, ""));
      if (!Number.isInteger(n) || n < 1 || n > 100)
        ctx.addIssue({
          code: "custom",
          path: ["discount"],
          message: "Please enter the percentage as a whole number from 1 to 100.",
        });
      else percent = n;
    } else {
      const parsed = pounds("the amount off").safeParse(offer.discount);
      if (!parsed.success || parsed.data <= 0)
        ctx.addIssue({
          code: "custom",
          path: ["discount"],
          message: "Please enter the amount off in pounds, such as 20 or 12.50.",
        });
      else amountOffPence = parsed.data;
    }
    if (offer.startDate && offer.endDate && offer.endDate < offer.startDate)
      ctx.addIssue({ code: "custom", path: ["endDate"], message: "The last day must be on or after the first day." });
    if ((offer.smsHeadline === null) !== (offer.smsLead === null))
      ctx.addIssue({
        code: "custom",
        path: [offer.smsHeadline === null ? "smsHeadline" : "smsLead"],
        message: "A text-message version needs both a headline and a lead, or neither.",
      });
    if (!offer.smallPrint.some((line) => line.includes(offer.code)))
      ctx.addIssue({
        code: "custom",
        path: ["smallPrint"],
        message: `Please say in the small print which code to quote (${offer.code}).`,
      });
    const { kind: _kind, discount: _discount, stylists, ...rest } = offer;
    return { ...rest, stylistSlugs: stylists, percent, amountOffPence };
  });

export type OfferInput = z.output<typeof offerSchema>;

/** A new offer also names its page, which stays its address. */
export const newOfferSchema = z.object({
  slug: requiredText("the page address", 60)
    .toLowerCase()
    .regex(SLUG, "Please use lower-case letters, numbers and single hyphens, such as summer-colour."),
});

/** The switches for the whole Offers page. */
export const offersPageSchema = z.object({ hideOffers: checkbox });
export const sharedEndDateSchema = z.object({ endDate: isoDate("the shared end date") });

/** The form's view of an offer: every field as the edit screen names it. */
export function offerFormValues(offer: Offer): Record<string, string> {
  return {
    title: offer.title,
    summary: offer.summary,
    body: offer.body.join("\n\n"),
    audience: offer.audience,
    kind: offer.percent !== null ? "percent" : "amount",
    discount: offer.percent !== null ? String(offer.percent) : ((offer.amountOffPence ?? 0) / 100).toFixed(2),
    code: offer.code,
    stylists: offer.stylistSlugs.join(", "),
    startDate: offer.startDate ?? "",
    endDate: offer.endDate ?? "",
    smallPrint: offer.smallPrint.join("\n"),
    image: offer.image,
    listed: offer.listed ? "on" : "",
    smsHeadline: offer.smsHeadline ?? "",
    smsLead: offer.smsLead ?? "",
  };
}

/** What points at an offer from outside its row, as the server finds it. */
export interface OfferUse {
  /** It is listed now, or the audit log shows it was listed once. */
  everListed: boolean;
  /** The addresses of notices that offer its code. */
  noticePaths: readonly string[];
}

/**
 * Why an offer must be kept (ended or taken off the page instead of
 * deleted): anything that means a client may have seen it, holds its link
 * or its code. None: it never went out, and may be deleted.
 */
export function offerKeepReasons(
  offer: Pick<Offer, "code" | "smsHeadline" | "startDate">,
  use: OfferUse,
  now: Date,
): string[] {
  const reasons: string[] = [];
  if (use.everListed) reasons.push("It has been listed on the Offers page, so visitors may have its link or its code.");
  const started = !offer.startDate || !isBefore(now, startOfDay(parseISO(offer.startDate)));
  if (offer.smsHeadline !== null && started)
    reasons.push("Its text-message page has been open since it started, so clients may have been sent the link.");
  for (const path of use.noticePaths) reasons.push(`The notice at ${path} offers its code ${offer.code}.`);
  return reasons;
}

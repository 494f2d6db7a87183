/**
 * Stylist transfer and departure notices: one
 * transfer page and four departure pages, each pointing the stylist's clients
 * to colleagues who can take them on and to our sister salon.
 *
 * The five stylists are former team members, so none of them is in the seeded
 * team; the alternatives are seeded stylists taking new clients (not Harriet,
 * whose column is closed).
 */
import { NOT_COMBINABLE } from "./offers";
import { SALON_IDS } from "./salon-info";

type NoticeKind = "transfer" | "departure";

/** A thank-you offer on a departure page, for clients who stay with us. */
interface NoticeOffer {
  code: string;
  percent: number;
  text: string;
  smallPrint: readonly string[];
}

export interface StylistNotice {
  /** The page path, e.g. "/agnes-leaving"; `slug` without the leading "/". */
  path: string;
  slug: string;
  kind: NoticeKind;
  stylistFirstName: string;
  /** Salon the stylist worked at (1 Wrenbridge, 2 Kestwick, 3 Academy). */
  fromSalonId: number;
  title: string;
  paragraphs: readonly string[];
  /** Seeded stylists we suggest instead, most similar first. */
  alternativeStylistSlugs: readonly string[];
  /** The other salon the page mentions, and how. */
  sisterSalonId: number;
  sisterSalonText: string;
  offer: NoticeOffer | null;
}

const WRENBRIDGE = SALON_IDS.wrenbridge;
const KESTWICK = SALON_IDS.kestwick;

const YOUR_HISTORY_IS_SAFE =
  "Your colour formulas and notes stay on file, so whoever you see next will know exactly what your hair has had.";

function notice(fields: Omit<StylistNotice, "path">): StylistNotice {
  return { ...fields, path: `/${fields.slug}` };
}

export const STYLIST_NOTICES: readonly StylistNotice[] = [
  notice({
    slug: "oscar-transfer",
    kind: "transfer",
    stylistFirstName: "Oscar",
    fromSalonId: WRENBRIDGE,
    title: "Oscar is moving to Kestwick",
    paragraphs: [
      "After six happy years at Wrenbridge, Oscar is moving across to our sister salon in Kestwick, where he'll be helping the team grow its colour column.",
      "Nothing changes about the way he looks after you: same Oscar, same prices, same loyalty points. Just book with him at Kestwick from his first day there.",
      `If Wrenbridge is easier for you, Isla, Theo and Priya would love to meet you. ${YOUR_HISTORY_IS_SAFE}`,
    ],
    alternativeStylistSlugs: ["isla", "theo", "priya"],
    sisterSalonId: KESTWICK,
    sisterSalonText: "Oscar is now at our sister salon, Maison Ivy Kestwick: book with him there as usual.",
    offer: null,
  }),
  notice({
    slug: "agnes-leaving",
    kind: "departure",
    stylistFirstName: "Agnes",
    fromSalonId: WRENBRIDGE,
    title: "Goodbye and good luck, Agnes",
    paragraphs: [
      "After eleven wonderful years with us, Agnes is hanging up her scissors at Maison Ivy to begin a new chapter closer to her family. We will miss her hugely, and we know many of you will too.",
      "We'd love to keep looking after you. Isla and Priya both work closely with Agnes's clients and will take the time to get to know your hair. " +
        YOUR_HISTORY_IS_SAFE,
      "As a thank-you for staying with us, your next visit to either of our salons is 30% off.",
    ],
    alternativeStylistSlugs: ["isla", "priya"],
    sisterSalonId: KESTWICK,
    sisterSalonText: "Prefer Kestwick? Camille and Nadia at our sister salon would be delighted to see you.",
    offer: {
      code: "AG30",
      percent: 30,
      text: "30% off your next visit to Maison Ivy Wrenbridge or Kestwick. Quote AG30 when you book.",
      smallPrint: ["For Agnes's clients, on your next visit only, at either salon.", NOT_COMBINABLE],
    },
  }),
  notice({
    slug: "felix-leaving",
    kind: "departure",
    stylistFirstName: "Felix",
    fromSalonId: WRENBRIDGE,
    title: "Felix is leaving Maison Ivy",
    paragraphs: [
      "Felix is off to travel for a year, scissors in his backpack. His last day at Wrenbridge is coming up, and we'd like to thank every one of his clients for their loyalty.",
      "Love a short, sharp cut? Theo is our short-hair specialist and tidies fringes between visits for free. For precision shapes, Nadia at Kestwick is wonderful. " +
        YOUR_HISTORY_IS_SAFE,
    ],
    alternativeStylistSlugs: ["theo", "nadia"],
    sisterSalonId: KESTWICK,
    sisterSalonText:
      "Our sister salon in Kestwick is just a short drive away, with late appointments on Wednesdays and Thursdays.",
    offer: null,
  }),
  notice({
    slug: "beatrice",
    kind: "departure",
    stylistFirstName: "Beatrice",
    fromSalonId: KESTWICK,
    title: "A fond farewell to Beatrice",
    paragraphs: [
      "Beatrice is leaving Kestwick to open a studio of her own by the coast. We're so proud of her, and we wish her every success.",
      "Her blonde clients are in very safe hands: Camille trained alongside Beatrice for years, and Freya would love to look after your refreshes and trims. " +
        YOUR_HISTORY_IS_SAFE,
    ],
    alternativeStylistSlugs: ["camille", "freya"],
    sisterSalonId: WRENBRIDGE,
    sisterSalonText: "You're also very welcome at our sister salon in Wrenbridge, open Tuesday to Saturday.",
    offer: null,
  }),
  notice({
    slug: "imogen",
    kind: "departure",
    stylistFirstName: "Imogen",
    fromSalonId: WRENBRIDGE,
    title: "Imogen is leaving us",
    paragraphs: [
      "Imogen is stepping away from the salon floor to start her family. Everyone at Maison Ivy sends her all our love.",
      "For beautiful blow-dries and rich brunettes, Priya is ready to welcome you at Wrenbridge. If you'd like a seasoned hand with grey blending, Elodie at the Ivy Academy is a joy to sit with. " +
        YOUR_HISTORY_IS_SAFE,
    ],
    alternativeStylistSlugs: ["priya", "elodie"],
    sisterSalonId: KESTWICK,
    sisterSalonText: "Our sister salon in Kestwick is here for you too, with Saturday morning appointments.",
    offer: null,
  }),
];

export function noticeByPath(path: string): StylistNotice | undefined {
  return STYLIST_NOTICES.find((candidate) => candidate.path === path);
}

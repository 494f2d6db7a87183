/**
 * The notices the demo opens with, as rows: a stylist's transfer, four
 * departures, the reopening and the price change. Seeded once each, by path;
 * staff edit them in the console from then on.
 *
 * The departing stylists are former team members, so none of them is in the
 * seeded team; the alternatives are seeded stylists taking new clients (not
 * Harriet, whose column is closed).
 */
import { NOT_COMBINABLE } from "~/domain/offers";
import { SALON_IDS } from "~/domain/salon-info";
import type { notices } from "../schema.server";

type SeedNotice = typeof notices.$inferInsert;

const WRENBRIDGE = SALON_IDS.wrenbridge;
const KESTWICK = SALON_IDS.kestwick;

const YOUR_HISTORY_IS_SAFE =
  "Your colour formulas and notes stay on file, so whoever you see next will know exactly what your hair has had.";

interface StylistNotice {
  slug: string;
  kind: "transfer" | "departure";
  fromSalonId: number;
  title: string;
  paragraphs: readonly string[];
  alternativeStylistSlugs: readonly string[];
  sisterSalonId: number;
  sisterSalonText: string;
  offer: { code: string; percent: number; text: string; smallPrint: readonly string[] } | null;
}

function notice({ slug, paragraphs, alternativeStylistSlugs, offer, ...rest }: StylistNotice): SeedNotice {
  return {
    ...rest,
    path: `/${slug}`,
    body: paragraphs.join("\n\n"),
    alternativeStylists: alternativeStylistSlugs.join(", "),
    offerCode: offer?.code ?? null,
    offerPercent: offer?.percent ?? null,
    offerText: offer?.text ?? null,
    offerSmallPrint: offer ? offer.smallPrint.join("\n") : null,
  };
}

export const seedNotices: readonly SeedNotice[] = [
  notice({
    slug: "oscar-transfer",
    kind: "transfer",
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
  {
    path: "/reopening",
    kind: "reopening",
    title: "We're back!",
    lead: "Our doors are open again and we couldn't be happier to see you. Thank you for your patience and kind messages while we were closed: they meant the world to the whole team.",
    body: [
      "Appointments are filling quickly, so book online as soon as you can. If you can't find a time that suits, call us and we'll add you to the waiting list for cancellations.",
      "If it's been more than 6 months since your last colour, we'll need a quick skin test at least 48 hours before your appointment. Pop in at any time during opening hours: it takes five minutes.",
    ].join("\n\n"),
  },
  {
    path: "/new-prices",
    kind: "prices",
    title: "A small change to our prices",
    lead: "From April, Maison Ivy's prices are changing slightly to keep up with the minimum wage, employer insurance, stock and energy costs.",
    body: [
      "Thank you, as always, for choosing Maison Ivy. We want to be open with you about a change that's coming.",
      "From April, we're making a small adjustment to our prices. Like every independent business, our costs have risen: the minimum wage has gone up (rightly so, for the apprentices and juniors who are the future of our salons), along with employer insurance, the professional stock we use on your hair, and the energy it takes to run our basins, dryers and lights.",
      "We've absorbed as much as we can for as long as we can, and we've kept the change as small as possible. Nothing about your appointment will change: the same stylists, the same care, and the same unhurried consultation before we begin.",
      "Any appointment you've already booked keeps the price it was booked at.",
      "We're so grateful for your loyalty, and we can't wait to see you soon.",
    ].join("\n\n"),
  },
];

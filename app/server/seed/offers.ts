/**
 * The demo's offers, written as rows on the first start and added on a later
 * start when missing (never overwriting a row staff edited). From then on
 * they are edited in the console; nothing reads this file but the seed.
 *
 * Stylist slugs are the seeded team's (./content.ts). Harriet has no
 * new-client offer on purpose: her column is closed to new clients.
 *
 * Dates are worked out from the day of the first start, so a new install
 * shows campaigns that run: the joint offer runs from a fortnight before to
 * eight weeks after it, each seasonal or monthly campaign gets its next window
 * on the calendar (the current one if it is running), and the offers without
 * dates of their own run until the shared end date, months ahead (see
 * demoSharedEndDate). Only the two 20th-birthday offers keep their real dates,
 * November 2022: the salon turned twenty then, and they are the demo's
 * examples of an offer that has ended (its page says so, the console lists it
 * as ended).
 */
import { addDays, addMonths, endOfDay, endOfMonth, format, isAfter, subDays } from "date-fns";
import { type IsoDate, type LevelPrice, type Offer, standardSmallPrint } from "~/domain/offers";
import { offerLevelPrices } from "~/domain/price-preview";
import { DEFAULT_PRICE_ROUNDING } from "~/domain/price-rounding";
import { ANY_OF_OUR_PLACES } from "./content";
import { seedLevels, seedServices } from "./services";

/** An offer as seeded: `flagged` offers had a card switch before offers were rows (see seed.server.ts). */
export interface SeedOffer
  extends Omit<Offer, "id" | "version" | "listed" | "displayOrder" | "smsHeadline" | "smsLead" | "picture"> {
  flagged: boolean;
}

/**
 * Codes made of the brand name. Short on purpose: most
 * visitors arrive from a text message and type the code on a phone.
 */
const BRAND_CODE = "IVY";

/** The fields every offer shares, so entries below only say what is particular to them. */
function offer(
  fields: Omit<
    SeedOffer,
    "image" | "amountOffPence" | "percent" | "smallPrint" | "levelPrices" | "startDate" | "endDate"
  > &
    Partial<Pick<SeedOffer, "amountOffPence" | "percent" | "levelPrices">> & {
      endDate: IsoDate | null;
      startDate?: IsoDate | null;
      terms?: readonly string[];
      colour?: boolean;
      who?: string;
    },
): SeedOffer {
  const { terms, colour, who, ...rest } = fields;
  return {
    ...rest,
    percent: rest.percent ?? null,
    amountOffPence: rest.amountOffPence ?? null,
    levelPrices: rest.levelPrices ?? null,
    startDate: rest.startDate ?? null,
    smallPrint: standardSmallPrint({ audience: rest.audience, code: rest.code, terms, colour, who }),
    image: `/images/offers/${rest.slug}.svg`,
  };
}

/** The standing welcome: 25% off a first visit with any stylist, by one code. */
const NEW_CLIENT_DISCOUNT = { percent: 25, code: "NEWCLIENT25", stylistSlugs: [], audience: "new" } as const;

/**
 * The levels of the new-clients page's table. Its prices are worked out from the price list whenever the page is
 * shown (offerLevelPrices); the ones stored here are the seeded list's, so the row reads right on its own too.
 */
const NEW_CLIENT_LEVEL_PRICES: readonly LevelPrice[] = offerLevelPrices(
  { services: seedServices, levels: seedLevels, rounding: DEFAULT_PRICE_ROUNDING },
  [9, 8, 7, 6, 4],
  NEW_CLIENT_DISCOUNT.percent,
);

const BOOK_WITH_CONSULTATION =
  "Book your free consultation online or give us a call: we'll talk through what you'd love, check what your hair needs and give you a firm price before we begin.";

// ---------------------------------------------------------------------------
// Dates, from the day of the first start
// ---------------------------------------------------------------------------

const isoDate = (day: Date): IsoDate => format(day, "yyyy-MM-dd");

/**
 * The next run of a campaign tied to months of the calendar (January to
 * February, say): this year's if it has not ended on `on`, otherwise next
 * year's. Months are 1 to 12.
 */
export function nextWindow(on: Date, firstMonth: number, lastMonth: number): { startDate: IsoDate; endDate: IsoDate } {
  const windowIn = (year: number) => ({
    start: new Date(year, firstMonth - 1, 1),
    end: endOfMonth(new Date(year, lastMonth - 1, 1)),
  });
  const thisYear = windowIn(on.getFullYear());
  const run = isAfter(on, endOfDay(thisYear.end)) ? windowIn(on.getFullYear() + 1) : thisYear;
  return { startDate: isoDate(run.start), endDate: isoDate(run.end) };
}

/**
 * The shared end date a new install starts with: the last day of the month
 * six months after the first start, so the offers without dates of their own
 * run for a good while before staff need to set it.
 */
export function demoSharedEndDate(on: Date): IsoDate {
  return isoDate(endOfMonth(addMonths(on, 6)));
}

// ---------------------------------------------------------------------------
// The catalogue
// ---------------------------------------------------------------------------

/** One 25%-off new-client offer with a single stylist (the FIRSTNAME25 family). */
function stylistOffer(
  slug: string,
  name: string,
  copy: { title: string; summary: string; body: readonly string[] },
  percent: 20 | 25,
): SeedOffer {
  return offer({
    slug,
    flagged: true,
    ...copy,
    body: [...copy.body, BOOK_WITH_CONSULTATION],
    percent,
    code: `${name.toUpperCase()}${percent}`,
    endDate: null,
    stylistSlugs: [slug],
    audience: "new",
    terms: [`With ${name} only, on your first visit.`],
  });
}

function catalogue(on: Date): SeedOffer[] {
  const jointOffer = { startDate: isoDate(subDays(on, 14)), endDate: isoDate(addDays(on, 56)) };
  const july = nextWindow(on, 7, 7);
  const newYear = nextWindow(on, 1, 2);
  const spring = nextWindow(on, 3, 4);
  const november = nextWindow(on, 11, 11);
  const novemberYear = november.startDate.slice(0, 4);
  return [
    offer({
      slug: "general",
      flagged: true,
      title: "25% off your first visit",
      summary: "New to Maison Ivy? Enjoy 25% off your first cut, colour or styling with any of our stylists.",
      body: [
        "There has never been a better time to find your salon. For your first visit to any of our salons, we're taking 25% off every service on your bill: cut, colour, treatments and finish.",
        "Not sure who to choose? Every stylist at Wrenbridge, Kestwick and the Ivy Academy starts with a proper consultation, and our price calculator will show you who fits your budget in under a minute.",
        BOOK_WITH_CONSULTATION,
      ],
      ...NEW_CLIENT_DISCOUNT,
      endDate: null,
      terms: [`Applies to every service on your first visit, with any stylist at ${ANY_OF_OUR_PLACES}.`],
    }),

    stylistOffer(
      "camille",
      "Camille",
      {
        title: "20% off blonde with Camille",
        summary: "Hand-painted balayage from the colourist our whole team calls on: 20% off your first visit.",
        body: [
          "Camille leads our Kestwick salon and paints every balayage by hand: soft at the root, bright where the light falls, and made to grow out gracefully for twelve weeks or more.",
          "Whether you're dreaming of your first lived-in blonde or need a colour rescued, your first appointment with Camille is 20% off. She has space for new clients on Wednesday and Thursday evenings.",
        ],
      },
      20,
    ),
    stylistOffer(
      "isla",
      "Isla",
      {
        title: "20% off curls with Isla",
        summary: "Curly, coily or wavy? Isla cuts curl by curl. 20% off your first appointment.",
        body: [
          "Isla cuts curly and coily hair dry, curl by curl, so she sees exactly how each one sits before anything is taken away. Clients travel from across the county to sit in her chair at Wrenbridge.",
          "Your first visit is 20% off, and it ends with Isla showing you how to style your curls at home, with the products that suit them.",
        ],
      },
      20,
    ),
    stylistOffer(
      "elodie",
      "Elodie",
      {
        title: "20% off with Elodie at the Ivy Academy",
        summary: "Twenty years behind the chair, at Academy prices, and now 20% off your first visit.",
        body: [
          "Elodie heads up education at the Ivy Academy and keeps a column of her own on Tuesdays and Fridays. Because the Academy runs at training prices, her chair is one of the best-kept secrets in Wrenbridge.",
          "She specialises in classic cutting and grey blending, and is wonderful with fine hair that wants to look fuller. Your first appointment with her is 20% off.",
        ],
      },
      20,
    ),
    stylistOffer(
      "nadia",
      "Nadia",
      {
        title: "25% off a strong shape with Nadia",
        summary: "Blunt bobs, sharp fringes and glossy silk presses at Kestwick: 25% off your first visit.",
        body: [
          "Nadia is a precision cutter who loves a strong shape, and she is just as at home with textured and Afro hair; her silk presses are full of movement and kind to your natural pattern.",
          "She builds every cut to air-dry well on the days you have no time. Book your first appointment with her and take 25% off, Saturday mornings included.",
        ],
      },
      25,
    ),
    stylistOffer(
      "theo",
      "Theo",
      {
        title: "25% off short hair with Theo",
        summary: "Crops, pixies and proper mullets, with free fringe tidies between visits: 25% off your first cut.",
        body: [
          "Theo loves short hair in all its forms: textured crops, scissor-over-comb classics, pixies with movement and mullets that mean it. He is meticulous about necklines and tidies your fringe between appointments for free.",
          "Trained in colour by Camille, he'll happily put a soft copper through a pixie too. Your first visit with Theo at Wrenbridge is 25% off.",
        ],
      },
      25,
    ),
    stylistOffer(
      "priya",
      "Priya",
      {
        title: "25% off with Priya",
        summary: "The blow-dry that lasts all weekend, and rich, glossy brunettes: 25% off your first visit.",
        body: [
          "Priya's full, bouncy finishes are a Friday favourite at Wrenbridge, and her rich brunettes and glossy glazes are winning her a colour column of her own.",
          "She has late appointments on Wednesdays and Thursdays, and your first visit with her is 25% off.",
        ],
      },
      25,
    ),
    stylistOffer(
      "freya",
      "Freya",
      {
        title: "25% off a fresh start with Freya",
        summary: "Soft layers and natural colour from our Apprentice of the Year: 25% off your first visit.",
        body: [
          "Freya is in the final stage of her training at Kestwick, with a lovely eye for face-framing layers and fresh, natural colour. A senior stylist checks every piece of her work, so you get careful, unhurried service at a gentler price.",
          "She's a great choice for a trim and gloss, roots and refresh, or your very first foils, and your first visit is 25% off.",
        ],
      },
      25,
    ),
    stylistOffer(
      "jonah",
      "Jonah",
      {
        title: "25% off with Jonah at the Ivy Academy",
        summary: "Clean fades, tidy beards and supervised cut & colour at Academy prices: 25% off your first visit.",
        body: [
          "Jonah is a second-year apprentice at the Ivy Academy and already a skilled barber. Every service he carries out is supervised and checked by a senior educator, and his appointments are longer than usual so nothing is rushed.",
          "Take 25% off your first visit, and help train the next generation of Maison Ivy stylists.",
        ],
      },
      25,
    ),
    stylistOffer(
      "rosa",
      "Rosa",
      {
        title: "25% off with Rosa at the Ivy Academy",
        summary: "Great-value blow-dries, trims and root colour, fully supervised: 25% off your first visit.",
        body: [
          "Rosa is our newest starter at the Ivy Academy, learning the Maison Ivy way from consultation to finish. Her appointments are supervised from start to finish by Elodie and the Academy educators.",
          "If you're happy to give a little extra time, enjoy a beautiful blow-dry, trim or root colour (and one of her famous scalp massages) with 25% off your first visit.",
        ],
      },
      25,
    ),

    offer({
      slug: "nadia-and-freya",
      flagged: true,
      title: "25% off with Nadia or Freya",
      summary: "New to Nadia or to Freya? Take 25% off your first visit with either of them at Kestwick.",
      body: [
        "Two of our Kestwick favourites have space in their columns. Nadia brings precision cuts, strong shapes and glossy silk presses; Freya brings soft layers, natural colour and the warmest welcome in town.",
        "If you're new to either of them, even if you already know our salon, your first appointment is 25% off.",
        BOOK_WITH_CONSULTATION,
      ],
      percent: 25,
      code: "SK25",
      ...jointOffer,
      stylistSlugs: ["nadia", "freya"],
      audience: "new",
      // New to Nadia or to Freya is enough, as the page says: the group's "new clients only" line would contradict it.
      who: "For clients who have not had an appointment with Nadia or with Freya before, even if you know our salons.",
      terms: [`Valid until ${format(addDays(on, 56), "dd.MM.yyyy")}.`],
    }),
    offer({
      slug: "theo-and-priya",
      flagged: true,
      title: "Summer 25% off with Theo or Priya",
      summary: "Get summer-ready at Wrenbridge: 25% off your first visit with Theo or Priya this July.",
      body: [
        "Short and sharp or big and bouncy? Theo's crops and pixies and Priya's weekend-proof blow-dries are made for summer.",
        "Book your first visit with either of them before the end of July and take 25% off every service on your bill.",
        BOOK_WITH_CONSULTATION,
      ],
      percent: 25,
      code: "JULY25",
      ...july,
      stylistSlugs: ["theo", "priya"],
      audience: "new",
      terms: ["With Theo or Priya only, on your first visit."],
    }),

    offer({
      slug: "birthday",
      flagged: true,
      title: "We're 20! Celebrate with 25% off",
      summary: "Maison Ivy is 20 years old this November. Join the party with 25% off your first visit.",
      body: [
        "Twenty years ago this November we opened our doors on Market Row. Two salons, an academy and more than 700 five-star reviews later, we're celebrating the best way we know: by welcoming new faces.",
        "All through our birthday month, new clients get 25% off their first visit with any of our stylists.",
        BOOK_WITH_CONSULTATION,
      ],
      percent: 25,
      code: "BDAY20YRS",
      // The salon's twentieth birthday was November 2022: an offer that has ended, kept as the demo's example.
      endDate: "2022-11-30",
      stylistSlugs: [],
      audience: "new",
      terms: ["Appointments during November 2022."],
    }),
    offer({
      slug: "newyear",
      flagged: true,
      title: "New year, new colour: £20 off your cut",
      summary: "New clients: book any colour service this January or February and take £20 off your haircut.",
      body: [
        "Start the year with a change you'll love. Book a colour service with any of our stylists in January or February and we'll take £20 off your haircut in the same appointment.",
        "Whether it's warming up for winter, going lighter for the year ahead or finally blending those greys, we'll plan it with you at a free consultation.",
        BOOK_WITH_CONSULTATION,
      ],
      amountOffPence: 2000,
      code: `${BRAND_CODE}NEWYEAR`,
      ...newYear,
      stylistSlugs: [],
      audience: "new",
      terms: ["£20 off a haircut booked in the same appointment as a colour service, in January and February."],
    }),
    offer({
      slug: "spring",
      flagged: true,
      title: "Spring refresh: £20 off your cut",
      summary: "New clients: pair any colour service with a haircut this March or April and save £20.",
      body: [
        "Lighter days call for lighter, brighter hair. Book a colour service in March or April and we'll take £20 off your haircut in the same appointment.",
        "Sun-kissed foils, a soft balayage or a glossy refresh: our stylists will help you choose at a free consultation.",
        BOOK_WITH_CONSULTATION,
      ],
      amountOffPence: 2000,
      code: `${BRAND_CODE}SPRING`,
      ...spring,
      stylistSlugs: [],
      audience: "new",
      terms: ["£20 off a haircut booked in the same appointment as a colour service, in March and April."],
    }),
    offer({
      slug: "keratin",
      flagged: true,
      title: "20% off keratin smoothing",
      summary: "Frizz-free, glossy hair for up to 3 months: 20% off your first keratin treatment.",
      body: [
        "Our keratin smoothing treatment tames frizz, cuts your drying time and leaves hair glossy and manageable for up to 3 months.",
        "Your first application is 20% off. We'll check your hair at a free consultation first, so we can tell you honestly how long your results should last.",
        BOOK_WITH_CONSULTATION,
      ],
      percent: 20,
      code: `${BRAND_CODE}KERATIN`,
      endDate: null,
      stylistSlugs: [],
      audience: "all",
      colour: false,
      terms: [
        "20% off your first keratin smoothing application only.",
        "Results last up to 3 months, depending on your hair and how often you wash it.",
      ],
    }),

    // Pages without a card: reached from a text message, an e-mail or a news item.
    offer({
      slug: "general-november",
      flagged: false,
      title: "November: 25% off your first visit",
      summary: "This November only, new clients take 25% off their first visit with any stylist.",
      body: [
        "Treat yourself before the party season. Throughout November, new clients get 25% off every service on their first visit, with any stylist at any of our salons.",
        BOOK_WITH_CONSULTATION,
      ],
      ...NEW_CLIENT_DISCOUNT,
      ...november,
      terms: [`Appointments during November ${novemberYear}, with any stylist at ${ANY_OF_OUR_PLACES}.`],
    }),
    offer({
      slug: "theo-lapsed",
      flagged: false,
      title: "Theo would love to see you again: 25% off",
      summary: "It's been a while! Come back to Theo and take 25% off your next visit.",
      body: [
        "It's been a while since we saw you, and Theo's been busy: he's completed his colour training with Camille and is now as happy putting a soft copper through a pixie as he is perfecting a crop.",
        "Come back to Wrenbridge and take 25% off your next appointment with him.",
        BOOK_WITH_CONSULTATION,
      ],
      percent: 25,
      code: "THEO25",
      endDate: null,
      stylistSlugs: ["theo"],
      audience: "lapsed",
      terms: ["With Theo only, on your next visit."],
    }),
    offer({
      slug: "20th-birthday",
      flagged: false,
      title: "20 years of Maison Ivy: thank you!",
      summary: "To thank everyone who has sat in our chairs, 25% off one visit this November.",
      body: [
        "None of the last twenty years would have happened without you. Whether you've been with us since 2002 or joined us last month, thank you.",
        "To celebrate our 20th birthday with you, every client can take 25% off one appointment in November, with any stylist at any of our salons.",
        BOOK_WITH_CONSULTATION,
      ],
      percent: 25,
      code: "BDAY20YRS",
      endDate: "2022-11-30",
      stylistSlugs: [],
      audience: "all",
      terms: ["One appointment per client during November 2022."],
    }),
    offer({
      slug: "welcome-back",
      flagged: false,
      title: "Welcome back: 20% off your next visit",
      summary: "We've missed you! Take 20% off your next appointment with any of our stylists.",
      body: [
        "It's been a little while, and we'd love to see you back in the chair. Whether you return to your old stylist or try someone new, your next appointment is 20% off.",
        "If it's been more than 6 months since your last colour, we'll do a quick skin test first: it takes five minutes and keeps you safe.",
        BOOK_WITH_CONSULTATION,
      ],
      percent: 20,
      code: "WELCOMEBACK20",
      endDate: null,
      stylistSlugs: [],
      audience: "lapsed",
      terms: [`Your next visit only, with any stylist at ${ANY_OF_OUR_PLACES}.`],
    }),
    offer({
      slug: "blondme",
      flagged: false,
      title: "25% off your blonde",
      summary: "Foils, balayage or a full head of blonde: new clients take 25% off their first blonding service.",
      body: [
        "Bright, cool or honey-warm, your blonde should feel like you. We lighten with care, using bond-building protection and professional toners to keep your hair strong and shiny.",
        "New clients take 25% off their first blonding service: foils, balayage or full head lightening, finished with a toner made for you.",
        BOOK_WITH_CONSULTATION,
      ],
      percent: 25,
      code: "BlondMe25",
      endDate: null,
      stylistSlugs: [],
      audience: "new",
      terms: ["Blonding services (foils, balayage, full head lightening) on your first visit."],
    }),
    offer({
      slug: "new-clients",
      flagged: false,
      title: "New clients: 25% off at every level",
      summary: "See exactly what a cut & colour costs at each stylist level, with 25% off your first visit.",
      body: [
        "Our stylists are priced by experience, so there's a level for every budget. As a new client you'll take 25% off your first visit at any level.",
        "Here's what a typical cut & colour costs, before and after your discount. For an exact figure for your hair, try our price calculator.",
        BOOK_WITH_CONSULTATION,
      ],
      ...NEW_CLIENT_DISCOUNT,
      endDate: null,
      levelPrices: NEW_CLIENT_LEVEL_PRICES,
      terms: ["Prices are typical for a cut & colour; yours depends on your hair and the services you choose."],
    }),
  ];
}

/** The text-message versions, by the offer they adapt (each at /sms/{offer slug}). */
const SMS_VERSIONS: ReadonlyArray<{ offerSlug: string; headline: string; lead: string }> = [
  {
    offerSlug: "theo",
    headline: "25% off your first cut with Theo",
    lead: "Thanks for tapping through! Quote your code when you book and your first visit with Theo is 25% off.",
  },
  {
    offerSlug: "welcome-back",
    headline: "We've missed you!",
    lead: "It's been a while. Come back to any of our salons and take 20% off your next appointment.",
  },
  {
    offerSlug: "blondme",
    headline: "25% off your blonde",
    lead: "Foils, balayage or full head: take 25% off your first blonding service with us.",
  },
  {
    offerSlug: "newyear",
    headline: "New year, new colour",
    lead: "Book a colour service this January or February and we'll take £20 off your haircut.",
  },
  {
    offerSlug: "spring",
    headline: "Your spring refresh",
    lead: "Pair a colour with a haircut this March or April and save £20 on the cut.",
  },
];

type SeededOffer = SeedOffer & Pick<Offer, "displayOrder" | "smsHeadline" | "smsLead">;

/** Every seeded offer with its order and text-message version, dated for a first start `on` that day. */
export function seedOffersOn(on: Date): SeededOffer[] {
  return catalogue(on).map((entry, index) => {
    const sms = SMS_VERSIONS.find((version) => version.offerSlug === entry.slug);
    return { ...entry, displayOrder: (index + 1) * 10, smsHeadline: sms?.headline ?? null, smsLead: sms?.lead ?? null };
  });
}

/** The seeded offers as a first start today would date them: their slugs, copy and order for the tests. */
export const seedOffers: readonly SeededOffer[] = seedOffersOn(new Date());

/**
 * The offers a new install lists on /offers: a joint stylist offer, the
 * seasonal and summer campaigns (each shows by itself while its window runs),
 * keratin and three stylists' own. Not the general 25% welcome: beside the
 * first-visit discount every quote carries it would offer a new client two
 * different first-visit deals on one page.
 */
export const DEMO_LISTED: ReadonlySet<string> = new Set([
  "nadia-and-freya",
  "theo-and-priya",
  "newyear",
  "spring",
  "keratin",
  "camille",
  "isla",
  "elodie",
]);

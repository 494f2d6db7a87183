/**
 * Demo content seeded into an empty database on first start.
 *
 * Everything here is fictional: Maison Ivy, its salons in the made-up town of
 * Wrenbridge and its neighbour Kestwick, the stylists and every client. Phone
 * numbers are in Ofcom's 01632 960xxx range, kept for drama and never
 * allocated; invented outside addresses use the reserved `.example` domain.
 * Images are SVGs made for this project under public/images/.
 *
 * Money is integer pence.
 */
import { anyPlace, brandFacts } from "~/domain/brand";
import { type DayHours, SALON_IDS } from "~/domain/salon-info";
import type { stylists as stylistRows } from "../schema.server";

export interface SeedSalon {
  id: number;
  name: string;
  shortName: string;
  logo: string;
  image: string;
  address: string;
  postcode: string;
  town: string;
  telephone: string;
  bookingUrl: string;
  /** Sister site of the salon, or null for the salon this site belongs to. */
  websiteUrl: string | null;
  /** Monday first; null on a closed day. */
  openingHours: readonly DayHours[];
}

/** A team member as the table holds one, before the console gives them pictures, a version or a leaving date. */
export type SeedStylist = Omit<
  typeof stylistRows.$inferSelect,
  "id" | "photoId" | "montageId" | "retiredAt" | "version"
>;

export interface SeedBlogPost {
  slug: string;
  title: string;
  image: string;
  bodyHtml: string;
  author: string;
  /** ISO date, e.g. "2026-11-10". */
  publishedAt: string;
}

export interface SeedReview {
  review: string;
  client: string;
  stylistSlug: string;
}

export interface SeedNewsItem {
  slug: string;
  title: string;
  image: string;
  alt: string;
  body: string;
  displayOrder: number;
}

export interface SeedShopBanner {
  mobileImage: string;
  desktopImage: string;
  alt: string;
  url: string;
  displayOrder: number;
}

export interface SeedShopTile {
  image: string;
  brand: string;
  title: string;
  description: string;
  url: string;
  displayOrder: number;
}

/**
 * The week every salon opened on before hours were editable: closed Monday
 * and Sunday, late Wednesday and Thursday. Each salon now has its own copy.
 */
export const SEED_OPENING_HOURS: readonly DayHours[] = [
  null,
  { opens: "09:00", closes: "17:00" },
  { opens: "11:00", closes: "20:00" },
  { opens: "11:00", closes: "20:00" },
  { opens: "09:00", closes: "17:00" },
  { opens: "08:30", closes: "16:30" },
  null,
];

/** Id 1 is the main salon (site header, job applications), 2 the calculator's default, 3 the academy. */
export const salons: SeedSalon[] = [
  {
    id: SALON_IDS.wrenbridge,
    name: "Maison Ivy Wrenbridge",
    shortName: "Wrenbridge",
    logo: "/images/salons/wrenbridge-logo.svg",
    image: "/images/salons/wrenbridge.svg",
    address: "14 Market Row",
    postcode: "WB1 2MR",
    town: "Wrenbridge",
    telephone: "01632 960214",
    bookingUrl: "https://booking.example/maison-ivy-wrenbridge",
    websiteUrl: null,
    openingHours: SEED_OPENING_HOURS,
  },
  {
    id: SALON_IDS.kestwick,
    name: "Maison Ivy Kestwick",
    shortName: "Kestwick",
    logo: "/images/salons/kestwick-logo.svg",
    image: "/images/salons/kestwick.svg",
    address: "3 Abbey Walk",
    postcode: "WB9 3AW",
    town: "Kestwick",
    telephone: "01632 960587",
    bookingUrl: "https://booking.example/maison-ivy-kestwick",
    websiteUrl: "https://kestwick.maisonivy.example",
    openingHours: SEED_OPENING_HOURS,
  },
  {
    id: SALON_IDS.academy,
    name: "The Ivy Academy",
    shortName: "Academy",
    logo: "/images/salons/academy-logo.svg",
    image: "/images/salons/academy.svg",
    address: "The Old Tannery, Mill Lane",
    postcode: "WB1 5TN",
    town: "Wrenbridge",
    telephone: "01632 960730",
    bookingUrl: "https://booking.example/ivy-academy",
    websiteUrl: "https://academy.maisonivy.example",
    openingHours: SEED_OPENING_HOURS,
  },
];

/**
 * Where a visit anywhere in the group counts, said from the salons above
 * ("either of our salons or the academy"), for the demo's posts and small
 * print: counted, so no demo text says a number of salons the group lacks.
 */
export const ANY_OF_OUR_PLACES = anyPlace(brandFacts(salons, new Date(0)));

export const stylists: SeedStylist[] = [
  {
    slug: "harriet",
    firstName: "Harriet",
    lastName: "Vale",
    salonId: SALON_IDS.wrenbridge,
    levelId: 9,
    image: "/images/team/harriet.svg",
    montageImage: "/images/team/harriet-montage.svg",
    para1:
      "Harriet has been cutting hair at Maison Ivy since 2004 and is now our Creative Director. She is known for precise cuts that grow out beautifully and for colour that looks expensive in the quietest way: soft, dimensional and never brassy.",
    para2:
      "Her chair is where long-standing clients bring their big decisions: the chop from waist-length to a jaw-skimming bob, the move from box dye to a lived-in blonde, the first grey coverage that doesn't look like coverage. She takes her time over every consultation and will always tell you honestly what your hair can and can't do.",
    para3:
      "Harriet's column is full for new clients at the moment. She keeps a short waiting list at the Wrenbridge desk and will happily recommend someone from her team in the meantime. Away from the salon she swims in the river at Wrenbridge Mill most mornings, whatever the weather.",
    acceptingNewClients: false,
    instagram: "https://www.instagram.com/harriet.maisonivy/",
    displayOrder: 1,
  },
  {
    slug: "camille",
    firstName: "Camille",
    lastName: "Ashdown",
    salonId: SALON_IDS.kestwick,
    levelId: 8,
    image: "/images/team/camille.svg",
    montageImage: "/images/team/camille-montage.svg",
    para1:
      "Camille leads our Kestwick salon and is the person the whole team calls when a blonde needs rescuing. Her balayage is painted by hand, soft at the root and bright where the light falls, and designed to grow out gracefully for twelve weeks or more.",
    para2:
      "She trained in London and spent three years on the colour team of a busy Marylebone salon before coming home to Kestwick in 2015. She still teaches the colour refresher days at the Ivy Academy twice a year, and nothing pleases her more than a careful correction that other salons have turned away.",
    para3:
      "Ask Camille about toner and you'll get a warm, twenty-minute masterclass and a plan for keeping your blonde cool between visits. She has space for new clients on Wednesday and Thursday evenings.",
    acceptingNewClients: true,
    instagram: "https://www.instagram.com/camille.maisonivy/",
    displayOrder: 2,
  },
  {
    slug: "isla",
    firstName: "Isla",
    lastName: "Brennan",
    salonId: SALON_IDS.wrenbridge,
    levelId: 7,
    image: "/images/team/isla.svg",
    montageImage: "/images/team/isla-montage.svg",
    para1:
      "Isla is our curl specialist. She cuts curly and coily hair dry, curl by curl, so she can see exactly how each one sits before anything is taken away, and she finishes every appointment by showing you how to style it yourself at home.",
    para2:
      "She joined Maison Ivy as an apprentice in 2013 and has since completed advanced curly-cutting training in Bristol and Amsterdam. Clients travel from across the county to sit in her chair, many of them after years of being told their hair was 'difficult'.",
    para3:
      "Her appointments begin with an unhurried chat about your routine, your products and what your curls have been through. She is a lovely colourist for curls too, using gentle lightening that protects your pattern.",
    acceptingNewClients: true,
    instagram: "https://www.instagram.com/isla.curls.maisonivy/",
    displayOrder: 3,
  },
  {
    slug: "elodie",
    firstName: "Elodie",
    lastName: "Fenwick",
    salonId: SALON_IDS.academy,
    levelId: 8,
    image: "/images/team/elodie.svg",
    montageImage: "/images/team/elodie-montage.svg",
    para1:
      "Elodie heads up education at the Ivy Academy. Every one of our apprentices has learned to section, cut and colour with her standing beside them, and her calm, methodical way of teaching shows in everything they do.",
    para2:
      "She has twenty years behind the chair, including seasons with session teams at London Fashion Week, and still keeps a column of her own clients at the Academy on Tuesdays and Fridays. Because the Academy runs at training prices, an appointment with Elodie is one of the best-kept secrets in Wrenbridge.",
    para3:
      "She specialises in classic cutting and grey blending, and is particularly good with fine hair that wants to look fuller. Expect a thoughtful consultation, a beautifully balanced shape and honest advice about what to use at home.",
    acceptingNewClients: true,
    instagram: "https://www.instagram.com/elodie.ivyacademy/",
    displayOrder: 4,
  },
  {
    slug: "nadia",
    firstName: "Nadia",
    lastName: "Okafor",
    salonId: SALON_IDS.kestwick,
    levelId: 6,
    image: "/images/team/nadia.svg",
    montageImage: "/images/team/nadia-montage.svg",
    para1:
      "Nadia is a precision cutter with a love of strong shapes: blunt bobs, sharp fringes and one-length cuts that swing. She is equally at home with textured and Afro hair, and her silk presses are glossy, full of movement and kind to your natural pattern.",
    para2:
      "She qualified at the Ivy Academy in 2019 and stepped up to Stylist at Kestwick two years later. Nadia believes a good cut should look after you on the days you have no time, so she always builds in a shape that air-dries well.",
    para3:
      "Outside the salon she runs the team book club, which mostly means she chooses the books. She is taking new clients across the week, including Saturday mornings.",
    acceptingNewClients: true,
    instagram: "https://www.instagram.com/nadia.cuts.maisonivy/",
    displayOrder: 5,
  },
  {
    slug: "theo",
    firstName: "Theo",
    lastName: "Lindqvist",
    salonId: SALON_IDS.wrenbridge,
    levelId: 5,
    image: "/images/team/theo.svg",
    montageImage: "/images/team/theo-montage.svg",
    para1:
      "Theo loves short hair in all its forms: textured crops, classic scissor-over-comb cuts, pixies with movement and mullets that are meant to be mullets. He is meticulous about necklines and will tidy your fringe between appointments without charge.",
    para2:
      "He came to Maison Ivy from a barbering background in 2022 and has since completed his colour training with Camille, so he is just as happy putting a soft copper through a pixie as he is blending a skin fade.",
    para3: null,
    acceptingNewClients: true,
    instagram: "https://www.instagram.com/theo.maisonivy/",
    displayOrder: 6,
  },
  {
    slug: "priya",
    firstName: "Priya",
    lastName: "Dhillon",
    salonId: SALON_IDS.wrenbridge,
    levelId: 4,
    image: "/images/team/priya.svg",
    montageImage: "/images/team/priya-montage.svg",
    para1:
      "Priya graduated from the Ivy Academy last spring and has quickly become the person to see for a blow-dry that lasts all weekend. Her full, bouncy finishes are a Friday-afternoon favourite at Wrenbridge.",
    para2:
      "She adores occasion hair and has styled bridal parties all over the county, from soft, undone chignons to sleek high ponytails. She always offers a trial beforehand, so there are no surprises on the day.",
    para3:
      "Priya is building her colour column too, with a particular eye for rich brunettes and glossy glazes. Her prices start from £75 for a cut and colour, and she has late appointments on Wednesdays and Thursdays.",
    acceptingNewClients: true,
    instagram: "https://www.instagram.com/priya.blowdry.maisonivy/",
    displayOrder: 7,
  },
  {
    slug: "freya",
    firstName: "Freya",
    lastName: "Holt",
    salonId: SALON_IDS.kestwick,
    levelId: 3,
    image: "/images/team/freya.svg",
    montageImage: "/images/team/freya-montage.svg",
    para1:
      "Freya is a Junior Stylist at our Kestwick salon and one of the warmest people you'll ever meet in a salon chair. She is in the final stage of her training, with a wonderful eye for soft, face-framing layers and fresh, natural colour.",
    para2:
      "She started with us as a Saturday assistant while still at school, went on to our apprenticeship and was named Ivy Academy Apprentice of the Year in 2024. A senior stylist checks every piece of her work, so you get careful, unhurried service at a gentler price.",
    para3:
      "Freya is a great choice for a refresh: a trim and gloss, roots and refresh, or your very first foils. She is always happy to take the time to show you how to recreate the blow-dry at home.",
    acceptingNewClients: true,
    instagram: "https://www.instagram.com/freya.maisonivy/",
    displayOrder: 8,
  },
  {
    slug: "jonah",
    firstName: "Jonah",
    lastName: "Mensah",
    salonId: SALON_IDS.academy,
    levelId: 2,
    image: "/images/team/jonah.svg",
    montageImage: "/images/team/jonah-montage.svg",
    para1:
      "Jonah is a second-year apprentice at the Ivy Academy, where he works alongside Elodie on the salon floor and trains two days a week. He is already a skilled barber, with clean fades and tidy beard work, and is now learning women's cutting and colour.",
    para2:
      "Every service Jonah carries out is supervised and checked by a senior educator, and his appointments are longer than usual so nothing is ever rushed. Booking with him is a lovely way to support the next generation of Maison Ivy stylists.",
    para3: null,
    acceptingNewClients: true,
    instagram: null,
    displayOrder: 9,
  },
  {
    slug: "rosa",
    firstName: "Rosa",
    lastName: "Whitlock",
    salonId: SALON_IDS.academy,
    levelId: 1,
    image: "/images/team/rosa.svg",
    montageImage: "/images/team/rosa-montage.svg",
    para1:
      "Rosa is our newest starter. She joined the Ivy Academy this autumn after finishing her Level 2 diploma at Wrenbridge College, and she is spending her first months learning the Maison Ivy way, from consultation and the basin to sectioning, blow-drying and root colour.",
    para2:
      "Her appointments are at training prices and are supervised from start to finish by Elodie and the Academy educators, so they take a little longer than usual. They are ideal if you are happy to give a little time in return for a great-value blow-dry, trim or root colour.",
    para3:
      "Rosa already has a loyal following among Academy regulars for her scalp massages at the basin, and she hopes to specialise in occasion hair once she has qualified.",
    acceptingNewClients: true,
    instagram: null,
    displayOrder: 10,
  },
];

export const blogPosts: SeedBlogPost[] = [
  {
    slug: "keeping-your-blonde-bright",
    title: "How to keep your blonde bright between appointments",
    image: "/images/blog/keeping-your-blonde-bright.svg",
    author: "Camille Ashdown",
    publishedAt: "2026-11-10",
    bodyHtml: `<p>Blonde is the most rewarding colour we do, and the most demanding once you get it home. Lightened hair is more porous than natural hair, so it drinks in whatever it meets: minerals in the water, pollution, heat and the warm pigments that were always hiding underneath. The good news is that a few small habits make a very big difference.</p>
<h2>Wash less, and wash cooler</h2>
<p>Every wash lifts a little toner. Most of our blonde clients find that two or three washes a week is plenty, with a good dry shampoo in between. When you do wash, keep the water lukewarm and finish with a cool rinse to close the cuticle and hold on to shine.</p>
<h2>Use purple sparingly</h2>
<p>A violet shampoo neutralises yellow, but too much of it leaves blonde flat, grey or faintly lilac. Our rule of thumb:</p>
<ul>
<li>use it once a week, not every wash;</li>
<li>lather it through the lengths, leave it for two to three minutes and rinse well;</li>
<li>follow with a hydrating conditioner, because toning shampoos can be drying.</li>
</ul>
<h2>Protect from heat and sun</h2>
<p>Straighteners at full temperature can turn a cool beige blonde brassy in a single pass. Keep irons at 180&nbsp;°C or below, always use a heat protector, and in summer choose a leave-in with UV filters. A hat on holiday does more than any product.</p>
<h2>Build strength, not just colour</h2>
<p>Lightening breaks some of the bonds that give hair its strength. A bond-building treatment added to your colour appointment, and a weekly mask at home, keeps blonde feeling soft and elastic rather than straw-like. If you are not sure which treatment suits your hair, ask at your next visit and we will talk you through the options.</p>
<h2>Book your toner refresh</h2>
<p>Toner naturally fades over four to six weeks. Rather than a full lightening appointment, a quick toner and blow-dry in between brings back the exact shade you left with, at a fraction of the time and cost. You can see what a refresh would cost with your stylist on our <a href="/prices">price calculator</a>.</p>
<h2>Filter your water</h2>
<p>Wrenbridge and Kestwick both have fairly hard water. A simple shower filter reduces the minerals that dull blonde and make it feel coarse, and a clarifying shampoo once a fortnight lifts any build-up before it turns into a yellow cast.</p>
<p>Most of all, talk to us. If your blonde is not behaving, we would much rather see you for a quick check than have you live with it until your next appointment. A fifteen-minute consultation at either salon is always free.</p>`,
  },
  {
    slug: "balayage-foils-or-full-head",
    title: "Balayage, foils or full head colour: which is right for you?",
    image: "/images/blog/balayage-foils-or-full-head.svg",
    author: "Harriet Vale",
    publishedAt: "2026-08-18",
    bodyHtml: `<p>"I'd like to go lighter" can mean a dozen different things, and the technique your stylist chooses decides how your colour looks on day one, how it grows out and how often you will need to come back. Here is how we think about the three most popular options.</p>
<h2>Full head colour</h2>
<p>One shade applied from root to tip. It is the most straightforward way to change your base colour, cover grey completely or add richness and shine to brunettes and reds. The trade-off is regrowth: with a solid colour the line at the root shows within four to six weeks, so most clients book a roots appointment every month or so.</p>
<h2>Foils</h2>
<p>Fine sections of hair are woven out, coated in lightener or colour and wrapped in foil. Foils give a brighter, more even result and are ideal for:</p>
<ul>
<li>blending grey with soft, multi-tonal brightness;</li>
<li>noticeable lift on darker hair;</li>
<li>a face frame that lights up the complexion without a full commitment.</li>
</ul>
<p>Because the pieces start close to the root, foils usually need refreshing every eight to ten weeks.</p>
<h2>Balayage</h2>
<p>Balayage is painted freehand onto the surface of the hair, softly at the root and more heavily towards the ends. The result is the sun-kissed, lived-in colour that grows out without a hard line, so many clients visit only three or four times a year. It takes an experienced eye to place well, which is why we reserve it for our qualified stylists, and it always includes a toner to fine-tune the shade.</p>
<h2>What about a mixture?</h2>
<p>Often the best result combines methods: a root colour to cover grey with foils between, or balayage with a few fine foils around the face for extra brightness. Your stylist will suggest a plan during the consultation, and it is always fine to ask for a lower-maintenance version.</p>
<h2>Thinking about the cost</h2>
<p>The price depends on the technique, the length and density of your hair and the level of the stylist you choose. Our <a href="/prices">price calculator</a> will either match you with a stylist for your budget or give you a price with someone you already know. Every colour service needs a skin test at least 48 hours beforehand, so do pop in for one before your first appointment.</p>
<p>Still not sure? Book a free consultation at Wrenbridge or Kestwick, bring a few photographs you love (and one you don't), and we'll work it out together.</p>`,
  },
  {
    slug: "your-skin-test-explained",
    title: "Your skin test, explained",
    image: "/images/blog/your-skin-test-explained.svg",
    author: "Elodie Fenwick",
    publishedAt: "2026-05-06",
    bodyHtml: `<p>Before any colour service, we will ask you to pop in for a quick skin test. It can feel like a chore, especially if you have coloured your hair for years without a problem, so here is why we ask and what to expect.</p>
<h2>Why it matters</h2>
<p>Most permanent hair colours contain ingredients that can, very occasionally, cause an allergic reaction. Sensitivity can develop at any time, even to a shade you have worn for a decade, and a reaction on the scalp can be painful and slow to settle. A skin test is a simple way to spot a problem before it happens, and it is a condition of the insurance every professional salon carries.</p>
<h2>What happens</h2>
<ul>
<li>We dab a small amount of the colour you will be using behind your ear or on the inside of your elbow. It takes less than five minutes.</li>
<li>Leave the area unwashed and uncovered, and keep an eye on it.</li>
<li>If you notice itching, redness, swelling or a rash, wash it off gently and call us before your appointment.</li>
</ul>
<h2>Timing</h2>
<p>The test must be done at least 48 hours before your colour appointment. This is the time most reactions take to appear, so we cannot shorten it, even for a last-minute booking. A test stays valid for six months, provided you have not changed colour brands or had a reaction in between. If it has been longer than that since your last colour with us, we will ask for a fresh one.</p>
<h2>Special cases</h2>
<p>Please tell us if you have had a temporary tattoo, especially black henna, or if you have started new medication, are pregnant or have recently been unwell. These can all change how your skin responds, and your stylist may suggest a gentler product or a second test.</p>
<h2>Making it easy</h2>
<p>You do not need an appointment for a skin test: call in to ${ANY_OF_OUR_PLACES} during opening hours and we will do it at the desk. Many clients combine it with a free consultation, so they leave knowing exactly what their colour will cost. You can also check prices in advance with our <a href="/prices">price calculator</a>.</p>
<p>It is a small step, but it means you can relax in the chair knowing your colour is as safe as it is beautiful.</p>`,
  },
  {
    slug: "a-curl-friendly-wash-day",
    title: "A curl-friendly wash day, step by step",
    image: "/images/blog/a-curl-friendly-wash-day.svg",
    author: "Isla Brennan",
    publishedAt: "2026-02-12",
    bodyHtml: `<p>Curls are not difficult; they are simply thirsty and a little particular about how they are handled. Most of the frizz and shrinkage my clients struggle with comes from the way hair is washed and dried rather than from the hair itself. This is the routine I teach in the salon.</p>
<h2>1. Cleanse gently</h2>
<p>Choose a sulphate-free shampoo and focus it on the scalp, massaging with your fingertips rather than your nails. Let the suds rinse through the lengths; they do not need scrubbing. If you use a lot of styling products, clarify once a month to reset.</p>
<h2>2. Condition generously</h2>
<p>Apply conditioner while your hair is soaking wet and detangle with your fingers or a wide-tooth comb, starting at the ends and working up. Leave it on for a few minutes. Some of my clients rinse only half of it out; experiment and see what your curls prefer.</p>
<h2>3. Style while soaking wet</h2>
<p>This is the step that changes everything. Apply your leave-in and styler before you touch a towel, so the products lock in water and your curls clump together. My favourite method:</p>
<ul>
<li>rake a leave-in conditioner through in sections;</li>
<li>glaze a curl cream or gel over the surface with flat palms;</li>
<li>scrunch upwards towards the scalp until you hear a gentle squelch.</li>
</ul>
<h2>4. Dry without disturbing</h2>
<p>Swap your towel for an old cotton T-shirt or microfibre wrap and scrunch out the excess. Then either air-dry or diffuse on a low speed and medium heat, cupping sections of hair in the diffuser bowl. Resist touching your hair until it is completely dry.</p>
<h2>5. Scrunch out the crunch</h2>
<p>If your gel has left a cast, scrunch it out with a drop of oil on your hands once your hair is fully dry. You will be left with soft, defined curls that last for days.</p>
<h2>Between wash days</h2>
<p>Sleep on a silk or satin pillowcase, or loosely pineapple your curls on top of your head. In the morning, mist with water and a little leave-in to revive them.</p>
<p>If you would like me to walk you through your own routine, book a curly cut and I will show you every step on your own hair. You can see what it costs on our <a href="/prices">prices page</a>, and add a curly blow-dry finish if you fancy a treat.</p>`,
  },
  {
    slug: "heat-styling-without-the-damage",
    title: "Heat styling without the damage",
    image: "/images/blog/heat-styling-without-the-damage.svg",
    author: "Priya Dhillon",
    publishedAt: "2025-10-21",
    bodyHtml: `<p>I blow-dry hair all day long, and I can promise you that heat does not have to mean damage. The difference between glossy and fried comes down to a handful of habits, and none of them take much longer than what you are doing already.</p>
<h2>Start with a heat protector, every time</h2>
<p>A good protector forms a light film around each strand, slowing the way heat travels into the hair and reducing moisture loss. Spray it through damp hair in sections and comb it through so nothing is missed. Yes, even for a quick blast with the dryer.</p>
<h2>Rough-dry first</h2>
<p>Most damage happens when hot tools meet wet hair. Take out about 80 per cent of the moisture with the dryer on a medium setting and your fingers, and only pick up a brush for the final shape. You will cut your styling time in half.</p>
<h2>Mind the temperature</h2>
<ul>
<li>Fine or lightened hair: keep straighteners and tongs at 150 to 170&nbsp;°C.</li>
<li>Medium, healthy hair: 170 to 185&nbsp;°C is plenty.</li>
<li>Very thick or coarse hair: up to 200&nbsp;°C, but pass the iron slowly once rather than quickly five times.</li>
</ul>
<h2>Point the nozzle down</h2>
<p>Always direct the airflow from root to tip. It smooths the cuticle flat, which is where shine comes from, and stops the frizz you get from blowing air against the grain.</p>
<h2>Set, then cool</h2>
<p>Hair takes its shape as it cools. Pin a warm barrel curl into place, or hold the round brush for a few seconds before releasing, and finish the whole style with the cool-shot button. Your blow-dry will last days longer.</p>
<h2>Give it a night off</h2>
<p>Try a heatless set once or twice a week: a loose plait on damp hair, or a silk scrunchie bun, gives soft waves by morning with no heat at all.</p>
<p>If your hair already feels dry or snaps easily, a salon treatment can help restore strength before you start a new routine. Ask at your next visit, or see what a blow-dry with a treatment costs on our <a href="/prices">prices page</a>.</p>`,
  },
  {
    slug: "bond-builders-explained",
    title: "Bond builders: what plex treatments actually do",
    image: "/images/blog/bond-builders-explained.svg",
    author: "Nadia Okafor",
    publishedAt: "2025-06-30",
    bodyHtml: `<p>If you have had colour with us recently, you have probably been asked whether you would like a plex treatment added. It is a fair question to ask what you are actually paying for, so here is a plain-English guide.</p>
<h2>What a bond is</h2>
<p>The inside of each hair is held together by millions of tiny chemical links called disulphide bonds. They give hair its strength and its stretch. Lightening, colouring, heat and even brushing wet hair break some of these bonds, which is why damaged hair feels weak, gummy when wet and snaps easily.</p>
<h2>What a bond builder does</h2>
<p>Bond-building treatments work inside the hair rather than simply coating the outside like a conditioner. Depending on the product, they either protect bonds while colour is processing or help re-link broken ones afterwards. The result is hair that is stronger, more elastic and better able to hold colour and shine.</p>
<h2>The treatments we use</h2>
<ul>
<li><strong>Fibre Plex</strong> is mixed into your colour or lightener to protect the hair while it processes. It is our everyday choice for regular colour.</li>
<li><strong>K18</strong> is a leave-in peptide treatment that works on the inner structure of the hair after lightening. It is brilliant for blondes who want to keep length.</li>
<li><strong>Olaplex</strong> is the original bond builder and is especially good for big transformations and corrections.</li>
</ul>
<p>We also offer stand-alone treatments for hair that needs strength but not colour, including a scalp treatment for dry or flaky scalps.</p>
<h2>Do I really need one?</h2>
<p>Not every time. If you have healthy hair and a simple root colour, you may not need one at all. We recommend a bond builder when you are going significantly lighter, having balayage or a full head bleach, correcting colour, or if your hair already feels fragile. Your stylist will always explain why they are suggesting it.</p>
<h2>At home</h2>
<p>A treatment in the salon works best when it is backed up with a bond-repair mask or leave-in once a week, plenty of heat protection and a gentle wide-tooth comb.</p>
<p>Treatment prices are the same at every level, and you can add one to any colour in our <a href="/prices">price calculator</a> to see the total before you book.</p>`,
  },
  {
    slug: "growing-out-your-grey",
    title: "Growing out your grey with confidence",
    image: "/images/blog/growing-out-your-grey.svg",
    author: "Elodie Fenwick",
    publishedAt: "2025-03-14",
    bodyHtml: `<p>More and more of our clients are asking how to stop colouring and embrace their natural grey. It is a wonderful decision, and silver hair can look incredibly chic, but the grow-out is where most people lose heart. With a plan, it does not have to be awkward.</p>
<h2>Option one: the big chop</h2>
<p>The quickest route is to cut away as much coloured hair as you are comfortable with. A cropped pixie or a short, textured bob can take you most of the way in one appointment, and the shape will carry you through the last few months while the remaining colour grows out.</p>
<h2>Option two: blend it out</h2>
<p>If you want to keep your length, we can soften the line between your colour and your natural grey so that it grows out gradually. Depending on your hair, we might use:</p>
<ul>
<li>fine foils of lighter colour to break up a dark, solid base;</li>
<li>lowlights to add depth back into very light hair;</li>
<li>a soft, silvery gloss that fades gently over six weeks and takes the edge off regrowth.</li>
</ul>
<p>Most clients need three or four blending appointments over a year before they can stop altogether.</p>
<h2>Look after the new silver</h2>
<p>Grey hair often has a coarser, wirier texture and can yellow in sunlight or hard water. A weekly violet shampoo, a rich conditioner and a shine serum keep it bright and soft. Regular trims every eight weeks also help the shape stay polished while the colour changes.</p>
<h2>Be kind to yourself</h2>
<p>There will be days when you want to reach for the box dye. We find it helps to take a photograph every month and see how far you have come. Many of our clients tell us the moment the last of the old colour is cut away feels like a fresh start.</p>
<p>If you are thinking about it, book a consultation with one of our team and we will talk through which route suits your hair and lifestyle. You can also see the cost of blending appointments in our <a href="/prices">price calculator</a>, or read more about the stylists who love this kind of work on our <a href="/team-info">team page</a>.</p>`,
  },
];

export const reviews: SeedReview[] = [
  // Harriet
  {
    review:
      "I have been seeing Harriet for nearly twelve years and I still leave every appointment feeling like a new woman. She listens properly, never rushes, and somehow my colour looks better as it grows out than the day I leave.",
    client: "Joanna P.",
    stylistSlug: "harriet",
  },
  {
    review: "Best haircut I've ever had. Harriet just gets it.",
    client: "Rebecca T.",
    stylistSlug: "harriet",
  },
  {
    review:
      "I went from waist-length to a bob and was terrified. Harriet talked me through it, showed me exactly where she would cut and why, and the result is the most flattering shape I've had in years.",
    client: "Amira S.",
    stylistSlug: "harriet",
  },
  {
    review: "Calm, precise and honest. Worth every penny and every week on the waiting list.",
    client: "Clare W.",
    stylistSlug: "harriet",
  },
  {
    review:
      "Harriet covered my grey so softly that my husband didn't notice I'd had it done, which is exactly what I wanted. Lovely salon, lovely coffee.",
    client: "Margaret H.",
    stylistSlug: "harriet",
  },
  {
    review:
      "After years of box dye I finally booked in with Harriet. She was completely honest that it would take two visits to get to the blonde I wanted, and she was right: the second appointment was the moment I fell in love with my hair again.",
    client: "Lucy F.",
    stylistSlug: "harriet",
  },
  // Camille
  {
    review:
      "Camille is a genius with blonde. She corrected a colour another salon had left patchy and orange, and it took her a whole afternoon, but it is now the softest, most even beige blonde. I can't recommend her highly enough.",
    client: "Hannah G.",
    stylistSlug: "camille",
  },
  {
    review: "My balayage has grown out for four months and still looks intentional. Thank you Camille!",
    client: "Georgia K.",
    stylistSlug: "camille",
  },
  {
    review:
      "She explained toner to me in a way that finally made sense, and sent me home with a plan. The Kestwick salon is so peaceful too.",
    client: "Emily R.",
    stylistSlug: "camille",
  },
  {
    review: "Bright, healthy, expensive-looking blonde. Camille is the only person I trust with my hair.",
    client: "Sarah D.",
    stylistSlug: "camille",
  },
  {
    review:
      "I was nervous about going lighter for the first time, but Camille started gently with a few fine pieces around my face and we are building it up visit by visit. No damage at all, and my hair feels softer than before.",
    client: "Priti M.",
    stylistSlug: "camille",
  },
  {
    review: "Professional, kind and very talented. Booked my next three appointments before I left.",
    client: "Natalie C.",
    stylistSlug: "camille",
  },
  // Isla
  {
    review:
      "For the first time in my life I have a haircut that works with my curls instead of against them. Isla cut it dry, showed me exactly how to style it, and I have had compliments every single day since. I honestly cried a little.",
    client: "Olivia B.",
    stylistSlug: "isla",
  },
  {
    review: "Isla is a curl whisperer. Book her, you won't regret it.",
    client: "Jade A.",
    stylistSlug: "isla",
  },
  {
    review:
      "I drive forty minutes to see Isla and would drive twice as far. Her wash-day tips changed my routine completely.",
    client: "Chloe N.",
    stylistSlug: "isla",
  },
  {
    review:
      "My daughter has very tight coils and has always hated having her hair cut. Isla was patient, gentle and explained everything to her. She skipped out of the salon.",
    client: "Abena O.",
    stylistSlug: "isla",
  },
  {
    review: "Gorgeous copper colour on my curly hair, and the curl pattern is completely intact. Thank you!",
    client: "Megan L.",
    stylistSlug: "isla",
  },
  {
    review: "Friendly, knowledgeable and really good at explaining which products are worth buying and which aren't.",
    client: "Rachel V.",
    stylistSlug: "isla",
  },
  // Elodie
  {
    review:
      "I have very fine hair and Elodie is the first person who has made it look thick. The cut is beautifully balanced and the price at the Academy is a lovely surprise.",
    client: "Penny A.",
    stylistSlug: "elodie",
  },
  {
    review:
      "Elodie is blending my grey out gradually and I could not be happier. Every appointment she explains the next step, and there has never been a harsh line. She is calm, clever and a genuinely lovely person to spend an afternoon with.",
    client: "Diane E.",
    stylistSlug: "elodie",
  },
  {
    review: "Quietly brilliant. A classic bob, cut to perfection.",
    client: "Fiona J.",
    stylistSlug: "elodie",
  },
  {
    review:
      "Watching Elodie teach the apprentices while she cut my hair was fascinating. You can tell how much the team respects her.",
    client: "Katherine Y.",
    stylistSlug: "elodie",
  },
  // Nadia
  {
    review:
      "Nadia gave me the sharpest, swingiest bob I have ever had. It air-dries into shape, which for a mum of two is everything.",
    client: "Zara I.",
    stylistSlug: "nadia",
  },
  {
    review:
      "Finally a salon that knows how to look after Afro hair properly. Nadia's silk press was glossy, bouncy and lasted ten days, and my curls went straight back to normal after my wash. I've already booked my next one.",
    client: "Tolu A.",
    stylistSlug: "nadia",
  },
  {
    review: "Precise, stylish and great fun to chat to. Love my new fringe.",
    client: "Ellie S.",
    stylistSlug: "nadia",
  },
  {
    review: "Nadia took off six inches and my hair looks twice as thick. Brilliant cut.",
    client: "Becky H.",
    stylistSlug: "nadia",
  },
  {
    review:
      "I came in with a photo and a lot of doubts. Nadia adjusted the shape to suit my face and hair type and it's so much better than the picture.",
    client: "Imogen W.",
    stylistSlug: "nadia",
  },
  // Theo
  {
    review: "Best pixie cut I've had outside London. Theo's attention to detail is something else.",
    client: "Anna K.",
    stylistSlug: "theo",
  },
  {
    review:
      "Theo has been cutting my hair for two years now. Sharp fades, always on time, and he remembers everything from last visit. Top man.",
    client: "Daniel F.",
    stylistSlug: "theo",
  },
  {
    review:
      "I wanted a soft copper through my short hair and Theo nailed it first time. He was honest that my hair would need a gloss in six weeks to keep the tone, and it still looks great. The free fringe trims in between are such a thoughtful touch.",
    client: "Holly M.",
    stylistSlug: "theo",
  },
  {
    review: "Great cut, great chat, great coffee.",
    client: "Marcus B.",
    stylistSlug: "theo",
  },
  {
    review:
      "My son has been to a lot of barbers and Theo is the only one he'll go back to. Patient, friendly and very skilled.",
    client: "Alison T.",
    stylistSlug: "theo",
  },
  // Priya
  {
    review:
      "Priya did my hair and my five bridesmaids' hair on the morning of my wedding. She was calm, organised and brilliant, and my hair didn't move an inch through a windy afternoon of photographs and an evening of dancing.",
    client: "Charlotte E.",
    stylistSlug: "priya",
  },
  {
    review: "Friday blow-dry with Priya is the best part of my week. Still bouncy on Monday!",
    client: "Grace P.",
    stylistSlug: "priya",
  },
  {
    review: "Beautiful rich brunette and so much shine. Priya is a star.",
    client: "Sophie L.",
    stylistSlug: "priya",
  },
  {
    review:
      "I booked a trial for a black-tie event and Priya offered me three options, explained which would hold best in my fine hair, and pinned it so it felt secure all night.",
    client: "Neha R.",
    stylistSlug: "priya",
  },
  {
    review: "Lovely, warm and clearly very talented. Great value for the quality of the cut.",
    client: "Laura C.",
    stylistSlug: "priya",
  },
  // Freya
  {
    review:
      "Freya gave me gorgeous soft layers around my face and showed me how to blow-dry them. So friendly and so careful, and the senior stylist checking her work was a reassuring touch.",
    client: "Millie D.",
    stylistSlug: "freya",
  },
  {
    review: "My first ever foils and I love them. Thank you Freya!",
    client: "Poppy J.",
    stylistSlug: "freya",
  },
  {
    review:
      "I've followed Freya since she was washing hair on Saturdays, and it has been a joy to watch her become such a skilled stylist. My roots and refresh with her is always perfect, she never rushes, and the price is brilliant for the quality you get.",
    client: "Jenny S.",
    stylistSlug: "freya",
  },
  {
    review: "Sweet, chatty and a lovely trim. Will be back.",
    client: "Eve M.",
    stylistSlug: "freya",
  },
  // Jonah
  {
    review: "Clean skin fade and a tidy beard. Jonah is going to be a big name.",
    client: "Samuel O.",
    stylistSlug: "jonah",
  },
  {
    review:
      "I booked a trim with Jonah at the Academy and Elodie checked every step. It took a bit longer, but the cut is excellent and it was lovely to support someone learning.",
    client: "Victoria N.",
    stylistSlug: "jonah",
  },
  {
    review: "Friendly, careful and really good value.",
    client: "Tom G.",
    stylistSlug: "jonah",
  },
  // Rosa
  {
    review: "The best head massage I have ever had at a basin. Rosa is a natural!",
    client: "Helen B.",
    stylistSlug: "rosa",
  },
  {
    review:
      "I came in as a model for Rosa's blow-dry training and left with the smoothest, bounciest hair. She was nervous at first but so careful, and her educator was with us the whole time. Such a kind, welcoming place to learn.",
    client: "Kirsty A.",
    stylistSlug: "rosa",
  },
  {
    review: "A lovely root colour at a training price. Happy to be a regular model for Rosa.",
    client: "Maureen C.",
    stylistSlug: "rosa",
  },
  {
    review: "Rosa was so welcoming and thoughtful. A great first visit to the Academy.",
    client: "Nina F.",
    stylistSlug: "rosa",
  },
];

export const newsItems: SeedNewsItem[] = [
  {
    slug: "late-evenings",
    title: "Late evenings in Wrenbridge and Kestwick",
    image: "/images/news/late-evenings.svg",
    alt: "A softly lit salon chair beside a tall arched mirror in the evening",
    body: "Both salons are now open until 8pm on Wednesdays and Thursdays, so colour after work is easy. Evening appointments go quickly, especially before Christmas, so do book a few weeks ahead if you can.",
    displayOrder: 1,
  },
  {
    slug: "models-wanted",
    title: "Models wanted at the Ivy Academy",
    image: "/images/news/models-wanted.svg",
    alt: "Hair sections clipped neatly on a training head beside a comb and scissors",
    body: "Our apprentices are looking for models for cuts, blow-dries and colour at training prices. Every appointment is supervised by a senior educator. All hair lengths are welcome, and we especially need short hair and grey coverage this term.",
    displayOrder: 2,
  },
  {
    slug: "blonde-clinic",
    title: "Camille's blonde clinic returns",
    image: "/images/news/blonde-clinic.svg",
    alt: "Swatches of blonde hair from pale ivory to warm honey fanned out on a table",
    body: "On the first Saturday of every month Camille runs a free fifteen-minute blonde clinic at Kestwick. Bring your questions about brassiness, toner, breakage or going lighter, and leave with a plan made for your hair.",
    displayOrder: 3,
  },
  {
    slug: "k18-stand-alone",
    title: "New: K18 stand-alone treatment",
    image: "/images/news/k18-stand-alone.svg",
    alt: "A glass treatment bottle and a dropper resting on a stone tray",
    body: "Hair feeling weak after a summer of sun and sea? Our K18 stand-alone treatment works deep inside the hair to restore strength and bounce, with no colour needed. It takes twenty minutes and pairs beautifully with a blow-dry.",
    displayOrder: 4,
  },
  {
    slug: "click-and-collect",
    title: "Click and collect from the Academy",
    image: "/images/news/click-and-collect.svg",
    alt: "A ribbon-tied paper bag of haircare products on a wooden counter",
    body: "Order your professional haircare online and collect it from the Academy in Mill Lane, usually the next working day. Prefer it to come to you? Home delivery is free on orders over £40.",
    displayOrder: 5,
  },
  {
    slug: "welcome-rosa",
    title: "Welcome to the team, Rosa",
    image: "/images/news/welcome-rosa.svg",
    alt: "A bunch of pale blush flowers in a ceramic vase on the salon reception desk",
    body: "Please give a warm welcome to Rosa, who joins the Ivy Academy as our newest starter. She'll be learning on the salon floor with Elodie, and her training-price appointments are open for booking now.",
    displayOrder: 6,
  },
];

export const shopBanners: SeedShopBanner[] = [
  {
    mobileImage: "/images/shop/winter-edit-mobile.svg",
    desktopImage: "/images/shop/winter-edit-desktop.svg",
    alt: "The Winter Edit: rich masks and oils for hair that needs comfort in the cold",
    url: "https://shop.maisonivy.example/collections/winter-edit",
    displayOrder: 1,
  },
  {
    mobileImage: "/images/shop/blonde-care-mobile.svg",
    desktopImage: "/images/shop/blonde-care-desktop.svg",
    alt: "Blonde care essentials: violet shampoo, bond repair and heat protection",
    url: "https://shop.maisonivy.example/collections/blonde-care",
    displayOrder: 2,
  },
  {
    mobileImage: "/images/shop/click-collect-mobile.svg",
    desktopImage: "/images/shop/click-collect-desktop.svg",
    alt: "Free click and collect from the Ivy Academy, free delivery over £40",
    url: "https://shop.maisonivy.example/pages/delivery",
    displayOrder: 3,
  },
];

export const shopTiles: SeedShopTile[] = [
  {
    image: "/images/shop/brands/aurelle.svg",
    brand: "Aurelle",
    title: "Bond Rescue",
    description:
      "A bond-repair system for lightened and heat-styled hair: a pre-wash treatment, a gentle shampoo and a featherlight leave-in.",
    url: "https://shop.aurelle.example/bond-rescue",
    displayOrder: 1,
  },
  {
    image: "/images/shop/brands/northwood-botanics.svg",
    brand: "Northwood Botanics",
    title: "Scalp Ritual",
    description:
      "Calming scalp care with oat, rosemary and niacinamide, for dry, tight or flaky scalps and healthier growth.",
    url: "https://shop.northwood-botanics.example/scalp-ritual",
    displayOrder: 2,
  },
  {
    image: "/images/shop/brands/halden.svg",
    brand: "Halden Professional",
    title: "Colour Keep",
    description: "Sulphate-free shampoo, conditioner and gloss that keep salon colour rich and reflective for longer.",
    url: "https://shop.halden.example/colour-keep",
    displayOrder: 3,
  },
  {
    image: "/images/shop/brands/lumen.svg",
    brand: "Lumen",
    title: "Cool Blonde",
    description:
      "Violet-toned care that neutralises brass without dulling, plus a weekly mask for soft, bright blonde.",
    url: "https://shop.lumen.example/cool-blonde",
    displayOrder: 4,
  },
  {
    image: "/images/shop/brands/verity-and-moss.svg",
    brand: "Verity & Moss",
    title: "Curl Kind",
    description: "Vegan curl creams, gels and leave-ins that define and hydrate waves, curls and coils without crunch.",
    url: "https://shop.verity-and-moss.example/curl-kind",
    displayOrder: 5,
  },
  {
    image: "/images/shop/brands/saltern.svg",
    brand: "Saltern",
    title: "Texture",
    description: "Mineral texture sprays and dry pastes for undone waves, lift at the root and short styles with grip.",
    url: "https://shop.saltern.example/texture",
    displayOrder: 6,
  },
  {
    image: "/images/shop/brands/oriel.svg",
    brand: "Oriel",
    title: "Heat Guard",
    description:
      "Heat protection up to 230 °C with a glossy, humidity-proof finish. The blow-dry primer our stylists use every day.",
    url: "https://shop.oriel.example/heat-guard",
    displayOrder: 7,
  },
  {
    image: "/images/shop/brands/fenn-and-co.svg",
    brand: "Fenn & Co",
    title: "Tools",
    description: "Lightweight professional dryers, ceramic round brushes and wide-tooth combs, made to last for years.",
    url: "https://shop.fenn-and-co.example/tools",
    displayOrder: 8,
  },
];

/**
 * The one database schema (PostgreSQL dialect), for the embedded server and DATABASE_URL alike.
 * Money is integer pence and level adapters are hundredths of a percent, so no
 * figure ever drifts through floating point.
 */
import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { STAFF_ROLES } from "~/domain/staff/access";
import { SEARCH_QUOTE_FOLDS } from "~/domain/typed-text";

/** A text constant written into a statement (never a parameter): index expressions must match it exactly. */
const literal = (text: string) => sql.raw(`'${text.replaceAll("'", "''")}'`);

/**
 * A stored text as the console's search compares it (typed-text.ts
 * foldForSearch): NFC, with the apostrophes and quotation marks folded to
 * plain ones. Both functions are immutable, and the folds are written into
 * the statement as constants, so the trigram indexes over exactly this
 * expression (decision 118) serve the search's ILIKE.
 */
export const searchFolded = (column: AnyPgColumn | SQL) =>
  sql`translate(normalize(${column}, NFC), ${literal(SEARCH_QUOTE_FOLDS.map((fold) => fold.from).join(""))}, ${literal(
    SEARCH_QUOTE_FOLDS.map((fold) => fold.to.repeat([...fold.from].length)).join(""),
  )})`;

/** Every moment is stored with its zone, so London's clock changes never shift one. */
const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

const createdAt = () => timestamptz("created_at").notNull().defaultNow();

/**
 * Rows staff edit from the console carry a version, raised by every save. A
 * save names the version its form was opened with and changes nothing if the
 * row has moved on, so two people editing at once never overwrite each other
 * unseen (app/server/staff/content.server.ts).
 */
const version = () => integer("version").notNull().default(1);

const updatedAt = () => timestamptz("updated_at").notNull().defaultNow();

/** Where a row stands in a list staff put in order from the console (lowest first). */
const displayOrder = () => integer("display_order").notNull().default(0);

/** A row of a list staff add to, put in order and edit from the console: its id, place and version. */
const listRow = () => ({ id: serial("id").primaryKey(), displayOrder: displayOrder(), version: version() });

/**
 * A row staff pinned: it comes before every row not pinned, on the site and
 * in the console, whatever is added after it (decision 090).
 */
const pinned = () => boolean("pinned").notNull().default(false);

/** The salon a row belongs to. */
const salonId = () =>
  integer("salon_id")
    .notNull()
    .references(() => salons.id);

/** A stylist's level, or the one a quote was priced at. */
const levelId = () =>
  integer("level_id")
    .notNull()
    .references(() => levels.id);

/** The member of staff who did something; null where nobody did (or a setup link). */
const staffId = () => integer("staff_id").references(() => staffUsers.id);

/** A form someone sent in, by name and mobile so staff can reply. */
const applicant = () => ({
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  mobile: text("mobile").notNull(),
});

/** Where staff have got to with it (from "new"), and when it came in. */
const followUp = () => ({ status: text("status").notNull().default("new"), createdAt: createdAt() });

/** When the person's details were erased (retention or a request). */
const anonymisedAt = () => timestamptz("anonymised_at");

export const salons = pgTable("salons", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  shortName: text("short_name").notNull(),
  logo: text("logo").notNull(),
  image: text("image").notNull(),
  /** An uploaded photo (pictures.id); without one the pages show the illustration `image`. */
  pictureId: text("picture_id").references(() => pictures.id),
  address: text("address").notNull(),
  town: text("town").notNull(),
  postcode: text("postcode").notNull(),
  telephone: text("telephone").notNull(),
  bookingUrl: text("booking_url").notNull(),
  /** Where a client books her skin test at this salon; null: the salon's default link (booking_url). */
  skinTestUrl: text("skin_test_url"),
  websiteUrl: text("website_url"),
  /**
   * Monday first, seven days: "HH:MM" opening and closing times, or null on a
   * closed day. Null for a salon saved before hours were rows: the seed fills it.
   */
  openingHours: jsonb("opening_hours").$type<readonly SalonDayHours[]>(),
  version: version(),
});

/**
 * The map of booking links beyond each salon's default (salons.booking_url):
 * one for a stylist, a service at a salon, or a stylist and a service. A
 * stylist's row carries the stylist's salon. Which link a Book button uses
 * is app/domain/booking-links.ts's resolution.
 */
export const bookingLinks = pgTable(
  "booking_links",
  {
    id: serial("id").primaryKey(),
    salonId: integer("salon_id")
      .notNull()
      .references(() => salons.id, { onDelete: "cascade" }),
    stylistId: integer("stylist_id").references(() => stylists.id, { onDelete: "cascade" }),
    serviceId: integer("service_id").references(() => services.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("booking_links_case_key").on(t.salonId, t.stylistId, t.serviceId).nullsNotDistinct(),
    check("booking_links_not_default", sql`${t.stylistId} is not null or ${t.serviceId} is not null`),
  ],
);

/** The nightly check of every configured booking link (app/server/booking-link-check.server.ts), by address. */
export const bookingLinkChecks = pgTable("booking_link_checks", {
  url: text("url").primaryKey(),
  checkedAt: timestamptz("checked_at").notNull(),
  ok: boolean("ok").notNull(),
  /** What went wrong ("HTTP 404", "no answer in 5 s"), or null when it answered. */
  problem: text("problem"),
  /** Since when it has been failing, null while it answers. */
  failingSince: timestamptz("failing_since"),
});

export type SalonDayHours = { opens: string; closes: string } | null;

/**
 * Where a salon's instant alerts of new leads go (app/server/lead-alerts.server.ts):
 * its front desk's e-mail and, if given, a mobile for a text. A table of its
 * own rather than columns on salons, so these private addresses never travel
 * with the salon rows the public pages read and cache. No e-mail: the alert
 * e-mails go to the owners' accounts instead; no mobile: no text.
 */
export const salonAlerts = pgTable("salon_alerts", {
  salonId: integer("salon_id")
    .primaryKey()
    .references(() => salons.id, { onDelete: "cascade" }),
  email: text("email"),
  /** E.164 (+447…). */
  mobile: text("mobile"),
  updatedAt: updatedAt(),
});

export const levels = pgTable("levels", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  /** Percentage uplift in hundredths of a percent (-81.41% is -8141). */
  adapterBp: integer("adapter_bp").notNull(),
  version: version(),
});

export const services = pgTable(
  "services",
  {
    id: integer("id").primaryKey(),
    /** The till's name for the service, as staff know it. */
    service: text("service").notNull(),
    /**
     * What clients read on pages, e-mails and texts, as a menu would print it.
     * Null on a row staff added without one: the till name stands in.
     */
    clientName: text("client_name"),
    pricePence: integer("price_pence").notNull(),
    productPricePence: integer("product_price_pence").notNull().default(0),
    cat1: smallint("cat1").notNull(),
    cat2: smallint("cat2").notNull(),
    groupName: text("group_name").notNull(),
    /** Lowest level id allowed to carry out the service: availability is data, not code. */
    minLevel: integer("min_level").notNull().default(1),
    sortOrder: integer("sort_order").notNull().default(0),
    /**
     * When staff took the service off the price list. The row stays, so the
     * quotes and scheduled prices that name it still read.
     */
    retiredAt: timestamptz("retired_at"),
    version: version(),
  },
  (t) => [index("services_category_idx").on(t.cat1, t.cat2)],
);

/** Binary data (PostgreSQL bytea) as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

/**
 * A photograph uploaded from the console (app/server/pictures.server.ts).
 * Never changed once stored: a new upload is a new row with a new id, so the
 * addresses of its variants can be cached for ever. `master` is the picture
 * upright, without its metadata (a phone's photo says where it was taken)
 * and at most MASTER_WIDTH wide: what new variant sizes would be made from.
 * Its files (master and variants) are either in this database or, with
 * `objectPrefix` set, in the pictures' bucket under that prefix
 * (app/server/picture-storage.server.ts).
 */
export const pictures = pgTable(
  "pictures",
  {
    id: text("id").primaryKey(),
    alt: text("alt").notNull(),
    /** The master's size, upright: the aspect ratio every variant keeps. */
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** The widths each format was made at, smallest first. */
    widths: integer("widths").array().notNull(),
    /** What was uploaded: jpeg, png or webp. */
    sourceFormat: text("source_format").notNull(),
    /** Null when the picture's files are in the bucket. */
    master: bytea("master"),
    /** Where the files are in the pictures' bucket (`pictures/ab12…/`); null: in this database. */
    objectPrefix: text("object_prefix"),
    /**
     * The point to keep in view, as percentages of the width and height from
     * the top left: where a page crops the picture into its box (CSS
     * object-position). Changing it changes no file, so the variants' addresses
     * stay cacheable for ever; the manager sets it in the console.
     */
    focusX: smallint("focus_x").notNull().default(50),
    focusY: smallint("focus_y").notNull().default(50),
    createdAt: createdAt(),
    createdBy: integer("created_by").references(() => staffUsers.id, { onDelete: "set null" }),
  },
  (t) => [
    check("pictures_focus_x_range", sql`${t.focusX} between 0 and 100`),
    check("pictures_focus_y_range", sql`${t.focusY} between 0 and 100`),
    check("pictures_stored_somewhere", sql`${t.master} is not null or ${t.objectPrefix} is not null`),
  ],
);

/**
 * Bucket folders of pictures that are gone, to be emptied: a database
 * trigger adds the prefix when a picture stored in the bucket is deleted, in
 * the same transaction, so no deletion can leave its files behind unnoticed;
 * the prune job removes the files and then the row.
 */
export const pictureObjectRemovals = pgTable("picture_object_removals", {
  objectPrefix: text("object_prefix").primaryKey(),
  removedAt: createdAt(),
});

/**
 * An upload waiting for a worker process to decode it, when the process that
 * took it decodes no pictures (ROLE=web; app/server/picture-jobs.server.ts).
 * The row lives only while the upload's request waits for its `result`.
 */
export const pictureJobs = pgTable("picture_jobs", {
  id: serial("id").primaryKey(),
  upload: bytea("upload").notNull(),
  /** What the upload's first bytes say it is: jpeg, png, webp or heic. */
  format: text("format").notNull(),
  alt: text("alt").notNull(),
  /** Who uploaded it, for the audit log: a staff account and its session. */
  staffId: integer("staff_id"),
  sessionId: integer("session_id"),
  createdAt: createdAt(),
  /** A worker holds it until then; past it, another may take it. */
  claimedUntil: timestamptz("claimed_until"),
  /** What storing it gave (a StoreResult), written by the worker. */
  result: jsonb("result"),
});

/** One picture at one width in one format, as served at /pictures/{id}-{width}.{ext}. */
export const pictureVariants = pgTable(
  "picture_variants",
  {
    pictureId: text("picture_id")
      .notNull()
      .references(() => pictures.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    /** avif, webp or jpg: the address's extension. */
    format: text("format").notNull(),
    /** Null when the picture's files are in the bucket. */
    bytes: bytea("bytes"),
  },
  (t) => [primaryKey({ columns: [t.pictureId, t.width, t.format] })],
);

/**
 * A service's price from a calendar day on (London time). The price list in
 * force is the services row overlaid by the latest of its rows here whose day
 * has come (app/domain/price-schedule.ts): nothing has to run at midnight.
 */
export const scheduledPrices = pgTable(
  "scheduled_prices",
  {
    id: serial("id").primaryKey(),
    serviceId: integer("service_id")
      .notNull()
      .references(() => services.id),
    pricePence: integer("price_pence").notNull(),
    productPricePence: integer("product_price_pence").notNull(),
    effectiveOn: date("effective_on", { mode: "string" }).notNull(),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [uniqueIndex("scheduled_prices_service_day_idx").on(t.serviceId, t.effectiveOn)],
);

/**
 * A price change for one level, for some of its services, from a calendar
 * day on (London time): a level is one uplift over the list, so a change
 * that concerns one level lives beside it (app/domain/level-changes.ts).
 * Every change whose day has come applies, in day order.
 */
export const levelPriceChanges = pgTable(
  "level_price_changes",
  {
    id: serial("id").primaryKey(),
    levelId: integer("level_id")
      .notNull()
      .references(() => levels.id),
    scope: text("scope").notNull(),
    by: text("by", { enum: ["percent", "amount"] }).notNull(),
    step: integer("step").notNull(),
    effectiveOn: date("effective_on", { mode: "string" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("level_price_changes_level_day_idx").on(t.levelId, t.effectiveOn)],
);

/** Team members and calculator stylists are the same people: one table. */
export const stylists = pgTable("stylists", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  salonId: salonId(),
  levelId: levelId(),
  image: text("image").notNull(),
  montageImage: text("montage_image").notNull(),
  para1: text("para_1").notNull(),
  para2: text("para_2").notNull(),
  para3: text("para_3"),
  acceptingNewClients: boolean("accepting_new_clients").notNull().default(true),
  /** The full profile address (a link off the site), or null. */
  instagram: text("instagram"),
  displayOrder: displayOrder(),
  /** An uploaded portrait and montage (pictures.id); without one the pages show `image` / `montageImage`. */
  photoId: text("photo_id").references(() => pictures.id),
  montageId: text("montage_id").references(() => pictures.id),
  /**
   * Set when the member leaves: gone from every public list and page, while
   * their reviews and the quotes saved with them still name them.
   */
  retiredAt: timestamptz("retired_at"),
  version: version(),
});

export const blogPosts = pgTable("blog_posts", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  image: text("image").notNull(),
  /** Sanitised HTML, what the pages show: written by hand for the demo posts, rendered from `markdown` for posts edited in the console. */
  bodyHtml: text("body_html").notNull(),
  /** The Markdown a post was last written in from the console; null for a post never edited there. */
  markdown: text("markdown"),
  author: text("author").notNull(),
  /** The date the post shows (London), the day of `publishAt` for a post published from the console. */
  publishedAt: date("published_at", { mode: "string" }).notNull(),
  /** "draft" (never shown) or "published" (shown from `publishAt`, at once when that is null). */
  status: text("status").notNull().default("published"),
  publishAt: timestamptz("publish_at"),
  /** An uploaded cover (pictures.id); without one the pages show the illustration `image`. */
  coverId: text("cover_id").references(() => pictures.id),
  pinned: pinned(),
  version: version(),
});

export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    review: text("review").notNull(),
    client: text("client").notNull(),
    stylistSlug: text("stylist_slug").notNull(),
    /** 1 to 5 stars, when the source gave one. */
    rating: smallint("rating"),
    /** The day the client wrote it, when known. */
    reviewedOn: date("reviewed_on", { mode: "string" }),
    /**
     * Every genuine review is shown, whatever its rating; one is hidden only
     * with a reason (a fake, personal details, abuse), kept here and audited.
     */
    hiddenReason: text("hidden_reason"),
    hiddenAt: timestamptz("hidden_at"),
    /**
     * Where it came from: "salon" (typed or imported by staff; every review before invitations) or "visit"
     * (written by the client from the one-time link of her invitation after a matched appointment).
     */
    source: text("source").$type<"salon" | "visit">().notNull().default("salon"),
    /** For one the salon added: where staff had it from ("Google", "a card at the desk"), when they said. */
    sourceDetail: text("source_detail"),
    /** For a verified one: the UK day of the visit it is about. */
    visitedOn: date("visited_on", { mode: "string" }),
    /** For a verified one: the invitation whose link it was written from; one review per invitation. */
    invitationId: integer("invitation_id")
      .unique("reviews_invitation_key")
      .references((): AnyPgColumn => reviewInvitations.id, { onDelete: "set null" }),
    version: version(),
  },
  (t) => [
    index("reviews_stylist_idx").on(t.stylistSlug),
    check("reviews_source_check", sql`${t.source} = 'salon' or (${t.source} = 'visit' and ${t.visitedOn} is not null)`),
  ],
);

/**
 * An invitation to review a visit: one per matched appointment, ever (the unique appointment_id, so no pass
 * or process sends a second), by the channel the client consented to. The link's token is kept only as its
 * SHA-256; `usedAt` is set by the statement that stores the review, so a link works once.
 */
export const reviewInvitations = pgTable(
  "review_invitations",
  {
    id: serial("id").primaryKey(),
    appointmentId: integer("appointment_id")
      .notNull()
      .unique("review_invitations_appointment_key")
      .references(() => appointments.id, { onDelete: "cascade" }),
    quoteId: integer("quote_id").references(() => quotes.id, { onDelete: "set null" }),
    channel: text("channel").$type<"email" | "sms">().notNull(),
    /** The client as the review form greets her and as her review shows her by default ("Wanda W."). */
    clientName: text("client_name").notNull(),
    stylistSlug: text("stylist_slug").notNull(),
    service: text("service").notNull(),
    /** The UK day of the visit. */
    visitedOn: date("visited_on", { mode: "string" }).notNull(),
    tokenHash: text("token_hash").notNull().unique("review_invitations_token_key"),
    expiresAt: timestamptz("expires_at").notNull(),
    usedAt: timestamptz("used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    // One a day per client: two appointments of one visit (a cut, then a colour) are one visit to review.
    uniqueIndex("review_invitations_quote_day_idx").on(t.quoteId, t.visitedOn),
  ],
);

export const newsItems = pgTable("news_items", {
  ...listRow(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  image: text("image").notNull(),
  alt: text("alt").notNull(),
  body: text("body").notNull(),
  /** An uploaded photo (pictures.id); without one the pages show the illustration `image`, described by `alt`. */
  pictureId: text("picture_id").references(() => pictures.id),
  pinned: pinned(),
});

/**
 * Notices at their own address (a stylist leaving or moving, reopening, a
 * price change), shown between their publish dates (London days, inclusive;
 * null for no limit). The stylist fields are null on the others.
 */
export const notices = pgTable("notices", {
  id: serial("id").primaryKey(),
  /** "/agnes-leaving": fixed at seeding, because the public route is found by it. */
  path: text("path").notNull().unique(),
  /** "transfer", "departure", "reopening" or "prices". */
  kind: text("kind").notNull(),
  title: text("title").notNull(),
  /** The opening paragraph under the title, where the page has one. */
  lead: text("lead"),
  /** Paragraphs, separated by blank lines. */
  body: text("body").notNull(),
  publishFrom: date("publish_from", { mode: "string" }),
  publishUntil: date("publish_until", { mode: "string" }),
  fromSalonId: integer("from_salon_id"),
  sisterSalonId: integer("sister_salon_id"),
  sisterSalonText: text("sister_salon_text"),
  /** Team slugs of the stylists suggested instead, most similar first, comma-separated. */
  alternativeStylists: text("alternative_stylists").notNull().default(""),
  offerCode: text("offer_code"),
  offerPercent: integer("offer_percent"),
  offerText: text("offer_text"),
  /** One condition a line. */
  offerSmallPrint: text("offer_small_print"),
  version: version(),
});

export const shopBanners = pgTable("shop_banners", {
  ...listRow(),
  mobileImage: text("mobile_image").notNull(),
  desktopImage: text("desktop_image").notNull(),
  alt: text("alt").notNull(),
  url: text("url").notNull(),
});

export const shopTiles = pgTable("shop_tiles", {
  ...listRow(),
  image: text("image").notNull(),
  /** An uploaded photo (pictures.id); without one the tile shows the illustration `image`. */
  pictureId: text("picture_id").references(() => pictures.id),
  brand: text("brand").notNull(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  url: text("url").notNull(),
});

/**
 * An offer: its page /offers/{slug}, a card on /offers while `listed` and
 * running, and /sms/{slug} when it has a text-message version. It runs from
 * `start_date` (or always) to `end_date` (or the shared endDate setting).
 */
export const offers = pgTable("offers", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  summary: text("summary").notNull(),
  body: text("body").array().notNull(),
  audience: text("audience", { enum: ["new", "lapsed", "all"] }).notNull(),
  percent: integer("percent"),
  amountOffPence: integer("amount_off_pence"),
  code: text("code").notNull(),
  stylistSlugs: text("stylist_slugs").array().notNull(),
  startDate: date("start_date", { mode: "string" }),
  endDate: date("end_date", { mode: "string" }),
  smallPrint: text("small_print").array().notNull(),
  image: text("image").notNull(),
  /** An uploaded picture (pictures.id); without one the pages show the illustration `image`. */
  pictureId: text("picture_id").references(() => pictures.id),
  levelPrices:
    jsonb("level_prices").$type<
      readonly { levelId: number; level: string; beforePence: number; afterPence: number }[]
    >(),
  listed: boolean("listed").notNull().default(false),
  displayOrder: displayOrder(),
  smsHeadline: text("sms_headline"),
  smsLead: text("sms_lead"),
  version: version(),
});

/**
 * Site settings as rows, so staff change them without a deploy:
 * hideOffers ("true"/"false") and endDate (ISO date), the end of every offer
 * without its own.
 */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: updatedAt(),
  version: version(),
});

/**
 * Console lists read newest first through (created_at, id) and stop after a
 * page; exports walk the same index by keyset. The home page counts the new
 * rows through a partial index that holds only those.
 */
const followUpIndexes = (name: string, t: { id: AnyPgColumn; status: AnyPgColumn; createdAt: AnyPgColumn }) => [
  index(`${name}_created_idx`).on(t.createdAt, t.id),
  index(`${name}_new_idx`).on(t.id).where(sql`${t.status} = 'new'`),
];

export const jobApplications = pgTable(
  "job_applications",
  {
    ...applicant(),
    email: text("email").notNull(),
    position: text("position").notNull(),
    about: text("about").notNull(),
    whyHair: text("why_hair").notNull(),
    whyUs: text("why_us").notNull(),
    salonId: salonId().default(1),
    role: text("role").notNull(),
    /**
     * Sent from the Saturday/evening (pre-apprenticeship) form: its role and position are the Apprentice
     * defaults, so only this tells the scheme from an apprenticeship.
     */
    saturdayEvening: boolean("saturday_evening").notNull().default(false),
    /** Staff's pipeline: new, maybe, definitely, no, archived. */
    ...followUp(),
  },
  (t) => followUpIndexes("job_applications", t),
);

export const modelApplications = pgTable(
  "model_applications",
  {
    ...applicant(),
    info: text("info").notNull(),
    ...followUp(),
  },
  (t) => followUpIndexes("model_applications", t),
);

export const feedback = pgTable(
  "feedback",
  {
    ...applicant(),
    intro: smallint("intro").notNull(),
    consultation: smallint("consultation").notNull(),
    cleanliness: smallint("cleanliness").notNull(),
    appearance: smallint("appearance").notNull(),
    products: smallint("products").notNull(),
    styling: smallint("styling").notNull(),
    rec: boolean("rec"),
    points: boolean("points"),
    value: smallint("value").notNull(),
    experience: smallint("experience").notNull(),
    result: smallint("result").notNull(),
    returnReason: text("return").notNull(),
    repeat: text("repeat").notNull(),
    comments: text("comments"),
    ...followUp(),
    /** When the name and mobile were erased; the ratings stay for the statistics. */
    anonymisedAt: anonymisedAt(),
  },
  // The dashboard reads the last weeks of feedback through the same index.
  (t) => followUpIndexes("feedback", t),
);

export interface QuoteLine {
  serviceId: number;
  /** The till name. */
  service: string;
  /** The client's name for the service when the quote was made (absent on quotes saved before there was one). */
  clientName?: string;
  pricePence: number;
}

/** A saved quote keeps a snapshot of its lines: later price changes never alter it. */
export const quotes = pgTable(
  "quotes",
  {
    id: serial("id").primaryKey(),
    link: text("link").notNull(),
    name: text("name").notNull(),
    mobile: text("mobile").notNull(),
    email: text("email").notNull(),
    referral: text("referral").notNull(),
    regular: boolean("regular").notNull(),
    selector: text("selector").notNull(),
    calculator: text("calculator").notNull(),
    salonId: salonId(),
    levelId: levelId(),
    stylistId: integer("stylist_id").references(() => stylists.id),
    stylistName: text("stylist_name"),
    stylistImage: text("stylist_image"),
    stylistSalonId: integer("stylist_salon_id"),
    lines: jsonb("lines").$type<QuoteLine[]>().notNull(),
    totalPence: integer("total_pence").notNull(),
    /** Staff's follow-up: new, contacted, booked, not-booked. */
    status: text("status").notNull().default("new"),
    /** How often the quote's page was opened, and when first and last; nothing about who opened it. */
    viewCount: integer("view_count").notNull().default(0),
    firstViewedAt: timestamptz("first_viewed_at"),
    lastViewedAt: timestamptz("last_viewed_at"),
    createdAt: createdAt(),
    /** When the name, mobile and e-mail were erased (retention or a request); the quote stays for the statistics. */
    anonymisedAt: anonymisedAt(),
    /** Erased because the client asked: the link they hold says so, where one erased by retention does not. */
    erasedOnRequest: boolean("erased_on_request").notNull().default(false),
    /**
     * When the salon's managers were told the lead was still New after the owner's time
     * (app/server/staff/uncontacted.server.ts); set in the statement that queues that e-mail, so it goes once.
     */
    uncontactedAlertedAt: timestamptz("uncontacted_alerted_at"),
    /**
     * Where the visitor came from, as the calculator carried it from the page they landed on (sessionStorage,
     * never a cookie): the campaign's UTM parameters, length-capped, and the referring site's host only.
     */
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    utmContent: text("utm_content"),
    utmTerm: text("utm_term"),
    referrerHost: text("referrer_host"),
    /**
     * Clicks on the quote's Book button (its page, the "Quote saved" page, its e-mail and text all go through
     * /quote/<link>/book), and when first and last: the funnel's "Book clicked".
     */
    bookClicks: integer("book_clicks").notNull().default(0),
    firstBookClickAt: timestamptz("first_book_click_at"),
    lastBookClickAt: timestamptz("last_book_click_at"),
    /**
     * A colour quote's answer to "Have you had a skin test with us in the last 6 months?" (yes, no, not-sure;
     * app/domain/skin-test.ts); null for a quote without colour, or saved before the question was asked.
     */
    skinTest: text("skin_test"),
    /** The client asked for a consultation before a foils, bleach, vivids or correction colour. */
    consultationRequested: boolean("consultation_requested").notNull().default(false),
  },
  (t) => [
    uniqueIndex("quotes_link_idx").on(t.link),
    // The total rides along so the console home's "£ quoted today" is read from the index alone, like its count.
    index("quotes_created_idx").on(t.createdAt, t.id, t.totalPence),
    // The console home's "Needs a reply" (New leads, oldest first) and the uncontacted-lead check read only these.
    index("quotes_new_created_idx").on(t.createdAt, t.id).where(sql`${t.status} = 'new'`),
    // The quotes list sorted by total, highest or lowest first, a page at a time.
    index("quotes_total_idx").on(t.totalPence, t.id),
    // The dashboard finds a client's latest quote by mobile number to tell whose work their feedback is about.
    index("quotes_mobile_idx").on(t.mobile, t.createdAt),
    // The leads list's search: any part of a name, e-mail or mobile (pg_trgm, decision 118).
    index("quotes_name_search_idx").using("gin", sql`${searchFolded(t.name)} gin_trgm_ops`),
    index("quotes_email_search_idx").using("gin", sql`${searchFolded(t.email)} gin_trgm_ops`),
    index("quotes_mobile_search_idx").using("gin", sql`${t.mobile} gin_trgm_ops`),
  ],
);

/**
 * The dashboard's and the console home's quote figures, kept up to date on
 * write by a trigger on quotes (migration 0019): every insert, delete and
 * change of week, salon, referral, status or views adds a row of
 * differences (delta), so concurrent saves never wait on one counter row.
 * Reading first folds the differences into one row per key (not delta), so
 * a read costs what the number of weeks × salons × referrals × statuses
 * costs, however many quotes there are. Sums over it equal counts over quotes.
 */
export const quoteRollup = pgTable(
  "quote_rollup",
  {
    /** The Monday of the London week the quote was saved in. */
    week: date("week", { mode: "string" }).notNull(),
    salonId: integer("salon_id").notNull(),
    referral: text("referral").notNull(),
    status: text("status").notNull(),
    quotes: integer("quotes").notNull(),
    /** Quotes opened at least once. */
    opened: integer("opened").notNull(),
    views: integer("views").notNull(),
    delta: boolean("delta").notNull().default(true),
  },
  (t) => [
    uniqueIndex("quote_rollup_key_idx").on(t.week, t.salonId, t.referral, t.status).where(sql`not ${t.delta}`),
    index("quote_rollup_delta_idx").on(t.week).where(sql`${t.delta}`),
  ],
);

/**
 * One row per quote with what the group scorecard counts of it (decision
 * 110), kept by triggers in the same transaction as every write that changes
 * it (migration 0037): the quote saved or changed, a first reply or status
 * change by a person (staff_notes), a booking matched, unmatched, confirmed
 * or reverted (booking_matches), an appointment's value changed or cancelled
 * (appointments), a salon's opening hours changed. Each is recomputed from
 * those rows by scorecard_lead_refresh(quote_id), the one definition, and
 * its change goes on to scorecard_rollup.
 */
export const scorecardLeads = pgTable(
  "scorecard_leads",
  {
    quoteId: integer("quote_id").primaryKey(),
    /** The Monday of the London week the quote was saved in. */
    week: date("week", { mode: "string" }).notNull(),
    salonId: integer("salon_id").notNull(),
    /** 0: no stylist named. */
    stylistId: integer("stylist_id").notNull(),
    levelId: integer("level_id").notNull(),
    quotedPence: integer("quoted_pence").notNull(),
    /** The earliest history line a person wrote about it that is a reply or a status change. */
    firstReplyAt: timestamptz("first_reply_at"),
    /** Opening minutes of its salon from the save to that line (open_minutes_between); null while unreplied. */
    replyMinutes: integer("reply_minutes"),
    /** An appointment is matched to it (applied or confirmed) and not cancelled. */
    booked: boolean("booked").notNull(),
    /** Those appointments' values added up, in pence; null when not booked or none came with a value. */
    chargedPence: integer("charged_pence"),
  },
  // New opening hours recount the reply times of one salon's leads.
  (t) => [index("scorecard_leads_salon_idx").on(t.salonId)],
);

/**
 * The scorecard's sums by week, salon, stylist, level and first reply time,
 * kept on write from scorecard_leads like quote_rollup (rows of differences
 * folded on read). Keyed by the reply minute too, so the leads at each reply
 * time are counted and the medians stay exact: a view costs the keys of
 * twelve weeks (at most one per distinct reply time and cell), however many
 * quotes there are. Money in pence.
 */
export const scorecardRollup = pgTable(
  "scorecard_rollup",
  {
    week: date("week", { mode: "string" }).notNull(),
    salonId: integer("salon_id").notNull(),
    stylistId: integer("stylist_id").notNull(),
    levelId: integer("level_id").notNull(),
    /** The leads' first reply time in opening minutes; -1 for leads nobody has replied to. */
    replyMinutes: integer("reply_minutes").notNull(),
    leads: integer("leads").notNull(),
    quotedPence: bigint("quoted_pence", { mode: "number" }).notNull(),
    booked: integer("booked").notNull(),
    bookedPence: bigint("booked_pence", { mode: "number" }).notNull(),
    /** Booked leads whose appointments carried a value. */
    chargedLeads: integer("charged_leads").notNull(),
    chargedPence: bigint("charged_pence", { mode: "number" }).notNull(),
    /** Of those, charged within ±10% of the quote. */
    chargedWithin: integer("charged_within").notNull(),
    delta: boolean("delta").notNull().default(true),
  },
  (t) => [
    uniqueIndex("scorecard_rollup_key_idx")
      .on(t.week, t.salonId, t.stylistId, t.levelId, t.replyMinutes)
      .where(sql`not ${t.delta}`),
    index("scorecard_rollup_delta_idx").on(t.week).where(sql`${t.delta}`),
  ],
);

/**
 * The funnel's steps a visitor takes before and after a quote (decision 076):
 * "started" and "summary" sent by the calculator, "book" by the quote page's
 * Book redirect. No cookie and nothing that names a person: `visitor` is a
 * keyed hash of the address, browser and site under a secret of the day
 * (funnel_secrets), so the same visitor counts once per step per day and
 * cannot be followed from one day to the next. Salon, level, stylist and
 * source are copied in when the event is stored (from the quote for "book").
 */
export const funnelEvents = pgTable(
  "funnel_events",
  {
    id: serial("id").primaryKey(),
    at: timestamptz("at").notNull().defaultNow(),
    /** The London day of the event: a visitor counts once per step and day. */
    day: date("day", { mode: "string" }).notNull(),
    /** The Monday of the week the event counts in: its own, or for a quote's step the week the quote was saved. */
    week: date("week", { mode: "string" }).notNull(),
    step: text("step").notNull(),
    /** 16 hex digits of HMAC(secret of the day, address + browser + site); null for an event about a quote. */
    visitor: text("visitor"),
    quoteId: integer("quote_id"),
    /** 0: not known yet (the calculator's first step names no salon). */
    salonId: integer("salon_id").notNull().default(0),
    levelId: integer("level_id").notNull().default(0),
    stylistId: integer("stylist_id").notNull().default(0),
    source: text("source").notNull().default("direct"),
  },
  (t) => [
    uniqueIndex("funnel_events_visitor_idx").on(t.day, t.step, t.visitor).where(sql`${t.visitor} is not null`),
    uniqueIndex("funnel_events_quote_idx").on(t.quoteId, t.step).where(sql`${t.quoteId} is not null`),
    index("funnel_events_at_idx").on(t.at, t.id),
  ],
);

/** The secret of each London day behind funnel_events.visitor: only today's is kept, older ones are deleted. */
export const funnelSecrets = pgTable("funnel_secrets", {
  day: date("day", { mode: "string" }).primaryKey(),
  secret: bytea("secret").notNull(),
});

/**
 * The funnel's figures kept on write (decision 076), like quote_rollup: one
 * trigger on funnel_events adds its steps, one on quotes adds "saved",
 * "opened" and "booked" with the quote's total in pence, each as a row of
 * differences folded on read into one row per key. Sums over it equal counts
 * over funnel_events and quotes.
 */
export const funnelRollup = pgTable(
  "funnel_rollup",
  {
    week: date("week", { mode: "string" }).notNull(),
    step: text("step").notNull(),
    salonId: integer("salon_id").notNull(),
    levelId: integer("level_id").notNull(),
    stylistId: integer("stylist_id").notNull(),
    source: text("source").notNull(),
    n: integer("n").notNull(),
    pence: bigint("pence", { mode: "number" }).notNull(),
    delta: boolean("delta").notNull().default(true),
  },
  (t) => [
    uniqueIndex("funnel_rollup_key_idx")
      .on(t.week, t.step, t.salonId, t.levelId, t.stylistId, t.source)
      .where(sql`not ${t.delta}`),
    index("funnel_rollup_delta_idx").on(t.week).where(sql`${t.delta}`),
  ],
);

/**
 * Messages to send, written in the same transaction as what they are about.
 * status: pending → sending (leased until lease_until) → sent | failed.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    channel: text("channel").notNull(),
    recipient: text("recipient").notNull(),
    template: text("template").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamptz("next_attempt_at").notNull().defaultNow(),
    leaseUntil: timestamptz("lease_until"),
    lastError: text("last_error"),
    messageId: text("message_id").notNull(),
    /**
     * The recipient as the per-address caps count it: lower case, without a
     * +tag (one mailbox, however it is spelt).
     */
    recipientKey: text("recipient_key").notNull().default(""),
    /**
     * A quote message's place in its recipient's sequence (1, 2, …): each
     * save takes the next number, and a unique index refuses the second of
     * two concurrent saves for one recipient, which is then counted again.
     * Null for every other message.
     */
    quotaSeq: integer("quota_seq"),
    createdAt: createdAt(),
    /** Retries go on until 48 hours (OUTBOX_RETRY_HOURS) after this; a re-send starts the window again. */
    retryFrom: timestamptz("retry_from").notNull().defaultNow(),
    sentAt: timestamptz("sent_at"),
    /** When the message was given up on; last_error says why. */
    failedAt: timestamptz("failed_at"),
    /** When the recipient and payload were erased; the row stays as a record that a message went. */
    redactedAt: timestamptz("redacted_at"),
  },
  (t) => [
    index("outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("outbox_recipient_idx").on(t.recipientKey, t.template, t.createdAt),
    index("outbox_channel_created_idx").on(t.channel, t.createdAt),
    // A lead's page lists the messages about its quote (app/server/staff/lead-work.server.ts), found by its link.
    index("outbox_quote_link_idx")
      .on(sql`(${t.payload}->>'link')`)
      .where(sql`${t.template} in ('quote-email', 'quote-sms', 'quote-reply-email', 'quote-reply-sms')`),
    // Erased rows share the empty key and keep their numbers: they are left out.
    uniqueIndex("outbox_quota_seq_idx").on(t.recipientKey, t.template, t.quotaSeq).where(sql`${t.recipientKey} <> ''`),
  ],
);

/**
 * Surrogate keys to purge from the shared cache in front of the site
 * (CDN_PURGE_URL, decision 119): a content table's name, queued by its
 * trigger (notify_content_changed) in the transaction that changed it, so a
 * purge is never lost nor sent for a change that rolled back. Sent by
 * app/server/cdn-purge.server.ts, and sent once more a little later (an
 * answer rendered from the old rows just before the change may reach the
 * cache after the first), then deleted; a key queued again while it was
 * being sent (a newer queued_at) starts over.
 */
export const cdnPurges = pgTable("cdn_purges", {
  key: text("key").primaryKey(),
  queuedAt: timestamptz("queued_at").notNull().defaultNow(),
  attempts: integer("attempts").notNull().default(0),
  nextAttemptAt: timestamptz("next_attempt_at").notNull().defaultNow(),
  leaseUntil: timestamptz("lease_until"),
  lastError: text("last_error"),
  /** The first send was taken: the one pending is the follow-up. */
  followUp: boolean("follow_up").notNull().default(false),
});

/**
 * The answer given to a submission, by the idempotency key its form carried:
 * a retry after a lost answer gets the same answer instead of a second row.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    key: text("key").primaryKey(),
    answer: jsonb("answer").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("idempotency_keys_created_idx").on(t.createdAt)],
);

/** Work that one process of many does per period (housekeeping, retention): the row is claimed by moving next_run_at on. */
export const scheduledJobs = pgTable("scheduled_jobs", {
  name: text("name").primaryKey(),
  nextRunAt: timestamptz("next_run_at").notNull().defaultNow(),
  lastRunAt: timestamptz("last_run_at"),
});

/** Fixed-window counters shared by every process on the database. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamptz("window_start").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_limits_window_idx").on(t.windowStart)],
);

/**
 * Every marketing consent given or withdrawn, one row per event (never
 * updated): a person's state on a channel is their latest row. `subject` is
 * the lower-case e-mail address or the E.164 mobile number; `wording` is the
 * exact text they agreed to, or what they did to withdraw.
 */
export const consents = pgTable(
  "consents",
  {
    id: serial("id").primaryKey(),
    subject: text("subject").notNull(),
    channel: text("channel").$type<"email" | "sms">().notNull(),
    granted: boolean("granted").notNull(),
    wording: text("wording").notNull(),
    source: text("source").notNull(),
    /** The record it came with, e.g. "quotes/12"; null for an unsubscribe. */
    sourceRef: text("source_ref"),
    createdAt: createdAt(),
  },
  (t) => [index("consents_subject_idx").on(t.subject, t.channel, t.createdAt)],
);

/** The unguessable token in a marketing e-mail's unsubscribe link, one per address. */
export const unsubscribeTokens = pgTable("unsubscribe_tokens", {
  token: text("token").primaryKey(),
  email: text("email").notNull().unique(),
  createdAt: createdAt(),
});

/**
 * Rights requests handled (find, export, erase): the reference an audit entry
 * names, and what was found or erased, counted per table. Never the person.
 */
export const rightsRequests = pgTable("rights_requests", {
  id: serial("id").primaryKey(),
  kind: text("kind").$type<"find" | "export" | "erase">().notNull(),
  counts: jsonb("counts").$type<Record<string, number>>().notNull(),
  createdAt: createdAt(),
});
// ── staff console ───────────────────────────────────────────────────────

export const staffUsers = pgTable(
  "staff_users",
  {
    id: serial("id").primaryKey(),
    /** Lower-case. */
    email: text("email").notNull(),
    name: text("name").notNull(),
    /** One of STAFF_ROLES (app/domain/staff/access.ts), which the database checks too. */
    role: text("role").notNull(),
    /**
     * The salons whose records the account sees (salons.id), or null for every salon: owners always null
     * (decision 109). Accounts made before salons were set are null, so an upgrade takes nothing away.
     */
    salonIds: integer("salon_ids").array(),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    lastSignInAt: timestamptz("last_sign_in_at"),
  },
  (t) => [
    uniqueIndex("staff_users_email_idx").on(t.email),
    check("staff_users_role_check", sql`${t.role} in (${sql.raw(STAFF_ROLES.map((r) => `'${r}'`).join(", "))})`),
    check(
      "staff_users_salons_check",
      sql`${t.salonIds} is null or (${t.role} <> 'owner' and cardinality(${t.salonIds}) > 0)`,
    ),
  ],
);

export const staffPasskeys = pgTable(
  "staff_passkeys",
  {
    /** The credential id, base64url. */
    id: text("id").primaryKey(),
    staffId: staffId().notNull(),
    /** COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    label: text("label").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamptz("last_used_at"),
  },
  (t) => [index("staff_passkeys_staff_idx").on(t.staffId)],
);

/** A signed-in browser. The cookie holds a random token; only its SHA-256 is stored. */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    staffId: staffId().notNull(),
    /** How the last sign-in was proved: passkey, email, setup or invite. */
    method: text("method").notNull(),
    userAgent: text("user_agent").notNull().default(""),
    createdAt: createdAt(),
    /** The last sign-in proof on this session (destructive actions want a recent one). */
    signedInAt: timestamptz("signed_in_at").notNull().defaultNow(),
    lastSeenAt: timestamptz("last_seen_at").notNull().defaultNow(),
    revokedAt: timestamptz("revoked_at"),
  },
  (t) => [uniqueIndex("staff_sessions_token_idx").on(t.tokenHash), index("staff_sessions_staff_idx").on(t.staffId)],
);

/**
 * The filters each member of staff last used on each console list, as the
 * list's query string: opening the list again (from the menu, or after a
 * record) shows it as they left it, on any of their devices.
 */
export const staffListFilters = pgTable(
  "staff_list_filters",
  {
    staffId: staffId().notNull(),
    list: text("list").notNull(),
    search: text("search").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.list] })],
);

/**
 * One-time proofs sent or printed: e-mail sign-in (a link and a six-digit
 * code), invitations and the first owner's setup link. Only hashes are kept.
 */
export const staffTokens = pgTable(
  "staff_tokens",
  {
    id: serial("id").primaryKey(),
    /** sign-in, invite or setup. */
    purpose: text("purpose").notNull(),
    staffId: staffId(),
    tokenHash: text("token_hash").notNull(),
    codeHash: text("code_hash"),
    /**
     * A sign-in code is good only with the attempt it was asked for in: the
     * hash of a secret handed to the browser that asked. Guesses sent without
     * it, by someone else, neither match nor use up the code's tries.
     */
    attemptHash: text("attempt_hash"),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamptz("expires_at").notNull(),
    usedAt: timestamptz("used_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("staff_tokens_token_idx").on(t.tokenHash), index("staff_tokens_staff_idx").on(t.staffId)],
);

/** WebAuthn challenges handed out and not yet answered; each is used once. */
export const staffChallenges = pgTable("staff_challenges", {
  id: text("id").primaryKey(),
  challenge: text("challenge").notNull(),
  /** Registration challenges belong to the signed-in member of staff; sign-in ones to nobody yet. */
  staffId: staffId(),
  expiresAt: timestamptz("expires_at").notNull(),
});

/**
 * Append-only: who did or saw what, when, from which session. Nothing updates
 * or deletes these rows, except that erasing a person blanks the summaries
 * that name them (app/server/privacy/rights.server.ts); who, what and when stay.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    at: timestamptz("at").notNull().defaultNow(),
    staffId: staffId(),
    sessionId: integer("session_id").references(() => staffSessions.id),
    /** e.g. quote.view, quote.status, staff.invite, session.sign-in. */
    action: text("action").notNull(),
    subjectType: text("subject_type"),
    subjectId: text("subject_id"),
    summary: text("summary").notNull().default(""),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_subject_idx").on(t.subjectType, t.subjectId),
    index("audit_log_staff_idx").on(t.staffId),
    // The console home's "what changed on the site": the newest rows of a few actions, read through each
    // action's own range rather than back through every view and sign-in of the log.
    index("audit_log_action_at_idx").on(t.action, t.at),
  ],
);

/** The history of a quote, application or feedback: notes, status changes and replies sent. */
export const staffNotes = pgTable(
  "staff_notes",
  {
    id: serial("id").primaryKey(),
    /** quote, job, model or feedback. */
    subjectType: text("subject_type").notNull(),
    subjectId: integer("subject_id").notNull(),
    staffId: staffId(),
    /** note, status or reply. */
    kind: text("kind").notNull(),
    body: text("body").notNull(),
    outboxId: integer("outbox_id").references(() => outbox.id),
    createdAt: createdAt(),
  },
  (t) => [
    index("staff_notes_subject_idx").on(t.subjectType, t.subjectId),
    // The lists' search looks in the records' notes too (decision 118).
    index("staff_notes_body_search_idx").using("gin", sql`${searchFolded(t.body)} gin_trgm_ops`),
  ],
);

/** The owner's wording of the replies to job applicants; a template without a row uses the built-in text. */
export const replyTemplates = pgTable("reply_templates", {
  key: text("key").primaryKey(),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  updatedAt: updatedAt(),
  updatedBy: integer("updated_by").references(() => staffUsers.id),
});

/**
 * Every backup the site wrote or tried to write (the nightly one and `npm run backup`): what Settings
 * shows, what /readyz and the owner's alerts read the last good one's age from.
 */
export const backups = pgTable(
  "backups",
  {
    id: serial("id").primaryKey(),
    startedAt: timestamptz("started_at").notNull(),
    finishedAt: timestamptz("finished_at").notNull().defaultNow(),
    /** ok or failed. */
    status: text("status").notNull(),
    /** The file's name in the backup folder (on the machine that wrote it). */
    file: text("file"),
    bytes: bigint("bytes", { mode: "number" }),
    sha256: text("sha256"),
    /** Where the copy in S3-compatible storage went, when one was made. */
    remote: text("remote"),
    /** What went wrong, for a failed one. */
    error: text("error"),
  },
  (t) => [index("backups_finished_idx").on(t.finishedAt)],
);

/** When the owner was last told about each cause of trouble: at most once an hour each, across processes. */
export const ownerAlerts = pgTable("owner_alerts", {
  cause: text("cause").primaryKey(),
  lastSentAt: timestamptz("last_sent_at").notNull(),
});

/**
 * Bookings matched back (decision 070): each upload of a booking system's
 * appointments export is one import, which can be undone as a whole.
 */
export const appointmentImports = pgTable("appointment_imports", {
  id: serial("id").primaryKey(),
  /** phorest, fresha, timely or csv (columns mapped by hand). */
  source: text("source").notNull(),
  staffId: staffId(),
  appointments: integer("appointments").notNull().default(0),
  matched: integer("matched").notNull().default(0),
  toReview: integer("to_review").notNull().default(0),
  createdAt: createdAt(),
  undoneAt: timestamptz("undone_at"),
  undoneBy: integer("undone_by").references(() => staffUsers.id),
});

/** An appointment in the salon's booking system, from an export or its webhook; one row per source and reference. */
export const appointments = pgTable(
  "appointments",
  {
    id: serial("id").primaryKey(),
    /** Where it came from: phorest, fresha, timely, csv or webhook; with externalId, what makes it the same appointment. */
    source: text("source").notNull(),
    externalId: text("external_id").notNull(),
    startsAt: timestamptz("starts_at").notNull(),
    /** The salon as the booking system names it, and ours when the name is one of our salons'. */
    salonName: text("salon_name").notNull().default(""),
    salonId: integer("salon_id").references(() => salons.id),
    stylistName: text("stylist_name").notNull().default(""),
    service: text("service").notNull().default(""),
    valuePence: integer("value_pence"),
    clientName: text("client_name").notNull().default(""),
    /** E.164, or null when the booking had no UK mobile. */
    clientMobile: text("client_mobile"),
    /** Trimmed and lower case, or null. */
    clientEmail: text("client_email"),
    cancelled: boolean("cancelled").notNull().default(false),
    importId: integer("import_id").references(() => appointmentImports.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("appointments_source_external_idx").on(t.source, t.externalId),
    index("appointments_import_idx").on(t.importId),
    // The console home's colour bookings of the next days, and the review invitations' recent visits: a range.
    index("appointments_starts_idx").on(t.startsAt),
    // A client's skin tests on record, found by her mobile or e-mail (staff/skin-tests.server.ts), and her
    // appointments when she asks for her data: a lookup each, not a read of every appointment.
    index("appointments_client_mobile_idx").on(t.clientMobile).where(sql`${t.clientMobile} is not null`),
    index("appointments_client_email_idx").on(t.clientEmail).where(sql`${t.clientEmail} is not null`),
  ],
);

/**
 * An appointment tied to a quote: applied (set the quote to Booked by
 * itself), review (waiting for a person), confirmed (a person chose it,
 * then it was applied), dismissed, or reverted (undone, or the appointment
 * was cancelled). `statusNoteId` is the history line the match wrote when
 * it changed the status: a later status line means a person (or another
 * match) changed it since, and then nothing reverts it.
 */
export const bookingMatches = pgTable(
  "booking_matches",
  {
    id: serial("id").primaryKey(),
    appointmentId: integer("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    quoteId: integer("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    state: text("state").notNull(),
    /** same-person, shared-phone, name-mismatch or two-open-quotes. */
    reason: text("reason").notNull(),
    /** The quote's status before the match set Booked; null when it did not change it. */
    previousStatus: text("previous_status"),
    statusNoteId: integer("status_note_id").references(() => staffNotes.id, { onDelete: "set null" }),
    decidedBy: integer("decided_by").references(() => staffUsers.id),
    decidedAt: timestamptz("decided_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("booking_matches_pair_idx").on(t.appointmentId, t.quoteId),
    index("booking_matches_quote_idx").on(t.quoteId),
    index("booking_matches_review_idx").on(t.createdAt).where(sql`${t.state} = 'review'`),
    // The console home's "bookings matched today": a range of the day's matches, never the whole table.
    index("booking_matches_created_idx").on(t.createdAt),
    // The console home's colour bookings of the coming days: each appointment's matched quote read from the index
    // alone. With only the pair index, PostgreSQL read and hashed every match ever made (15 ms at 25,000 matches,
    // 7 ms through this one, docs/performance.md).
    index("booking_matches_matched_idx")
      .on(t.appointmentId, t.quoteId)
      .where(sql`${t.state} in ('applied', 'confirmed')`),
  ],
);

/** The shared secret the booking system signs its webhook calls with; one row, set (and rotated) by the owner or a manager. */
export const bookingWebhookSecret = pgTable(
  "booking_webhook_secret",
  {
    id: smallint("id").primaryKey().default(1),
    secret: text("secret").notNull(),
    setAt: timestamptz("set_at").notNull().defaultNow(),
    setBy: integer("set_by").references(() => staffUsers.id),
  },
  (t) => [check("booking_webhook_secret_one_row", sql`${t.id} = 1`)],
);

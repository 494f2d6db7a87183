/**
 * The one database schema (PostgreSQL dialect) for PGlite and PostgreSQL alike.
 * Money is integer pence and level adapters are hundredths of a percent, so no
 * figure ever drifts through floating point.
 */
import {
  boolean,
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
  uniqueIndex,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const salons = pgTable("salons", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  shortName: text("short_name").notNull(),
  logo: text("logo").notNull(),
  image: text("image").notNull(),
  address: text("address").notNull(),
  town: text("town").notNull(),
  postcode: text("postcode").notNull(),
  telephone: text("telephone").notNull(),
  bookingUrl: text("booking_url").notNull(),
  websiteUrl: text("website_url"),
});

export const levels = pgTable("levels", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  /** Percentage uplift in hundredths of a percent (-81.41% is -8141). */
  adapterBp: integer("adapter_bp").notNull(),
});

export const services = pgTable(
  "services",
  {
    id: integer("id").primaryKey(),
    service: text("service").notNull(),
    pricePence: integer("price_pence").notNull(),
    productPricePence: integer("product_price_pence").notNull().default(0),
    cat1: smallint("cat1").notNull(),
    cat2: smallint("cat2").notNull(),
    groupName: text("group_name").notNull(),
    /** Lowest level id allowed to carry out the service: availability is data, not code. */
    minLevel: integer("min_level").notNull().default(1),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("services_category_idx").on(t.cat1, t.cat2)],
);

/** Team members and calculator stylists are the same people: one table. */
export const stylists = pgTable("stylists", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  salonId: integer("salon_id")
    .notNull()
    .references(() => salons.id),
  levelId: integer("level_id")
    .notNull()
    .references(() => levels.id),
  image: text("image").notNull(),
  montageImage: text("montage_image").notNull(),
  para1: text("para_1").notNull(),
  para2: text("para_2").notNull(),
  para3: text("para_3"),
  averagePricePence: integer("average_price_pence").notNull(),
  acceptingNewClients: boolean("accepting_new_clients").notNull().default(true),
  instagram: text("instagram"),
  displayOrder: integer("display_order").notNull().default(0),
});

export const blogPosts = pgTable("blog_posts", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  image: text("image").notNull(),
  bodyHtml: text("body_html").notNull(),
  author: text("author").notNull(),
  publishedAt: date("published_at", { mode: "string" }).notNull(),
});

export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    review: text("review").notNull(),
    client: text("client").notNull(),
    stylistSlug: text("stylist_slug").notNull(),
  },
  (t) => [index("reviews_stylist_idx").on(t.stylistSlug)],
);

export const newsItems = pgTable("news_items", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  image: text("image").notNull(),
  alt: text("alt").notNull(),
  body: text("body").notNull(),
  displayOrder: integer("display_order").notNull().default(0),
});

export const shopBanners = pgTable("shop_banners", {
  id: serial("id").primaryKey(),
  mobileImage: text("mobile_image").notNull(),
  desktopImage: text("desktop_image").notNull(),
  alt: text("alt").notNull(),
  url: text("url").notNull(),
  displayOrder: integer("display_order").notNull().default(0),
});

export const shopTiles = pgTable("shop_tiles", {
  id: serial("id").primaryKey(),
  image: text("image").notNull(),
  brand: text("brand").notNull(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  url: text("url").notNull(),
  displayOrder: integer("display_order").notNull().default(0),
});

/**
 * Site settings as rows, so staff change them without a deploy:
 * hideOffers ("true"/"false"), endDate (ISO date) and one row per offer flag.
 */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const jobApplications = pgTable("job_applications", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  mobile: text("mobile").notNull(),
  email: text("email").notNull(),
  position: text("position").notNull(),
  about: text("about").notNull(),
  whyHair: text("why_hair").notNull(),
  whyUs: text("why_us").notNull(),
  salonId: integer("salon_id")
    .notNull()
    .default(1)
    .references(() => salons.id),
  role: text("role").notNull(),
  createdAt: createdAt(),
});

export const modelApplications = pgTable("model_applications", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  mobile: text("mobile").notNull(),
  info: text("info").notNull(),
  createdAt: createdAt(),
});

export const feedback = pgTable("feedback", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  mobile: text("mobile").notNull(),
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
  createdAt: createdAt(),
  /** When the name and mobile were erased; the ratings stay for the statistics. */
  anonymisedAt: timestamp("anonymised_at", { withTimezone: true }),
});

export interface QuoteLine {
  serviceId: number;
  service: string;
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
    salonId: integer("salon_id")
      .notNull()
      .references(() => salons.id),
    levelId: integer("level_id")
      .notNull()
      .references(() => levels.id),
    stylistId: integer("stylist_id").references(() => stylists.id),
    stylistName: text("stylist_name"),
    stylistImage: text("stylist_image"),
    stylistSalonId: integer("stylist_salon_id"),
    lines: jsonb("lines").$type<QuoteLine[]>().notNull(),
    totalPence: integer("total_pence").notNull(),
    createdAt: createdAt(),
    /** When the name, mobile and e-mail were erased (retention or a request); the quote stays for the statistics. */
    anonymisedAt: timestamp("anonymised_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("quotes_link_idx").on(t.link)],
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
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastError: text("last_error"),
    messageId: text("message_id").notNull(),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** When the recipient and payload were erased; the row stays as a record that a message went. */
    redactedAt: timestamp("redacted_at", { withTimezone: true }),
  },
  (t) => [index("outbox_due_idx").on(t.status, t.nextAttemptAt)],
);

/** Fixed-window counters shared by every process on the database. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
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
 * Work done on a schedule by whichever process claims it first: a process
 * runs a job only while it holds the job's row locked and its time has come,
 * and moves the time on in the same transaction, so each pass runs once.
 */
export const scheduledJobs = pgTable("scheduled_jobs", {
  name: text("name").primaryKey(),
  nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull(),
  lastRunAt: timestamp("last_run_at", { withTimezone: true }),
});

/** What each scheduled pass did (counts only, never whose data), for the owner to check. */
export const jobRuns = pgTable(
  "job_runs",
  {
    id: serial("id").primaryKey(),
    job: text("job").notNull(),
    ranAt: timestamp("ran_at", { withTimezone: true }).notNull(),
    result: jsonb("result").$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index("job_runs_job_idx").on(t.job, t.ranAt)],
);

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

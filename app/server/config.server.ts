/**
 * Settings: every environment variable the site, its commands and its server
 * read, validated once, here. Each has a default (or is optional) and a
 * one-line description; docs/settings.md is the table of them, and a test
 * checks it against this schema. A bad value stops whatever is starting with
 * one line naming the variable (SettingsError), rather than failing later.
 * An empty value counts as unset.
 */
import path from "node:path";
import { z } from "zod";
import { allowedRanges } from "~/domain/outbound-address";
import { DEFAULT_BUILD_DIR } from "./build-dir.js";

const optionalUrl = z.url({ error: "expected a URL" }).optional();
const whole = (min: number) =>
  z.coerce
    .number({ error: "expected a number" })
    .int({ error: "expected a whole number" })
    .min(min, { error: `expected ${min} or more` });
const positive = () => z.coerce.number({ error: "expected a number" }).positive({ error: "expected more than 0" });
const onOff = z.enum(["on", "off"], { error: 'expected "on" or "off"' });

export const settingsSchema = z.object({
  PORT: whole(0).max(65535, { error: "expected a port number" }).default(3000).describe("Port the server listens on."),
  HOST: z.string().default("0.0.0.0").describe("Address the server listens on."),
  PUBLIC_URL: z
    .url({ error: "expected a URL such as https://maisonivy.example" })
    .optional()
    .describe(
      "The site's public origin, for canonical links and links in messages. Unset: http://localhost:PORT, the port the server really listens on.",
    ),
  DATA_DIR: z
    .string()
    .default("./data")
    .describe("Where the embedded database, and the files written instead of sending e-mails or texts, are kept."),
  DATABASE_URL: optionalUrl.describe(
    "`postgres://user:password@host:5432/db`: use that PostgreSQL server instead of the embedded one.",
  ),
  DIRECT_DATABASE_URL: optionalUrl.describe(
    "The same database without a pooler between, for migrations, LISTEN and backups, when `DATABASE_URL` is a pooler (PgBouncer in transaction mode). Unset: `DATABASE_URL`.",
  ),
  BUILD_DIR: z
    .string()
    .default(DEFAULT_BUILD_DIR)
    .describe("Where `npm run build` writes and `npm start`, `npm run staff` and `npm run outbox` read the build."),
  NODE_ENV: z
    .string()
    .default("production")
    .describe("`development` under `npm run dev`; anything else runs the site as in production."),
  ROLE: z
    .enum(["both", "web", "worker"], { error: 'expected "both", "web" or "worker"' })
    .default("both")
    .describe(
      "`web` serves pages and never runs scheduled work, sends messages or decodes pictures; `worker` does those and serves only /healthz, /readyz and /metrics; `both` does all.",
    ),
  TRUST_PROXY: z
    .string()
    .optional()
    .describe(
      'Express "trust proxy" value (`loopback`, a hop count, addresses) behind a load balancer, so rate limits see the visitor\'s address.',
    ),
  SMTP_URL: optionalUrl.describe(
    "`smtp://user:pass@host:587` (or `smtps://…:465`). Unset: e-mails are written as `.eml` files under `DATA_DIR/mail`.",
  ),
  MAIL_FROM: z.string().default("Maison Ivy <hello@maisonivy.example>").describe("Sender of every e-mail."),
  STAFF_EMAIL: z
    .string()
    .default("team@maisonivy.example")
    .describe("Where notifications of job applications, model applications and feedback go."),
  TWILIO_ACCOUNT_SID: z
    .string()
    .optional()
    .describe(
      "With `TWILIO_AUTH_TOKEN` and `TWILIO_FROM`: texts go through Twilio. Without all three they are written to `DATA_DIR/sms/messages.log`.",
    ),
  TWILIO_AUTH_TOKEN: z
    .string()
    .optional()
    .describe("Twilio's auth token: sends texts, and checks the signature of texts Twilio forwards to the site."),
  TWILIO_FROM: z.string().optional().describe("The number (or sender id) texts are sent from."),
  TWILIO_API_BASE: z
    .url({ error: "expected a URL" })
    .default("https://api.twilio.com")
    .describe("Where the Twilio API is (tests point it at a local stand-in)."),
  OUTBOX_LEASE_SECONDS: positive()
    .default(60)
    .describe("How long one process holds a message it is sending before another may retry it."),
  OUTBOX_RETRY_SECONDS: positive()
    .default(10)
    .describe("First retry delay of a failing message; each later one doubles, up to `OUTBOX_RETRY_CAP_SECONDS`."),
  OUTBOX_RETRY_CAP_SECONDS: positive().default(3600).describe("The longest wait between two tries of one message."),
  OUTBOX_RETRY_WINDOW_SECONDS: positive()
    .default(48 * 3600)
    .describe(
      "How long a failing message is retried after it was queued or re-sent; then it is marked failed, logged, and kept for re-sending.",
    ),
  SMS_DAILY_LIMIT: whole(0)
    .default(1000)
    .describe("Texts the whole site may queue in 24 hours; past it, quotes go by e-mail only."),
  SMS_RESERVED_PERCENT: whole(0)
    .max(100, { error: "expected a percentage, 0 to 100" })
    .default(30)
    .describe(
      "Share of `SMS_DAILY_LIMIT` kept for the salon's existing leads: texts that anyone's form causes (quotes to new numbers, model thank-yous, lead alerts) stop at the rest.",
    ),
  SCHEDULE_CHECK_SECONDS: positive()
    .default(60)
    .describe(
      "How often each process checks whether a scheduled job (new-quotes digest, retention, pruning) is due (tests shorten it).",
    ),
  RATE_LIMITS: onOff
    .default("on")
    .describe("`off` lifts the per-address limits on forms, quotes and sign-in (for the benchmark only)."),
  RATE_LIMIT_IPV6_PREFIX: whole(1)
    .max(128, { error: "expected a prefix length of 128 or less" })
    .default(64)
    .describe(
      "Per-address limits count an IPv6 client by its network of this prefix length (one subscriber is given a /64); IPv4 clients by their address.",
    ),
  LOG_LEVEL: z
    .enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"], { error: "expected a pino level" })
    .optional()
    .describe(
      "Level of the one-line JSON logs on stdout (`debug`, `info`, `warn`, `error`). Unset: `info` (`warn` under Vitest).",
    ),
  DATABASE_CONNECT_TIMEOUT_MS: whole(1)
    .default(3000)
    .describe("How long a request waits for a database connection before it is answered 503."),
  DATABASE_STATEMENT_TIMEOUT_MS: whole(1)
    .default(5000)
    .describe("How long one statement (and a transaction left idle) may take before it is cancelled and rolled back."),
  DATABASE_START_TIMEOUT_MS: whole(0)
    .default(30_000)
    .describe("How long start-up keeps trying to reach the database before it exits with one line saying why."),
  REQUEST_TIMEOUT_MS: whole(1)
    .default(15_000)
    .describe("A request (headers and body) must arrive within this; slow uploads are cut off with 408."),
  MAX_CONNECTIONS: whole(1).default(500).describe("Open connections beyond this are refused."),
  MAX_CONNECTIONS_PER_CLIENT: whole(1)
    .default(64)
    .describe(
      "Open connections one address may hold when clients connect directly (TRUST_PROXY unset); more are closed at once, so one machine cannot take everyone's.",
    ),
  MAX_UNFINISHED_HEADERS: whole(1)
    .optional()
    .describe(
      "Connections from all addresses still sending request headers; past it the one waiting longest is closed. Unset: half of MAX_CONNECTIONS (must be less).",
    ),
  MAX_REQUESTS_PER_CLIENT: whole(1)
    .default(32)
    .describe(
      "Requests one client address (the one behind TRUST_PROXY) may have in flight at once; past it, 429 until one finishes.",
    ),
  SHUTDOWN_GRACE_MS: whole(0).default(8000).describe("How long requests in flight get to finish after SIGTERM."),
  BACKUP_DIR: z.string().optional().describe("Where backups are written. Unset: `DATA_DIR/backups`."),
  BACKUP_KEY: z
    .string()
    .min(16, { error: "expected at least 16 characters (a long random passphrase)" })
    .optional()
    .describe(
      "Encrypts every backup (AES-256-GCM) and keys its tag. Unset: backups are tagged with `DATA_DIR/backup.key` and hold no webhook secrets. Lost, its backups cannot be restored.",
    ),
  BACKUP_SCHEDULE: onOff
    .default("on")
    .describe("`off` stops the nightly backup (when something else backs up the database)."),
  BACKUP_TIME: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: "expected a time as HH:MM" })
    .default("03:30")
    .describe("The time of day, London time, the nightly backup starts."),
  BACKUP_KEEP_DAILY: whole(1).default(7).describe("Backups kept: the newest of each of this many recent days."),
  BACKUP_KEEP_WEEKLY: whole(0).default(5).describe("Backups kept: the newest of each of this many recent weeks."),
  BACKUP_KEEP_MONTHLY: whole(0).default(12).describe("Backups kept: the newest of each of this many recent months."),
  BACKUP_RETRY_MINUTES: positive().default(30).describe("After a failed nightly backup, the next try this much later."),
  BACKUP_MAX_AGE_HOURS: positive()
    .default(36)
    .describe(
      "With no good backup for longer than this, the owner is alerted and `/readyz` says so (a ROLE=web process's does not).",
    ),
  METRICS_TOKEN: z
    .string()
    .min(16, { error: "expected at least 16 characters" })
    .optional()
    .describe("Bearer token that opens `/metrics` (Prometheus' format); unset, `/metrics` is not served."),
  READY_OUTBOX_BACKLOG: whole(1)
    .default(200)
    .describe(
      "`/readyz` turns unready past this many messages waiting beyond their due time (a ROLE=web process's does not: it sends none).",
    ),
  READY_DISK_FREE_MB: whole(0)
    .default(100)
    .describe(
      "`/readyz` turns unready when the disk holding DATA_DIR has less than this many MB free (or DATA_DIR is missing).",
    ),
  ALERT_DISK_FREE_PERCENT: z.coerce
    .number({ error: "expected a number" })
    .min(0)
    .max(100)
    .default(10)
    .describe("Under this share of free space on the disk holding DATA_DIR, the owner is alerted."),
  BACKUP_S3_BUCKET: z
    .string()
    .optional()
    .describe(
      "A copy of each backup in this S3-compatible bucket (unset: no copy); credentials from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY.",
    ),
  BACKUP_S3_PREFIX: z.string().default("maison-ivy/").describe("The key prefix each backup's copy is stored under."),
  BACKUP_S3_ENDPOINT: optionalUrl.describe(
    "The storage's endpoint URL when it is not AWS (MinIO, Backblaze, Scaleway…).",
  ),
  BACKUP_S3_REGION: z.string().default("us-east-1").describe("The bucket's region, as the storage names it."),
  CDN_PURGE_URL: optionalUrl.describe(
    "Where a content change's surrogate keys are sent to purge the shared cache (docs/deploy.md): Fastly's or Cloudflare's purge address, or the caching proxy's. Unset: no purge is sent.",
  ),
  CDN_PURGE_FORMAT: z
    .enum(["surrogate-key", "cache-tag"], { error: 'expected "surrogate-key" or "cache-tag"' })
    .default("surrogate-key")
    .describe(
      '`surrogate-key`: a POST with the keys in a `Surrogate-Key` header and the token in `Fastly-Key` (Fastly, Varnish in deploy/); `cache-tag`: a POST of `{"tags": [...]}` with the token as a bearer token (Cloudflare).',
    ),
  CDN_PURGE_TOKEN: z
    .string()
    .optional()
    .describe("The token CDN_PURGE_URL takes (Fastly API token, Cloudflare API token)."),
  PICTURES_S3_BUCKET: z
    .string()
    .optional()
    .describe(
      "Uploaded pictures are stored in this S3-compatible bucket rather than in the database (unset: in the database); credentials as for backups. `npm run pictures -- to-bucket` moves those stored before.",
    ),
  PICTURES_S3_PREFIX: z.string().default("pictures/").describe("The key prefix pictures are stored under."),
  PICTURES_S3_ENDPOINT: optionalUrl.describe("The pictures' storage endpoint URL when it is not AWS."),
  PICTURES_S3_REGION: z.string().default("us-east-1").describe("The pictures' bucket's region."),
  PICTURES_PUBLIC_URL: optionalUrl.describe(
    "Where anyone can fetch the bucket's pictures (its public address, or a CDN in front of it): /pictures/… then redirects there. Unset: the site serves them from the bucket itself.",
  ),
  OUTBOUND_ALLOW_PRIVATE: z
    .string()
    .default("off")
    .refine((value) => allowedRanges(value) !== null, {
      error: 'expected "off", "on" or address ranges such as 10.1.0.0/16, fd12::/48',
    })
    .describe(
      "Internal addresses webhooks and booking-link checks may reach all the same: `on` (any), or ranges such as `10.1.0.0/16`. For tests and closed networks only.",
    ),
  TEST_CLOCK: onOff
    .default("off")
    .describe("`on` lets a browser test move the site's clock (`POST /__test/clock`). Never on a real site."),
});

export type Config = Omit<z.infer<typeof settingsSchema>, "PUBLIC_URL" | "LOG_LEVEL" | "MAX_UNFINISHED_HEADERS"> & {
  PUBLIC_URL: string;
  MAX_UNFINISHED_HEADERS: number;
  LOG_LEVEL: NonNullable<z.infer<typeof settingsSchema>["LOG_LEVEL"]>;
  /** DATA_DIR made absolute. */
  dataDir: string;
  /** BACKUP_DIR made absolute, or DATA_DIR/backups. */
  backupDir: string;
  /** PUBLIC_URL was not set: it names localhost and the port, which the server corrects once it listens. */
  publicUrlFromPort: boolean;
};

/** A setting with a value the schema refuses: its message is one line naming the variable. */
export class SettingsError extends Error {
  override name = "SettingsError";
}

let cached: Config | undefined;

/** Parses `env` (the process's environment by default) against the schema; throws a SettingsError. */
export function parseSettings(env: Record<string, string | undefined> = process.env): Config {
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = settingsSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `${name}=${JSON.stringify(given[name])} is not valid: ${issue.message}`;
    });
    throw new SettingsError(`${problems.join("; ")} (docs/settings.md lists every setting).`);
  }
  const data = parsed.data;
  // At or above the total cap the budget would never act before the cap refuses everyone, visitors included.
  if (data.MAX_UNFINISHED_HEADERS !== undefined && data.MAX_UNFINISHED_HEADERS >= data.MAX_CONNECTIONS)
    throw new SettingsError(
      `MAX_UNFINISHED_HEADERS=${JSON.stringify(given.MAX_UNFINISHED_HEADERS)} is not valid: expected less than MAX_CONNECTIONS (${data.MAX_CONNECTIONS}) (docs/settings.md lists every setting).`,
    );
  if (data.DIRECT_DATABASE_URL !== undefined && data.DATABASE_URL === undefined)
    throw new SettingsError(
      "DIRECT_DATABASE_URL is set without DATABASE_URL: set both, or neither for the embedded database (docs/settings.md lists every setting).",
    );
  return {
    ...data,
    DIRECT_DATABASE_URL: data.DIRECT_DATABASE_URL ?? data.DATABASE_URL,
    PUBLIC_URL: data.PUBLIC_URL ?? `http://localhost:${data.PORT}`,
    LOG_LEVEL: data.LOG_LEVEL ?? (env.VITEST ? "warn" : "info"),
    // Half leaves the other half for requests being served; a single address (MAX_CONNECTIONS_PER_CLIENT) is
    // far below it, and it is far above what visitors' idle kept-alive connections hold on a busy day.
    MAX_UNFINISHED_HEADERS: data.MAX_UNFINISHED_HEADERS ?? Math.ceil(data.MAX_CONNECTIONS / 2),
    dataDir: path.resolve(data.DATA_DIR),
    backupDir: data.BACKUP_DIR ? path.resolve(data.BACKUP_DIR) : path.join(path.resolve(data.DATA_DIR), "backups"),
    publicUrlFromPort: data.PUBLIC_URL === undefined,
  };
}

/**
 * The settings of this process, parsed on first use. The object is shared:
 * the server corrects PUBLIC_URL once it knows its port, and tests running
 * the site in their own process change a setting on it (RATE_LIMITS).
 */
export function config(): Config {
  cached ??= parseSettings();
  return cached;
}

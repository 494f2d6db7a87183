/**
 * Settings, read from the environment and validated once. A bad value stops
 * the process at start with a clear message rather than failing later.
 */
import path from "node:path";
import { z } from "zod";

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.url().optional())
  .optional();

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalUrl,
  /** Without DATABASE_URL: `postgres` (the default) or `pglite`, the previous engine, kept for the benchmark's comparison. */
  EMBEDDED_DATABASE: z.enum(["postgres", "pglite"]).default("postgres"),
  PUBLIC_URL: z.url().default("http://localhost:3000"),
  NODE_ENV: z.string().default("production"),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default("Maison Ivy <hello@maisonivy.example>"),
  STAFF_EMAIL: z.string().default("team@maisonivy.example"),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_API_BASE: z.url().default("https://api.twilio.com"),
  /** How long a message being sent is leased to one process before another may retry it. */
  OUTBOX_LEASE_SECONDS: z.coerce.number().positive().default(60),
  /** A failing message is retried this long after it was queued (or re-sent) before it is marked failed. */
  OUTBOX_RETRY_WINDOW_SECONDS: z.coerce
    .number()
    .positive()
    .default(48 * 3600),
  /** First retry delay; each later one doubles, up to OUTBOX_RETRY_CAP_SECONDS. */
  OUTBOX_RETRY_SECONDS: z.coerce.number().positive().default(10),
  OUTBOX_RETRY_CAP_SECONDS: z.coerce.number().positive().default(3600),
  /**
   * How often each process asks whether a scheduled job (the new-quotes
   * digest, retention, pruning) is due. A minute matches the minutes the
   * owner sets the digest to; tests make it shorter.
   */
  SCHEDULE_CHECK_SECONDS: z.coerce.number().positive().default(60),
  /** Texts the whole site may queue in 24 hours (an SMS bill has no natural ceiling otherwise). */
  SMS_DAILY_LIMIT: z.coerce.number().int().min(0).default(1000),
  /** Express "trust proxy" value (e.g. "loopback" or a hop count) when behind a load balancer. */
  TRUST_PROXY: z.string().optional(),
  // ── Backups and health (docs/operations.md) ──
  /** Where backups are written; empty means DATA_DIR/backups. */
  BACKUP_DIR: z.string().optional(),
  /** "off" stops the nightly backup (when something else backs up the database). */
  BACKUP_SCHEDULE: z.enum(["on", "off"]).default("on"),
  /** The time of day, London time, the nightly backup starts. */
  BACKUP_TIME: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "a time as HH:MM")
    .default("03:30"),
  /** Retention: the newest backup of each of this many recent days, weeks and months is kept. */
  BACKUP_KEEP_DAILY: z.coerce.number().int().min(1).default(7),
  BACKUP_KEEP_WEEKLY: z.coerce.number().int().min(0).default(5),
  BACKUP_KEEP_MONTHLY: z.coerce.number().int().min(0).default(12),
  /** After a failed nightly backup, the next try comes this many minutes later. */
  BACKUP_RETRY_MINUTES: z.coerce.number().positive().default(30),
  /** With no good backup for longer than this the owner is alerted and /readyz says so. */
  BACKUP_MAX_AGE_HOURS: z.coerce.number().positive().default(36),
  /**
   * A copy of each backup in S3-compatible storage: the bucket (unset: no copy). Credentials come from
   * AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or the SDK's other usual sources).
   */
  BACKUP_S3_BUCKET: z.string().optional(),
  /** The key prefix each backup's copy is stored under. */
  BACKUP_S3_PREFIX: z.string().default("maison-ivy/"),
  /** Another provider than AWS (MinIO, Backblaze, Scaleway…): its endpoint URL. */
  BACKUP_S3_ENDPOINT: optionalUrl,
  BACKUP_S3_REGION: z.string().default("us-east-1"),
  /** Bearer token that opens /metrics; without it /metrics is not served. */
  METRICS_TOKEN: z.string().min(16, "at least 16 characters").optional(),
  /** /readyz turns unready past this many messages waiting beyond their due time. */
  READY_OUTBOX_BACKLOG: z.coerce.number().int().positive().default(200),
  /** Under this share of free space on DATA_DIR's disk the owner is alerted. */
  ALERT_DISK_FREE_PERCENT: z.coerce.number().min(0).max(100).default(10),
  /**
   * "on" lets a browser test move the site's clock (POST /__test/clock with
   * {"at": ISO time}). Never set it on a real site.
   */
  TEST_CLOCK: z.enum(["on", "off"]).default("off"),
});

export type Config = z.infer<typeof configSchema> & { dataDir: string; backupDir: string };

let cached: Config | undefined;

export function config(): Config {
  if (!cached) {
    const parsed = configSchema.safeParse(process.env);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
      throw new Error(`Invalid settings: ${problems}`);
    }
    const dataDir = path.resolve(parsed.data.DATA_DIR);
    const backupDir = parsed.data.BACKUP_DIR ? path.resolve(parsed.data.BACKUP_DIR) : path.join(dataDir, "backups");
    cached = { ...parsed.data, dataDir, backupDir };
  }
  return cached;
}

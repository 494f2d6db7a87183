/**
 * Figures for Prometheus (prom-client) at /metrics, behind METRICS_TOKEN:
 * requests by route and status with their latency, the outbox's backlog and
 * failures by channel, the connection pools, memory and the event loop
 * (prom-client's defaults), the last backup, the disk and late jobs. The
 * request figures are this process's own; the rest are read from the shared
 * database at each scrape, so every process reports the same values for them.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { type Health, type HealthSettings, readHealth } from "./health.server";

const registry = new Registry();
collectDefaultMetrics({ register: registry });

const requests = new Counter({
  name: "http_requests_total",
  help: "HTTP requests answered, by route and status",
  labelNames: ["route", "method", "status"] as const,
  registers: [registry],
});
const latency = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time to answer an HTTP request, by route",
  labelNames: ["route", "method"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const gauge = (name: string, help: string, labelNames: string[] = []) =>
  new Gauge({ name, help, labelNames, registers: [registry] });
const gauges = {
  databaseUp: gauge("salon_database_up", "1 when the database answered the last scrape"),
  outboxOverdue: gauge("salon_outbox_overdue_messages", "Messages waiting more than 5 minutes past their due time"),
  outboxFailing: gauge(
    "salon_outbox_failing_messages",
    "Messages still retried after several failed attempts, by channel",
    ["channel"],
  ),
  outboxFailed: gauge("salon_outbox_failed_messages_24h", "Messages given up on in the last 24 hours, by channel", [
    "channel",
  ]),
  backupLastSuccess: gauge("salon_backup_last_success_timestamp_seconds", "When the newest good backup finished"),
  backupLastBytes: gauge("salon_backup_last_success_bytes", "The newest good backup's size"),
  backupLastFailed: gauge("salon_backup_last_attempt_failed", "1 when the newest backup attempt failed"),
  dataDirPresent: gauge("salon_data_dir_present", "1 when DATA_DIR is there to read, 0 when it is missing"),
  lateJobs: gauge("salon_scheduled_jobs_late", "Scheduled jobs well past their time"),
  poolConnections: gauge("salon_db_pool_connections", "Database pool connections, by pool and state", [
    "pool",
    "state",
  ]),
};

/**
 * Figures about DATA_DIR's disk, shown only while DATA_DIR is there: an
 * unlabelled gauge that is never set still reads 0, which for these says
 * "full", so they leave the registry while the disk cannot be read.
 */
const diskGauges = {
  freeRatio: new Gauge({
    name: "salon_data_disk_free_ratio",
    help: "Share of DATA_DIR's disk that is free (0 to 1); absent while DATA_DIR is missing",
    registers: [],
  }),
  freeBytes: new Gauge({
    name: "salon_data_disk_free_bytes",
    help: "Bytes free on DATA_DIR's disk; absent while DATA_DIR is missing",
    registers: [],
  }),
};

function showDisk(gauge: Gauge, value: number | null) {
  const { name } = gauge as unknown as { name: string };
  if (value === null) {
    registry.removeSingleMetric(name);
    return;
  }
  if (!registry.getSingleMetric(name)) registry.registerMetric(gauge);
  gauge.set(value);
}

/**
 * A label for the route a path belongs to: its first segment (two under /api and /staff), the rest as `*`.
 * Addresses that matched nothing (404) share one label, and so do redirects (the site sends unknown
 * addresses home), so a scan of made-up addresses adds no series.
 */
function routeLabel(pathname: string, status: number): string {
  if (status === 404) return "unmatched";
  if (status >= 300 && status < 400) return "redirected";
  const segments = pathname.split("?")[0]?.split("/").filter(Boolean) ?? [];
  if (segments.length === 0) return "/";
  const depth = segments[0] === "api" || segments[0] === "staff" ? 2 : 1;
  const kept = segments.slice(0, depth).join("/");
  return segments.length > depth ? `/${kept}/*` : `/${kept}`;
}

/** Counts and times one request once its answer is sent; call it first thing for every request. */
export function observeRequest(req: IncomingMessage, res: ServerResponse): void {
  const started = process.hrtime.bigint();
  res.once("finish", () => {
    const route = routeLabel(req.url ?? "/", res.statusCode);
    const method = req.method ?? "GET";
    requests.inc({ route, method, status: String(res.statusCode) });
    latency.observe({ route, method }, Number(process.hrtime.bigint() - started) / 1e9);
  });
}

export interface PoolStats {
  name: string;
  total: number;
  idle: number;
  waiting: number;
}

function setHealth(health: Health) {
  gauges.databaseUp.set(health.database ? 1 : 0);
  gauges.dataDirPresent.set(health.dataDirPresent ? 1 : 0);
  showDisk(diskGauges.freeRatio, health.diskFreePercent === null ? null : health.diskFreePercent / 100);
  showDisk(diskGauges.freeBytes, health.diskFreeBytes);
  if (health.outbox) {
    gauges.outboxOverdue.set(health.outbox.overdue);
    gauges.outboxFailing.reset();
    gauges.outboxFailed.reset();
    for (const channel of ["email", "sms"]) {
      gauges.outboxFailing.set({ channel }, health.outbox.failing[channel] ?? 0);
      gauges.outboxFailed.set({ channel }, health.outbox.failedLastDay[channel] ?? 0);
    }
  }
  if (health.backup) {
    if (health.backup.lastGoodAt) gauges.backupLastSuccess.set(health.backup.lastGoodAt.getTime() / 1000);
    if (health.backup.lastGoodBytes !== null) gauges.backupLastBytes.set(health.backup.lastGoodBytes);
    gauges.backupLastFailed.set(health.backup.lastFailed ? 1 : 0);
  }
  if (health.lateJobs) gauges.lateJobs.set(health.lateJobs.length);
}

/** The figures in Prometheus' text format, with the shared ones read now. */
export async function renderMetrics(
  db: Parameters<typeof readHealth>[0],
  settings: HealthSettings,
  jobNames: readonly string[],
  pools: PoolStats[],
): Promise<{ contentType: string; body: string }> {
  setHealth(await readHealth(db, settings, jobNames));
  for (const pool of pools) {
    gauges.poolConnections.set({ pool: pool.name, state: "total" }, pool.total);
    gauges.poolConnections.set({ pool: pool.name, state: "idle" }, pool.idle);
    gauges.poolConnections.set({ pool: pool.name, state: "waiting" }, pool.waiting);
  }
  return { contentType: registry.contentType, body: await registry.metrics() };
}

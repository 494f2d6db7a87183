/**
 * What an operator reads: /healthz, /readyz and the Prometheus figures at
 * /metrics behind their token, from the built site as `npm start` runs it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, newKey, type Site, startSite, submitModel, type TestPostgres } from "./harness";

const TOKEN = "a-metrics-token-for-the-fault-suite";

describe("health and metrics", () => {
  let db: TestPostgres;
  let site: Site;
  beforeAll(async () => {
    db = await createTestDatabase();
    site = await startSite({ DATABASE_URL: db.url, METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await site?.stop();
    await db?.drop();
  });

  it("serves /metrics only with its token, with requests by route and status and the shared figures", async () => {
    expect((await fetch(`${site.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${site.url}/metrics`, { headers: { Authorization: "Bearer wrong" } })).status).toBe(401);
    expect((await submitModel(site.url, newKey())).status).toBe(201);
    await fetch(`${site.url}/team-info`);
    await fetch(`${site.url}/no-such-page-${newKey()}`);
    const response = await fetch(`${site.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    expect(text).toMatch(/http_requests_total\{route="\/api\/models",method="POST",status="201"\} 1/);
    expect(text).toMatch(/http_requests_total\{route="\/team-info",method="GET",status="200"\} \d/);
    // Made-up addresses (sent home) share one label.
    expect(text).toMatch(/http_requests_total\{route="redirected",method="GET",status="302"\} 1/);
    expect(text).not.toContain("no-such-page");
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.05",route="\/api\/models",method="POST"\}/);
    expect(text).toMatch(/salon_database_up 1/);
    expect(text).toMatch(/salon_outbox_overdue_messages \d/);
    expect(text).toMatch(/salon_outbox_failing_messages\{channel="email"\} 0/);
    expect(text).toMatch(/salon_db_pool_connections\{pool="web",state="total"\} \d/);
    expect(text).toMatch(/process_resident_memory_bytes \d/);
    expect(text).toMatch(/salon_data_disk_free_ratio 0\.\d+/);
    expect(text).toMatch(/salon_data_dir_present 1/);
  });

  it("answers /readyz, with no more than ready or not to a stranger", async () => {
    const ready = await fetch(`${site.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
  });
});

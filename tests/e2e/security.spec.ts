import { expect, test } from "./fixtures";

function expectSecurityHeaders(headers: Record<string, string>) {
  const csp = headers["content-security-policy"] ?? "";
  expect(csp).toContain("default-src 'self'");
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'(;|$)/);
  expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers["content-security-policy-report-only"]).toBeUndefined();
  expect(headers["strict-transport-security"]).toMatch(/max-age=\d{7,}/);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toContain("camera=()");
  expect(headers["x-powered-by"]).toBeUndefined();
}

test("a page and an API answer carry the security headers", async ({ request }) => {
  const page = await request.get("/");
  expectSecurityHeaders(page.headers());
  const api = await request.get("/api/services");
  expectSecurityHeaders(api.headers());
});

test("every script in the page carries this response's nonce, and the page runs under the policy", async ({
  page,
  request,
}) => {
  const response = await request.get("/");
  const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
  const html = await response.text();
  const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? "");
  expect(scripts.length).toBeGreaterThan(0);
  for (const attrs of scripts) {
    if (/type="application\/ld\+json"/.test(attrs)) continue;
    expect(attrs).toContain(`nonce="${nonce}"`);
  }
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" && /Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  await page.goto("/");
  // Hydrated: the review feed's buttons respond.
  await page.getByRole("button", { name: /Pause/ }).click();
  await expect(page.getByRole("button", { name: /Play/ })).toBeVisible();
  expect(violations).toEqual([]);
});

test("a cross-origin POST is refused, a same-origin one is not", async ({ request, baseURL }) => {
  const crossSite = await request.post("/api/save-quote-details", {
    headers: { Origin: "https://evil.example", "Content-Type": "application/json" },
    data: {},
  });
  expect(crossSite.status()).toBe(403);
  expect((await crossSite.json()).error).toMatch(/other sites/);

  const fetchMarked = await request.post("/api/joinus", {
    headers: { "Sec-Fetch-Site": "cross-site", "Content-Type": "application/json" },
    data: {},
  });
  expect(fetchMarked.status()).toBe(403);

  const sameOrigin = await request.post("/api/nothing-here", { headers: { Origin: baseURL as string } });
  expect(sameOrigin.status()).toBe(404);
});

test("errors never show a stack trace", async ({ request }) => {
  const response = await request.post("/api/nothing-here", { data: "{" });
  expect(response.status()).toBeLessThan(500);
  const text = await response.text();
  expect(text).not.toMatch(/at .+\.(js|ts):\d+/);
});

test("no public page or API answer sets a cookie: only the staff console has sessions", async ({ request }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] as string).pathname);
  expect(pages.length).toBeGreaterThan(30);
  const answers = [
    ...(await Promise.all(pages.map((path) => request.get(path)))),
    await request.get("/prices/calculator?type=colour&mode=level"),
    await request.get("/api/services"),
    await request.post("/api/feedback", { data: {} }),
    await request.post("/recruitment/stylist", { form: { firstName: "" } }),
  ];
  for (const answer of answers) {
    expect(answer.status(), answer.url()).toBeLessThan(500);
    expect(answer.headers()["set-cookie"], answer.url()).toBeUndefined();
  }
});

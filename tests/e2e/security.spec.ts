import { createHash } from "node:crypto";
import { expect, test } from "./fixtures";
import { scriptsReady } from "./helpers";

function expectSecurityHeaders(headers: Record<string, string>) {
  const csp = headers["content-security-policy"] ?? "";
  expect(csp).toContain("default-src 'self'");
  // This response's nonce, or (a cached answer, the same bytes for everyone) the hashes of its inline scripts.
  expect(csp).toMatch(/script-src 'self'( 'nonce-[A-Za-z0-9+/=]{20,}'| ('sha256-[A-Za-z0-9+/=]{44}' ?)*)?(;|$)/);
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

/** The inline scripts that run (JSON data blocks do not), and the attributes of every script. */
function scriptsOf(html: string) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map((m) => ({
    attrs: m[1] ?? "",
    code: m[2] ?? "",
    runsInline: !/\ssrc=/.test(m[1] ?? "") && !/type="application\/(ld\+)?json"/.test(m[1] ?? ""),
  }));
}

test("a cached page allows exactly its own inline scripts by hash, is the same compressed bytes for everyone, and runs under its policy", async ({
  page,
  request,
}) => {
  const first = await request.get("/");
  const csp = first.headers()["content-security-policy"] ?? "";
  expect(csp).not.toContain("'nonce-");
  const html = await first.text();
  expect(html).not.toContain("nonce=");
  const inline = scriptsOf(html).filter((s) => s.runsInline);
  expect(inline.length).toBeGreaterThan(0);
  const hashes = [...csp.matchAll(/'sha256-([^']+)'/g)].map((m) => m[1]);
  expect(hashes.sort()).toEqual(
    [...new Set(inline.map((s) => createHash("sha256").update(s.code).digest("base64")))].sort(),
  );

  // Compressed once, in the background: soon every browser that accepts brotli gets the same stored bytes.
  await expect
    .poll(async () => (await request.get("/", { headers: { "Accept-Encoding": "br" } })).headers()["content-encoding"])
    .toBe("br");
  const raw = await fetch(new URL("/", first.url()), { headers: { "Accept-Encoding": "br" } });
  // A hit answered before any middleware still carries every header the ordinary way sets.
  expect(raw.headers.get("x-cache")).toBe("HIT");
  expectSecurityHeaders(Object.fromEntries(raw.headers));
  expect(raw.headers.get("x-request-id")).toBeTruthy();
  expect(raw.headers.get("cache-control")).toBe(first.headers()["cache-control"]);
  expect(raw.headers.get("vary")).toMatch(/Accept-Encoding/i);
  expect(raw.headers.get("content-security-policy")).toBe(csp);
  const gzipped = await request.get("/", { headers: { "Accept-Encoding": "gzip" } });
  expect(gzipped.headers()["content-encoding"]).toBe("gzip");
  expect(await gzipped.text()).toBe(html);

  const violations: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" && /Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  await page.goto("/");
  // Hydrated once the visitor reaches it: the review feed's buttons respond.
  await page.locator("[data-review-feed]").scrollIntoViewIfNeeded();
  await page.getByRole("button", { name: /Pause/ }).click();
  await expect(page.getByRole("button", { name: /Play/ })).toBeVisible();
  // A form page's script checks and sends the form, within the same policy.
  await page.goto("/feedback");
  await scriptsReady(page);
  await page.getByRole("button", { name: "Send my feedback" }).click();
  await expect(page.getByRole("alert").first()).toBeFocused();
  expect(violations).toEqual([]);
});

test("the build's hashed assets are served compressed once, as stored, with immutable caching", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const stylesheet = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
  if (!stylesheet) throw new Error("the home page links no stylesheet");
  const plain = await request.get(stylesheet, { headers: { "Accept-Encoding": "identity" } });
  expect(plain.headers()["content-encoding"]).toBeUndefined();
  for (const encoding of ["br", "gzip"]) {
    await expect
      .poll(
        async () =>
          (await request.get(stylesheet, { headers: { "Accept-Encoding": encoding } })).headers()["content-encoding"],
      )
      .toBe(encoding);
    const compressed = await request.get(stylesheet, { headers: { "Accept-Encoding": encoding } });
    expect(compressed.headers()["cache-control"]).toContain("immutable");
    expect(compressed.headers()["content-type"]).toMatch(/^text\/css/);
    expect(await compressed.text()).toBe(await plain.text());
  }
});

test("an answer that is not cached carries a fresh nonce on every script", async ({ request }) => {
  const response = await request.get("/quote/no-such-quote-link");
  expect(response.status()).toBe(404);
  const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
  expect(nonce).toBeTruthy();
  // Data blocks (structured data, an island's props) are never run, so the policy does not ask them for one.
  const scripts = scriptsOf(await response.text()).filter((s) => !/type="application\/(ld\+)?json"/.test(s.attrs));
  expect(scripts.length).toBeGreaterThan(0);
  for (const { attrs } of scripts) expect(attrs).toContain(`nonce="${nonce}"`);

  // Compressed for a browser that accepts it (gzip, the cheaper, for an answer made for one visitor),
  // and the same page once decompressed (bar its own nonce).
  const compressed = await fetch(new URL("/quote/no-such-quote-link", response.url()), {
    headers: { "Accept-Encoding": "gzip, deflate, br, zstd" },
  });
  expect(compressed.status).toBe(404);
  expect(compressed.headers.get("content-encoding")).toBe("gzip");
  expect(compressed.headers.get("vary")).toMatch(/Accept-Encoding/i);
  const otherNonce = /'nonce-([^']+)'/.exec(compressed.headers.get("content-security-policy") ?? "")?.[1] ?? "";
  expect(otherNonce).not.toBe(nonce);
  expect((await compressed.text()).replaceAll(otherNonce, "")).toBe(
    (await response.text()).replaceAll(nonce ?? "", ""),
  );
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
  // Every page of the sitemap is rendered: more than the default allows on a busy machine.
  test.setTimeout(120_000);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] as string).pathname);
  expect(pages.length).toBeGreaterThan(30);
  // Eight at a time, as a browser would: one client opening a connection per page at once gets only its share.
  const rendered = [];
  for (let i = 0; i < pages.length; i += 8)
    rendered.push(...(await Promise.all(pages.slice(i, i + 8).map((path) => request.get(path)))));
  const answers = [
    ...rendered,
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

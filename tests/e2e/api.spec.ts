import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";

async function getJson(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/json");
  return response.json();
}

const keysOf = (value: object) => Object.keys(value);

test("every read endpoint answers with seeded data under the API's field names", async ({ request }) => {
  const team = await getJson(request, "/api/team");
  expect(team.length).toBeGreaterThanOrEqual(8);
  expect(keysOf(team[0])).toEqual(
    expect.arrayContaining([
      "slug",
      "first_name",
      "last_name",
      "level_name",
      "image",
      "para_1",
      "para_2",
      "para_3",
      "price",
    ]),
  );
  expect(typeof team[0].price).toBe("number");

  const member = await getJson(request, `/api/team/${team[0].slug}`);
  expect(member.slug).toBe(team[0].slug);
  expect(member.first_name).toBe(team[0].first_name);

  const reviews = await getJson(request, "/api/reviews");
  expect(reviews.length).toBeGreaterThanOrEqual(40);
  expect(keysOf(reviews[0])).toEqual(expect.arrayContaining(["review", "client", "stylist"]));
  expect(await getJson(request, "/api/reviews/all")).toHaveLength(reviews.length);
  const someStylist = reviews[0].stylist as string;
  const filtered = await getJson(request, `/api/reviews/${someStylist}`);
  expect(filtered.length).toBeGreaterThan(0);
  expect(filtered.every((r: { stylist: string }) => r.stylist === someStylist)).toBe(true);

  const posts = await getJson(request, "/api/blog-posts");
  expect(posts.length).toBeGreaterThanOrEqual(6);
  expect(keysOf(posts[0])).toEqual(expect.arrayContaining(["slug", "title", "image", "body", "author", "date"]));
  const dates = posts.map((p: { date: string }) => p.date);
  expect(dates).toEqual([...dates].sort().reverse());
  const post = await getJson(request, `/api/blog-post/${posts[0].slug}`);
  expect(post.title).toBe(posts[0].title);

  const news = await getJson(request, "/api/news-items");
  expect(news.length).toBeGreaterThanOrEqual(6);
  expect(keysOf(news[0])).toEqual(expect.arrayContaining(["slug", "title", "image", "alt", "body"]));

  const store = await getJson(request, "/api/store-data");
  expect(store.banners.length).toBeGreaterThan(0);
  expect(keysOf(store.banners[0])).toEqual(expect.arrayContaining(["image", "url"]));
  expect(store.tiles.length).toBeGreaterThanOrEqual(8);
  expect(keysOf(store.tiles[0])).toEqual(expect.arrayContaining(["image", "brand", "description", "title", "url"]));

  const salons = await getJson(request, "/api/salons");
  expect(salons.map((s: { id: number }) => s.id)).toEqual([1, 2, 3]);
  expect(keysOf(salons[0])).toEqual(expect.arrayContaining(["id", "name", "logo", "image"]));

  const levels = await getJson(request, "/api/levels");
  expect(levels).toHaveLength(9);
  expect(levels[0]).toEqual({ id: 1, name: "New Starter", adapter: -81.41 });
  expect(levels[8]).toEqual({ id: 9, name: "Advanced Senior", adapter: 25.3 });

  const services = await getJson(request, "/api/services");
  expect(services.length).toBeGreaterThanOrEqual(60);
  expect(keysOf(services[0])).toEqual(
    expect.arrayContaining(["id", "service", "price", "product_price", "cat1", "cat2"]),
  );
  const cutDryStyle = services.find((s: { service: string }) => s.service === "Cut, Dry & Style");
  expect(cutDryStyle).toMatchObject({ price: 49.5, product_price: 0, cat1: 1, cat2: 0, client_name: "Cut & blow-dry" });

  const stylists = await getJson(request, "/api/stylists");
  expect(stylists.length).toBeGreaterThanOrEqual(8);
  expect(keysOf(stylists[0])).toEqual(
    expect.arrayContaining([
      "id",
      "slug",
      "first_name",
      "last_name",
      "salon",
      "level",
      "remote_image",
      "para_1",
      "para_2",
      "para_3",
    ]),
  );
});

test("an unknown slug answers 404 with a JSON error", async ({ request }) => {
  for (const path of [
    "/api/team/nobody-here",
    "/api/blog-post/no-such-post",
    "/api/reviews/nobody-here",
    "/api/nothing-at-all",
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect((await response.json()).error, path).toMatch(/not found/);
  }
});

test("seeded images are served by the site itself", async ({ request }) => {
  const team = await getJson(request, "/api/team");
  const store = await getJson(request, "/api/store-data");
  for (const src of [team[0].image, store.tiles[0].image, store.banners[0].image]) {
    expect(src).toMatch(/^\/images\//);
    const response = await request.get(src);
    expect(response.status(), src).toBe(200);
  }
});

/**
 * The public site and the staff console are two builds with two route tables
 * (app/routes.ts, decision 115): the console's build answers every console
 * address and no public one, and the public build no console address. Read
 * from the built server bundles in BUILD_DIR (scripts/built-suite.js builds
 * them), matched as React Router matches a request.
 */
import { pathToFileURL } from "node:url";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { STAFF_ROUTES } from "~/domain/staff/routes";
import { buildDir } from "../faults/harness";

interface Bundle {
  loadBuild(): Promise<ServerBuild>;
}
const load = async (entry: string) => ((await import(pathToFileURL(entry).href)) as Bundle).loadBuild();

let site: ServerBuild;
let staff: ServerBuild;
beforeAll(async () => {
  site = await load(`${buildDir}/server/index.js`);
  staff = await load(`${buildDir}/console/server/index.js`);
});

/** The build's routes as the tree React Router matches against. */
function tree(build: ServerBuild, parentId?: string): RouteObject[] {
  return Object.values(build.routes)
    .filter((route) => route?.parentId === parentId)
    .map((route) => {
      if (!route) throw new Error("a hole in the route table");
      const children = tree(build, route.id);
      return route.index
        ? { id: route.id, path: route.path, index: true }
        : { id: route.id, path: route.path, children: children.length > 0 ? children : undefined };
    });
}

/** The route that answers `address` in `build`: the deepest match, or none (the document alone is a 404). */
function answering(build: ServerBuild, address: string): string | undefined {
  const id = matchRoutes(tree(build), address)?.at(-1)?.route.id;
  return id === "root" ? undefined : id;
}

/** Every route that answers requests of its own (not a layout), with an address it answers. */
function leaves(build: ServerBuild): { id: string; address: string }[] {
  const withChildren = new Set(Object.values(build.routes).map((route) => route?.parentId));
  return Object.values(build.routes).flatMap((route) => {
    if (!route || withChildren.has(route.id)) return [];
    const segments: string[] = [];
    for (let at: typeof route | undefined = route; at; at = at.parentId ? build.routes[at.parentId] : undefined)
      if (at.path) segments.unshift(at.path);
    const address = segments
      .join("/")
      .split("/")
      .filter((segment) => !segment.endsWith("?"))
      .map((segment) => (segment.startsWith(":") ? "some-value" : segment === "*" ? "any/thing" : segment))
      .join("/");
    return [{ id: route.id, address: `/${address}` }];
  });
}

describe("the console's build", () => {
  it("answers every console page by its own route", () => {
    for (const [key, route] of Object.entries(STAFF_ROUTES)) {
      const address = `/staff/${route.path.replace(/:[\w]+\??/g, "some-value")}`.replace(/\/$/, "");
      expect(answering(staff, address), address).toBe(`staff-${key}`);
    }
    // An address under /staff that is no page still reaches the console's own table.
    expect(answering(staff, "/staff/no-such-page")).toBe("staff-not-found");
  });

  it("answers none of the public build's addresses", () => {
    const addresses = leaves(site).map((leaf) => leaf.address);
    expect(addresses).toEqual(expect.arrayContaining(["/", "/prices", "/api/salons", "/quote/some-value"]));
    for (const address of addresses) expect(answering(staff, address), address).toBeUndefined();
  });

  it("holds only console routes", () => {
    const files = Object.values(staff.routes).map((route) => route?.id ?? "");
    for (const id of files)
      expect(id === "root" || id.startsWith("staff-") || id === "routes/staff/layout", id).toBe(true);
    expect(Object.keys(staff.assets.routes).sort()).toEqual(Object.keys(staff.routes).sort());
  });
});

describe("the public build", () => {
  it("answers no console address but with a catch-all that sends it home", () => {
    const addresses = leaves(staff).map((leaf) => leaf.address);
    expect(addresses).toEqual(expect.arrayContaining(["/staff", "/staff/sign-in", "/staff/leads"]));
    // `/staff` alone could be a stylist's notice address (/agnes-leaving), which goes home when there is none.
    for (const address of addresses)
      expect(["routes/not-found", "notice"], address).toContain(answering(site, address));
  });

  it("holds no console route, on the server or in the browser's manifest", () => {
    for (const id of [...Object.keys(site.routes), ...Object.keys(site.assets.routes)]) {
      expect(id.startsWith("staff-") || id.includes("routes/staff/"), id).toBe(false);
    }
    expect(Object.keys(site.routes)).toEqual(expect.arrayContaining(["root", "routes/home", "routes/prices"]));
  });
});

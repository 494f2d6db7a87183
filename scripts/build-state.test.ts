import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildState } from "./build-state.js";

let root: string;
const write = (file: string, at: Date) => {
  const target = path.join(root, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, "x");
  utimesSync(target, at, at);
  // A folder's own time changes when a file is added to it (or removed, which counts as a change of the sources):
  // keep the folders in the past so that only the file's time counts here.
  for (let dir = path.dirname(target); dir !== root; dir = path.dirname(dir)) {
    utimesSync(dir, new Date(2020, 0, 1), new Date(2020, 0, 1));
  }
};

describe("whether npm start must build", () => {
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), "build-state-"));
    write("app/routes/home.tsx", new Date(2026, 0, 1));
    write("package-lock.json", new Date(2026, 0, 1));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("builds when there is no build", () => {
    expect(buildState(root, "build")).toBe("missing");
  });

  it("serves a build newer than every source", () => {
    write("build/console/server/index.js", new Date(2026, 0, 2));
    expect(buildState(root, "build")).toBe("fresh");
  });

  it("rebuilds when a source deep in a folder changed after the build", () => {
    write("build/console/server/index.js", new Date(2026, 0, 2));
    write("public/images/team/new.webp", new Date(2026, 0, 3));
    expect(buildState(root, "build")).toBe("stale");
  });

  it("rebuilds when the dependencies changed after the build", () => {
    write("build/console/server/index.js", new Date(2026, 0, 2));
    write("package-lock.json", new Date(2026, 0, 3));
    expect(buildState(root, "build")).toBe("stale");
  });

  it("rebuilds when a source was deleted after the build", () => {
    write("build/console/server/index.js", new Date(2026, 0, 2));
    rmSync(path.join(root, "app/routes/home.tsx"));
    expect(buildState(root, "build")).toBe("stale");
  });

  it("ignores files that are not sources of the build", () => {
    write("build/console/server/index.js", new Date(2026, 0, 2));
    write("docs/architecture.md", new Date(2026, 0, 3));
    write("tests/e2e/home.spec.ts", new Date(2026, 0, 3));
    expect(buildState(root, "build")).toBe("fresh");
  });
});

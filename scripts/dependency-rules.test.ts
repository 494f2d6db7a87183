/**
 * The layer rules `npm run lint` checks (.dependency-cruiser.cjs), run on a
 * tiny project made for the test: a cycle and an import that points up fail
 * it, and the same files without them pass.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
let dir = "";
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function project(files: Record<string, string>) {
  dir = mkdtempSync(path.join(tmpdir(), "salon-layers-"));
  const all = {
    "tsconfig.json": JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "~/*": ["./app/*"] } } }),
    ...files,
  };
  for (const [name, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
}

/** As `npm run lint` runs it, over the given folders and files of the tiny project. */
function cruise(targets = ["app"]): { status: number | null; rules: string[] } {
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs"),
      ...targets,
      "--config",
      path.join(root, ".dependency-cruiser.cjs"),
    ],
    { cwd: dir, encoding: "utf8" },
  );
  // As `npm run lint` prints them: one "error RULE: from → to" per violation.
  const rules = [...result.stdout.matchAll(/^\s*error ([\w-]+):/gm)].map((m) => m[1] ?? "");
  return { status: result.status, rules: [...new Set(rules)].sort() };
}

describe("layer rules", () => {
  it("fail on an import cycle and on a module importing a layer above it", () => {
    project({
      "app/domain/prices.ts":
        'import { cardTitle } from "~/components/card";\nexport const price = cardTitle.length;\n',
      "app/components/card.tsx": 'export const cardTitle = "Cut";\n',
      "app/server/a.server.ts": 'import { b } from "./b.server";\nexport const a = () => b();\n',
      "app/server/b.server.ts": 'import { a } from "./a.server";\nexport const b = () => a();\n',
    });
    const { status, rules } = cruise();
    expect(status).not.toBe(0);
    expect(rules).toEqual(["domain-is-the-bottom", "no-circular"]);
  }, 60_000);

  it("pass when every import points down and none goes round", () => {
    project({
      "app/domain/prices.ts": 'export const price = "Cut".length;\n',
      "app/components/card.tsx": 'import { price } from "~/domain/prices";\nexport const cardTitle = "Cut" + price;\n',
      "app/server/a.server.ts": 'import { b } from "./b.server";\nexport const a = () => b();\n',
      "app/server/b.server.ts": 'import { price } from "~/domain/prices";\nexport const b = () => price;\n',
    });
    expect(cruise()).toEqual({ status: 0, rules: [] });
  }, 60_000);

  it("fail on the HTTP layer or a command importing a process entry or each other", () => {
    project({
      "server.js": 'import { fail } from "./scripts/fail.js";\nexport const start = () => fail;\n',
      "scripts/fail.js": "export const fail = 1;\n",
      "scripts/start.js": 'import { start } from "../server.js";\nstart();\n',
      "http/app.ts": 'import { run } from "../commands/run";\nexport const app = run;\n',
      "commands/run.ts": 'import { fail } from "../scripts/fail.js";\nexport const run = fail;\n',
      "app/server/a.server.ts": 'import { app } from "../../http/app";\nexport const a = app;\n',
    });
    const { status, rules } = cruise(["app", "http", "commands", "scripts", "server.js"]);
    expect(status).not.toBe(0);
    expect(rules).toEqual([
      "commands-beside-http",
      "http-beside-commands",
      "scripts-are-the-top",
      "server-below-the-page",
    ]);
  }, 60_000);

  it("pass with the entries on top and the HTTP layer and commands meeting only in the bundle", () => {
    project({
      "server.js": 'import { fail } from "./commands/fail.js";\nexport const start = () => fail;\n',
      "commands/fail.js": "export const fail = 1;\n",
      "scripts/start.js": 'import { start } from "../server.js";\nstart();\n',
      "http/app.ts": 'import { a } from "~/server/a.server";\nexport const app = a;\n',
      "http/bundle.ts": 'export { app } from "./app";\nexport { fail } from "../commands/fail.js";\n',
      "app/server/a.server.ts": "export const a = 1;\n",
    });
    expect(cruise(["app", "http", "commands", "scripts", "server.js"])).toEqual({ status: 0, rules: [] });
  }, 60_000);
});

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

function cruise(): { status: number | null; rules: string[] } {
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs"),
      "app",
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
});

/**
 * The layer rules `npm run lint` checks (.dependency-cruiser.cjs), run as
 * `npm run lint` runs them (its depcruise command, with the config) on a tiny
 * project made for the test: each kind of wrong import fails it, naming its
 * rule, and the same files without them pass.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
let dir = "";
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The depcruise part of `npm run lint`, as package.json has it. */
const lintArgs = (() => {
  const lint: string = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts.lint;
  const command = /depcruise ([^&]+)/.exec(lint)?.[1];
  if (!command) throw new Error("npm run lint no longer runs depcruise");
  return command.trim().split(/\s+/);
})();

/** A project of these files, with the repository's config and a stand-in for the router's package. */
function project(files: Record<string, string>) {
  dir = mkdtempSync(path.join(tmpdir(), "salon-layers-"));
  const all = {
    "tsconfig.json": JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "~/*": ["./app/*"] } } }),
    "node_modules/react-router/package.json": JSON.stringify({ name: "react-router", main: "index.js" }),
    "node_modules/react-router/index.js": "export const useLocation = () => ({ pathname: '/' });\n",
    ...files,
  };
  for (const [name, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  copyFileSync(path.join(root, ".dependency-cruiser.cjs"), path.join(dir, ".dependency-cruiser.cjs"));
}

function lint(): { status: number | null; rules: string[] } {
  const result = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs"), ...lintArgs],
    { cwd: dir, encoding: "utf8" },
  );
  // As `npm run lint` prints them: one "error RULE: from → to" per violation.
  const rules = [...result.stdout.matchAll(/^\s*error ([\w-]+):/gm)].map((m) => m[1] ?? "");
  return { status: result.status, rules: [...new Set(rules)].sort() };
}

/** The pieces every case starts from, each importing only what it may. */
const fine = {
  "app/domain/prices.ts": 'export const price = "Cut".length;\n',
  "app/components/card.tsx": 'import { price } from "~/domain/prices";\nexport const cardTitle = "Cut" + price;\n',
  "app/components/nav-link.tsx":
    'import { useLocation } from "react-router";\nexport const here = () => useLocation().pathname;\n',
  "app/server/a.server.ts": 'import { b } from "./b.server";\nexport const a = () => b();\n',
  "app/server/b.server.ts": 'import { price } from "~/domain/prices";\nexport const b = () => price;\n',
  "app/routes/home.tsx":
    'import { cardTitle } from "~/components/card";\nimport { here } from "~/components/nav-link";\nimport { a } from "~/server/a.server";\nexport const page = [cardTitle, here, a];\n',
  "app/islands/card.tsx": 'import { cardTitle } from "~/components/card";\nexport const island = cardTitle;\n',
  "http/app.ts": 'import { a } from "../app/server/a.server";\nexport const app = a;\n',
  "server.js": 'import { app } from "./http/app.ts";\nexport const start = app;\n',
  "scripts/start.js": 'import { start } from "../server.js";\nstart();\n',
  "bench/run.js":
    'import { start } from "../server.js";\nimport { price } from "../app/domain/prices.ts";\nstart(price);\n',
  "tests/e2e/helpers.ts": 'import { price } from "../../app/domain/prices";\nexport const expected = price;\n',
  "vite/plugin.ts": "export const plugin = () => ({ name: 'p' });\n",
  "vite.config.ts": 'import { plugin } from "./vite/plugin.ts";\nexport default { plugins: [plugin()] };\n',
};

describe("layer rules", () => {
  it("pass when every import points down and none goes round", () => {
    project(fine);
    expect(lint()).toEqual({ status: 0, rules: [] });
  }, 60_000);

  it("fail on an import cycle and on a module importing a layer above it", () => {
    project({
      ...fine,
      "app/domain/prices.ts":
        'import { cardTitle } from "~/components/card";\nexport const price = cardTitle.length;\n',
      "app/server/b.server.ts": 'import { a } from "./a.server";\nexport const b = () => a();\n',
    });
    const { status, rules } = lint();
    expect(status).not.toBe(0);
    expect(rules).toEqual(["domain-is-the-bottom", "no-circular"]);
  }, 60_000);

  it("fail on an island importing React Router, directly or through a component", () => {
    project({
      ...fine,
      "app/islands/card.tsx": 'import { useLocation } from "react-router";\nexport const island = useLocation;\n',
    });
    expect(lint()).toEqual({ status: 1, rules: ["islands-run-without-the-router"] });

    project({
      ...fine,
      "app/islands/card.tsx": 'import { here } from "~/components/nav-link";\nexport const island = here;\n',
    });
    expect(lint()).toEqual({ status: 1, rules: ["islands-run-without-the-router"] });
  }, 120_000);

  it("fail on an island reaching a server module through a component", () => {
    project({
      ...fine,
      "app/components/card.tsx": 'import { b } from "~/server/b.server";\nexport const cardTitle = "Cut" + b();\n',
    });
    const { status, rules } = lint();
    expect(status).not.toBe(0);
    // A component may use the server layer (a route renders it on the server), but not one an island imports.
    expect(rules).toEqual(["islands-reach-no-server-module"]);
  }, 60_000);

  it("fail on the site importing what runs it: the HTTP layer a command, a component the tests' helpers", () => {
    project({
      ...fine,
      "http/app.ts":
        'import { a } from "../app/server/a.server";\nimport "../scripts/start.js";\nexport const app = a;\n',
      "app/components/card.tsx":
        'import { expected } from "../../tests/e2e/helpers";\nexport const cardTitle = "Cut" + expected;\n',
    });
    const { status, rules } = lint();
    expect(status).not.toBe(0);
    // http/app.ts → scripts/start.js → server.js → http/app.ts goes round too.
    expect(rules).toEqual(["components-below-routes", "http-beside-commands", "no-circular", "scripts-are-the-top"]);
  }, 60_000);

  it("fail on a build plugin importing the site, and on a cycle among the commands", () => {
    project({
      ...fine,
      "vite/plugin.ts":
        'import { price } from "../app/domain/prices.ts";\nexport const plugin = () => ({ name: String(price) });\n',
      "scripts/a.js": 'import { b } from "./b.js";\nexport const a = () => b();\n',
      "scripts/b.js": 'import { a } from "./a.js";\nexport const b = () => a();\n',
    });
    const { status, rules } = lint();
    expect(status).not.toBe(0);
    expect(rules).toEqual(["build-plugins-stand-alone", "no-circular"]);
  }, 60_000);
  it("fail on the HTTP layer or a command importing a process entry or each other", () => {
    project({
      "server.js": 'import { fail } from "./scripts/fail.js";\nexport const start = () => fail;\n',
      "scripts/fail.js": "export const fail = 1;\n",
      "http/app.ts": 'import { run } from "../commands/run";\nexport const app = run;\n',
      "commands/run.ts": 'import { fail } from "../scripts/fail.js";\nexport const run = fail;\n',
      "app/server/a.server.ts": 'import { app } from "../../http/app";\nexport const a = app;\n',
    });
    const { status, rules } = lint();
    expect(status).not.toBe(0);
    expect(rules).toEqual([
      "commands-beside-http",
      "http-beside-commands",
      "scripts-are-the-top",
      "server-below-the-page",
    ]);
  }, 60_000);

  it("pass with the HTTP layer and the commands meeting only in the server bundle's entry", () => {
    project({
      ...fine,
      "server.js": 'import { fail } from "./commands/fail.js";\nexport const start = () => fail;\n',
      "commands/fail.js": "export const fail = 1;\n",
      "scripts/start.js": 'import { start } from "../server.js";\nstart();\n',
      "http/app.ts": 'import { a } from "../app/server/a.server";\nexport const app = a;\n',
      "http/bundle.ts": 'export { app } from "./app";\nexport { fail } from "../commands/fail.js";\n',
    });
    expect(lint()).toEqual({ status: 0, rules: [] });
  }, 60_000);
});

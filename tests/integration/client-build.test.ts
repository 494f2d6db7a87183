/**
 * What the browser is sent, read from the built client scripts in BUILD_DIR
 * (scripts/built-suite.js builds them): React DOM's chunks open with V8's
 * compile hint and no other chunk does (decision 129), in the public build
 * and the console's.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildDir } from "../faults/harness";

const HINT = "//# allFunctionsCalledOnLoad";

/** Every script of a client build, with its text. */
function scripts(clientDir: string): { file: string; text: string }[] {
  const assets = path.join(buildDir, clientDir, "assets");
  return readdirSync(assets)
    .filter((file) => file.endsWith(".js"))
    .map((file) => ({ file, text: readFileSync(path.join(assets, file), "utf8") }));
}

/** React DOM's renderer registers itself with React's developer tools: no other code names their hook. */
const isReactDom = (text: string) => text.includes("__REACT_DEVTOOLS_GLOBAL_HOOK__");

describe.each([
  ["the public site", "client"],
  ["the console", "console/client"],
])("%s's client build", (_name, clientDir) => {
  const all = scripts(clientDir);

  it("opens React DOM's chunks with the compile hint, as their first line", () => {
    const reactDom = all.filter(({ text }) => isReactDom(text));
    expect(reactDom.length).toBeGreaterThan(0);
    for (const { file, text } of reactDom) expect(text.split("\n")[0], file).toBe(HINT);
  });

  it("leaves every other chunk (the site's own code, React, the islands) to compile lazily", () => {
    const others = all.filter(({ text }) => !isReactDom(text));
    expect(others.length).toBeGreaterThan(0);
    expect(others.filter(({ text }) => text.includes(HINT)).map(({ file }) => file)).toEqual([]);
  });
});

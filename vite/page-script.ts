import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

const VIRTUAL_ID = "virtual:page-script";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const CHUNK_NAME = "page-script";

/**
 * Builds `entry` as a script of its own for the pages React does not hydrate
 * (decision 006), and tells the server where it went: `import pageScript
 * from "virtual:page-script"` gives its hashed address under /assets (`src`)
 * and those of the chunks it imports (`imports`, to preload alongside it).
 * The client build emits the chunk; the server build, which runs after it,
 * finds the file in the client's assets. In development it is the source,
 * which Vite serves compiled.
 */
export function pageScript({ entry, clientAssetsDir }: { entry: string; clientAssetsDir: string }): Plugin {
  let command: "build" | "serve" = "serve";
  let ssrBuild = false;
  return {
    name: "salon:page-script",
    configResolved(config) {
      command = config.command;
      ssrBuild = Boolean(config.build.ssr);
    },
    buildStart() {
      if (command === "build" && !ssrBuild) this.emitFile({ type: "chunk", id: entry, name: CHUNK_NAME });
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const answer = (src: string, imports: string[]) => `export default ${JSON.stringify({ src, imports })};`;
      if (command === "serve") return answer(`/${entry}`, []);
      // The browser never renders the script tags itself: only the server does.
      if (!ssrBuild) return answer("", []);
      const pattern = new RegExp(`^${CHUNK_NAME}-[\\w-]+\\.js$`);
      const file = readdirSync(clientAssetsDir).find((name) => pattern.test(name));
      if (!file) this.error(`${CHUNK_NAME}-*.js is missing from ${clientAssetsDir}: the client build must run first`);
      const code = readFileSync(path.join(clientAssetsDir, file), "utf8");
      const imports = [...code.matchAll(/(?:from|import)\s*["']\.\/([\w.-]+\.js)["']/g)].map((m) => `/assets/${m[1]}`);
      return answer(`/assets/${file}`, imports);
    },
  };
}

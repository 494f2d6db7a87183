import { readdirSync } from "node:fs";
import type { Plugin } from "vite";

const VIRTUAL_ID = "virtual:page-script";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const CHUNK_NAME = "page-script";

/**
 * Builds `entry` as a script of its own for the pages React does not hydrate
 * (decision 006), and tells the server where it went: `import src from
 * "virtual:page-script"` is its hashed address under /assets. The client
 * build emits the chunk; the server build, which runs after it, finds the
 * file in the client's assets. In development it is the source, which Vite
 * serves compiled.
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
      if (command === "serve") return `export default ${JSON.stringify(`/${entry}`)};`;
      // The browser never renders the script tag itself: only the server does.
      if (!ssrBuild) return `export default "";`;
      const pattern = new RegExp(`^${CHUNK_NAME}-[\\w-]+\\.js$`);
      const file = readdirSync(clientAssetsDir).find((name) => pattern.test(name));
      if (!file) this.error(`${CHUNK_NAME}-*.js is missing from ${clientAssetsDir}: the client build must run first`);
      return `export default ${JSON.stringify(`/assets/${file}`)};`;
    },
  };
}

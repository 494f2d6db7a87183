import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Manifest, Plugin } from "vite";

const VIRTUAL_ID = "virtual:page-script";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
/** In development, an entry behind React's hot-reload preamble (see `load`). */
const DEV_ENTRY = "virtual:page-script-dev/";

/**
 * Builds each of `entries` as a script of its own for the pages React does
 * not hydrate (decision 006), and tells the server where they went: `import
 * pageScripts from "virtual:page-script"` gives, by the entry's name, its
 * hashed address under /assets (`src`) and those of the chunks it imports
 * (`imports`, to preload alongside it). The client environment emits the
 * chunks (named `{name}-script`); the server environment, built after it,
 * reads the client's build manifest (React Router turns the manifest on and
 * removes it once every environment is built). In development each is its
 * source, which Vite serves compiled, behind the hot-reload preamble.
 */
export function pageScript({ entries }: { entries: Record<string, string> }): Plugin {
  type Script = { src: string; imports: string[] };
  const answer = (scripts: Record<string, Script>) => `export default ${JSON.stringify(scripts)};`;
  const each = (make: (name: string, entry: string) => Script) =>
    Object.fromEntries(Object.entries(entries).map(([name, entry]) => [name, make(name, entry)]));
  return {
    name: "salon:page-script",
    buildStart() {
      if (this.environment.mode === "build" && this.environment.name === "client") {
        for (const [name, entry] of Object.entries(entries))
          this.emitFile({ type: "chunk", id: entry, name: `${name}-script` });
      }
    },
    resolveId(id) {
      if (id.startsWith(DEV_ENTRY)) return `\0${id}`;
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      // React Router's plugin compiles every component for hot reloading, and such a module refuses to run
      // before the plugin's preamble has (the same one React Router's own <Scripts> loads first in development).
      if (id.startsWith(`\0${DEV_ENTRY}`))
        return `import "virtual:react-router/inject-hmr-runtime";\nimport "/${entries[id.slice(DEV_ENTRY.length + 1)]}";`;
      if (id !== RESOLVED_ID) return undefined;
      const { mode, config } = this.environment;
      if (mode === "dev") return answer(each((name) => ({ src: `/@id/__x00__${DEV_ENTRY}${name}`, imports: [] })));
      // The browser never renders the script tags itself: only the server does.
      if (config.consumer === "client") return answer(each(() => ({ src: "", imports: [] })));

      const client = config.environments.client?.build;
      if (!client?.manifest) this.error("the client build must write a manifest (React Router turns it on)");
      const file = typeof client.manifest === "string" ? client.manifest : ".vite/manifest.json";
      const manifestPath = path.resolve(config.root, client.outDir, file);
      if (!existsSync(manifestPath)) this.error(`${manifestPath} is missing: the client build must run first`);
      const manifest: Manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
      const address = (name: string) => `${config.base}${name}`;
      return answer(
        each((_, entry) => {
          const chunk = manifest[entry];
          if (!chunk) this.error(`${entry} is not in the client's build manifest`);
          // Every chunk it imports statically, however deep, so the browser fetches them all at once.
          const imports = new Set<string>();
          const visit = (keys: string[] = []) => {
            for (const key of keys) {
              const imported = manifest[key];
              if (!imported || imports.has(imported.file)) continue;
              imports.add(imported.file);
              visit(imported.imports);
            }
          };
          visit(chunk.imports);
          return { src: address(chunk.file), imports: [...imports].map(address) };
        }),
      );
    },
  };
}

/** `island-{name}` for each island's script in `dir` (every module there but `hydrate.tsx`, which they share). */
export function islandEntries(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir)
      .filter((file) => file.endsWith(".tsx") && file !== "hydrate.tsx" && !file.includes(".test."))
      .map((file) => [`island-${file.replace(/\.tsx$/, "")}`, `${dir}/${file}`]),
  );
}

import { readdirSync } from "node:fs";
import type { EnvironmentModuleNode, Plugin } from "vite";

const VIRTUAL_ID = "virtual:page-script";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
/** In development, an entry that runs the refresh preamble before its island (see `load`). */
const DEV_ENTRY = "virtual:page-script-dev/";
const DEV_PREAMBLE = "virtual:page-script-dev-preamble";

/**
 * Builds each of `entries` as a script of its own for the pages React does
 * not hydrate (decision 006), and tells the server where they went: `import
 * pageScripts from "virtual:page-script"` gives, by the entry's name, its
 * hashed address under /assets (`src`) and those of the chunks it imports
 * (`imports`, to preload alongside it).
 *
 * The client environment emits the chunks (named `{name}-script`) and, once
 * its bundle is written, keeps where each went, read from the bundle itself;
 * the server environment, built after it by the same builder (React Router
 * builds the client first, and shares plugins between environments), answers
 * with that. No file is read, so nothing depends on the client's build
 * manifest, which React Router removes once the build is done.
 *
 * In development each is its source, which Vite serves compiled. An island
 * has no Fast Refresh there: an edit to anything an island imports reloads
 * the page (`hotUpdate`).
 */
export function pageScript({ entries }: { entries: Record<string, string> }): Plugin {
  type Script = { src: string; imports: string[] };
  const answer = (scripts: Record<string, Script>) => `export default ${JSON.stringify(scripts)};`;
  const each = (make: (name: string, entry: string) => Script) =>
    Object.fromEntries(Object.entries(entries).map(([name, entry]) => [name, make(name, entry)]));
  /** The client build's emitted chunks, by entry name, then where they went once written. */
  const emitted = new Map<string, string>();
  let built: Record<string, Script> | undefined;
  return {
    name: "salon:page-script",
    // The server environment reads what the client environment's bundle gave (`built`).
    sharedDuringBuild: true,
    buildStart() {
      if (this.environment.mode === "build" && this.environment.name === "client") {
        for (const [name, entry] of Object.entries(entries))
          emitted.set(name, this.emitFile({ type: "chunk", id: entry, name: `${name}-script` }));
      }
    },
    generateBundle(_, bundle) {
      if (this.environment.mode !== "build" || this.environment.name !== "client") return;
      const address = (file: string) => `${this.environment.config.base}${file}`;
      built = each((name) => {
        const file = this.getFileName(emitted.get(name) as string);
        // Every chunk it imports statically, however deep, so the browser fetches them all at once.
        const imports = new Set<string>();
        const visit = (files: string[]) => {
          for (const imported of files) {
            const chunk = bundle[imported];
            if (imports.has(imported) || chunk?.type !== "chunk") continue;
            imports.add(imported);
            visit(chunk.imports);
          }
        };
        const chunk = bundle[file];
        visit(chunk?.type === "chunk" ? chunk.imports : []);
        return { src: address(file), imports: [...imports].map(address) };
      });
    },
    resolveId(id) {
      if (id.startsWith(DEV_ENTRY) || id === DEV_PREAMBLE) return `\0${id}`;
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      // React Router's plugin compiles every component in development for React Fast Refresh, and such a module
      // refuses to run until a preamble has: this is the one Vite's backend-integration guide gives for a page
      // whose HTML the server writes, without the refresh runtime (islands reload the page instead).
      if (id === `\0${DEV_PREAMBLE}`)
        return [
          "window.$RefreshReg$ = () => {};",
          "window.$RefreshSig$ = () => (type) => type;",
          "window.__vite_plugin_react_preamble_installed__ = true;",
        ].join("\n");
      // A module's imports run in order, so the preamble has run before the island's first module does.
      if (id.startsWith(`\0${DEV_ENTRY}`))
        return `import "${DEV_PREAMBLE}";\nimport "/${entries[id.slice(DEV_ENTRY.length + 1)]}";`;
      if (id !== RESOLVED_ID) return undefined;
      const { mode, config } = this.environment;
      if (mode === "dev") return answer(each((name) => ({ src: `/@id/__x00__${DEV_ENTRY}${name}`, imports: [] })));
      // The browser never renders the script tags itself: only the server does.
      if (config.consumer === "client") return answer(each(() => ({ src: "", imports: [] })));
      if (!built) this.error("the client environment must be built first: its bundle names the islands' scripts");
      return answer(built);
    },
    hotUpdate({ modules }) {
      if (this.environment.name !== "client") return;
      const seen = new Set<EnvironmentModuleNode>();
      const reachesIsland = (module: EnvironmentModuleNode): boolean => {
        if (seen.has(module)) return false;
        seen.add(module);
        if (module.id?.startsWith(`\0${DEV_ENTRY}`)) return true;
        return [...module.importers].some(reachesIsland);
      };
      if (!modules.some(reachesIsland)) return;
      this.environment.hot.send({ type: "full-reload" });
      return [];
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

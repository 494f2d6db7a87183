import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { islandEntries, pageScript } from "./vite/page-script.ts";

/** V8's magic comment, first in a script: compile all its functions eagerly, as they will all run at load. */
const COMPILE_EVERY_FUNCTION = "//# allFunctionsCalledOnLoad";

export default defineConfig({
  environments: {
    // React DOM's chunks ask V8 to compile every function as the script arrives, off the main thread (an explicit
    // compile hint, decision 129), rather than each one when first called: during hydration and, for the code that
    // answers events and commits changes, during a visitor's first tap. Only React DOM: nearly all of it runs on any
    // page with an island, where the hint on every chunk cost more memory for no more speed.
    client: {
      build: {
        rollupOptions: {
          output: {
            postBanner: (chunk) =>
              chunk.moduleIds.some((id) => id.includes("/node_modules/react-dom/")) ? COMPILE_EVERY_FUNCTION : "",
          },
        },
      },
    },
    // The server build's entry is our Express app (http/), which wraps React Router's request handler, and the
    // terminal commands (commands/) run from the same build.
    // date-fns, zod and drizzle-orm are bundled: as packages, Node would find, read and link their several hundred
    // modules one by one at every start (date-fns alone has two hundred and fifty), about a third of a second on
    // these machines. Conform's zod adapter comes with zod, so both use the same one.
    ssr: {
      // The console's build (SITE_PART=console) has its own entry: its route table and what the HTTP app needs
      // from its own copy of the server modules (http/console-bundle.ts).
      build: {
        rollupOptions: {
          input: process.env.SITE_PART === "console" ? "./http/console-bundle.ts" : "./http/bundle.ts",
        },
      },
      resolve: { noExternal: ["date-fns", "zod", "drizzle-orm", "@conform-to/zod"] },
    },
  },
  resolve: { tsconfigPaths: true },
  // In development Vite prepares the packages the browser imports before it answers. It finds them from these
  // files: every module React Router's development server transforms for the browser (it does so for each route
  // module a page renders, to find its styles), and the islands. A package found any later makes Vite reload the
  // page someone is looking at.
  optimizeDeps: {
    entries: ["app/entry.client.tsx", "app/root.tsx", "app/routes/**/*.{ts,tsx}", "app/islands/*.{ts,tsx}"],
  },
  plugins: [
    tailwindcss(),
    reactRouter(),
    // Each public island's script (app/islands/{name}.tsx), loaded only by the pages that show it, and the
    // script that loads those which wait to be seen.
    pageScript({ entries: { ...islandEntries("app/islands"), "when-visible": "app/islands/when-visible.ts" } }),
  ],
});

import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { islandEntries, pageScript } from "./vite/page-script.ts";

export default defineConfig({
  environments: {
    // The server build's entry is our Express app, which wraps React Router's request handler.
    // date-fns is bundled: as a package Node would load all its two hundred and fifty modules at every start for
    // the dozen functions the site uses.
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } }, resolve: { noExternal: ["date-fns"] } },
  },
  resolve: { tsconfigPaths: true },
  plugins: [
    tailwindcss(),
    reactRouter(),
    // Each public island's script (app/islands/{name}.tsx), loaded only by the pages that show it.
    pageScript({ entries: islandEntries("app/islands") }),
  ],
});

import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { pageScript } from "./vite/page-script.ts";

export default defineConfig({
  environments: {
    client: {
      build: {
        rolldownOptions: {
          // The widgets' modules (app/enhance) travel as one chunk: a page without React loads its script and that
          // chunk, not a waterfall of small files. The forms' element goes with the forms' script, for the pages with a form.
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "enhance",
                  test: /[\\/]app[\\/]enhance[\\/](?!page\.ts$|form-page\.ts$|submission-form\.ts$)/,
                },
                {
                  name: "form-element",
                  test: /[\\/]app[\\/](enhance[\\/]submission-form|domain[\\/]field-check)\.ts$/,
                },
              ],
            },
          },
        },
      },
    },
    // The server build's entry is our Express app, which wraps React Router's request handler.
    // date-fns is bundled: as a package Node would load all its two hundred and fifty modules at every start for
    // the dozen functions the site uses.
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } }, resolve: { noExternal: ["date-fns"] } },
  },
  resolve: { tsconfigPaths: true },
  plugins: [
    tailwindcss(),
    reactRouter(),
    pageScript({
      entries: {
        page: "app/enhance/page.ts",
        form: "app/enhance/form-page.ts",
      },
    }),
  ],
});

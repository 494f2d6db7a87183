import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { buildDirectory } from "./react-router.config.ts";
import { pageScript } from "./vite/page-script.ts";

export default defineConfig(({ isSsrBuild }) => ({
  // The server build's entry is our Express app, which wraps React Router's request handler.
  build: isSsrBuild
    ? { rolldownOptions: { input: "./server/app.ts" } }
    : // The widgets' modules (app/enhance) travel as one chunk: a page without React loads its script and that chunk, not a waterfall of small files.
      {
        rolldownOptions: {
          output: { codeSplitting: { groups: [{ name: "enhance", test: /[\\/]app[\\/]enhance[\\/](?!page\.ts$)/ }] } },
        },
      },
  resolve: { tsconfigPaths: true },
  plugins: [
    tailwindcss(),
    reactRouter(),
    pageScript({ entry: "app/enhance/page.ts", clientAssetsDir: path.resolve(buildDirectory, "client/assets") }),
  ],
}));

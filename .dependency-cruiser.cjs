// The layer rules of docs/architecture.md, checked by `npm run lint` over every source folder: no import cycles
// anywhere, and each layer imports only the layers below it:
//   the site:  routes and islands → components → server (app/server, the HTTP layer) → domain
//   around it: server.js, scripts/ (commands), bench/ and tests/ use the site; the site never uses them;
//              vite/ (build plugins) stands alone.
// Island code, everything an island's script reaches, runs in the browser without the router: no React Router and
// no `.server` module (docs/islands.md). Tests are exempt from the layer rules (they may reach any layer), but not
// from the cycle and island rules.
const test = "(\\.test\\.tsx?$|/testing/|test-databases|test-people)";
// The HTTP layer is named by pattern, so the rules hold while it moves (server/ → http/).
const http = "^(server|http)/";
const layer = {
  routes: "^app/(routes/|routes\\.ts$|root\\.tsx$|entry\\.server\\.tsx$)",
  islands: "^app/islands/",
  components: "^app/components/",
  server: `^app/server/|${http}`,
  domain: "^app/domain/",
  // What runs the site or checks it from outside: the start script, commands, the bench and the browser and fault suites.
  tooling: "^(server\\.js$|scripts/|bench/|tests/)",
  vite: "^vite/",
};
/** @param {string} name @param {string} from @param {string[]} above */
const below = (name, from, above) => ({
  name,
  severity: "error",
  comment: `${from} may import only the layers below it (docs/architecture.md)`,
  from: { path: layer[from], pathNot: test },
  to: { path: above.map((l) => layer[l]).join("|") },
});

/** @type {import("dependency-cruiser").IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import cycle: move the shared piece into a module both can import.",
      from: {},
      to: { circular: true },
    },
    below("domain-is-the-bottom", "domain", ["routes", "islands", "components", "server", "tooling", "vite"]),
    below("server-below-the-page", "server", ["routes", "islands", "components", "tooling", "vite"]),
    below("components-below-routes", "components", ["routes", "islands", "tooling", "vite"]),
    // An island's script is an entry of its own, loaded by the page: a route renders its component instead.
    below("routes-do-not-import-islands", "routes", ["islands", "tooling", "vite"]),
    below("islands-are-not-routes", "islands", ["routes", "tooling", "vite"]),
    below("build-plugins-stand-alone", "vite", ["routes", "islands", "components", "server", "domain", "tooling"]),
    {
      name: "islands-run-without-the-router",
      severity: "error",
      comment:
        "An island's script runs in the browser where React Router is not: take it from props or window.location (docs/islands.md).",
      from: { path: layer.islands },
      to: { path: "(^|/)node_modules/(react-router|@react-router)/", reachable: true },
    },
    {
      name: "islands-reach-no-server-module",
      severity: "error",
      comment: "An island's script is sent to every visitor: nothing of the server's goes in it (docs/islands.md).",
      from: { path: layer.islands },
      to: { path: "\\.server\\.tsx?$", reachable: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Everything in the repository but what is built, generated or run against (the bench's stock template).
    exclude: {
      path: "^(build|build-[^/]*|data|test-results|playwright-report|\\.react-router)/|^bench/(results|reference)/",
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".cjs", ".json"] },
  },
};

// The layer rules of docs/architecture.md, checked by `npm run lint` over every source folder: no import cycles
// anywhere, and each layer imports only the layers below it:
//   the site:  routes and islands → components → server (app/server) → domain; the HTTP layer (http/) and the
//              terminal commands (commands/) beside each other over the server layer, meeting only in the server
//              bundle's entry (http/bundle.ts);
//   around it: server.js, scripts/, bench/ and tests/ use the site; the site never uses them, and only they
//              use scripts/; vite/ (build plugins) stands alone.
// Island code, everything an island's script reaches, runs in the browser without the router: no React Router and
// no `.server` module (docs/islands.md). Tests are exempt from the layer rules (they may reach any layer), but not
// from the cycle and island rules.
const test = "(\\.test\\.tsx?$|/testing/|test-databases|test-people)";
const layer = {
  routes: "^app/(routes/|routes(-public|-console)?\\.ts$|root\\.tsx$|entry\\.server\\.tsx$)",
  islands: "^app/islands/",
  components: "^app/components/",
  server: "^app/server/",
  domain: "^app/domain/",
  http: "^http/",
  commands: "^commands/",
  // What runs the site or checks it from outside: the start script, the scripts, the bench, the test suites and
  // the tools' configurations at the top.
  tooling: "^(server\\.js$|scripts/|bench/|tests/|[^/]+\\.config\\.[cm]?[jt]s$)",
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
    below("domain-is-the-bottom", "domain", [
      "routes",
      "islands",
      "components",
      "server",
      "http",
      "commands",
      "tooling",
      "vite",
    ]),
    below("server-below-the-page", "server", [
      "routes",
      "islands",
      "components",
      "http",
      "commands",
      "tooling",
      "vite",
    ]),
    // The server bundle's entry (http/bundle.ts) is the one place the HTTP layer and the commands meet.
    {
      ...below("http-beside-commands", "http", ["commands", "tooling", "vite"]),
      from: { path: layer.http, pathNot: `${test}|^http/bundle\\.ts$` },
    },
    below("commands-beside-http", "commands", ["http", "tooling", "vite"]),
    {
      name: "scripts-are-the-top",
      severity: "error",
      comment:
        "scripts/ start the site (server.js) and the commands: only the bench, tests and tool configurations use them as well",
      from: { pathNot: `^(scripts|bench|tests)/|^[^/]+\\.config\\.[cm]?[jt]s$|${test}` },
      to: { path: "^scripts/" },
    },
    below("components-below-routes", "components", ["routes", "islands", "http", "commands", "tooling", "vite"]),
    // An island's script is an entry of its own, loaded by the page: a route renders its component instead.
    below("routes-do-not-import-islands", "routes", ["islands", "http", "commands", "tooling", "vite"]),
    below("islands-are-not-routes", "islands", ["routes", "http", "commands", "tooling", "vite"]),
    below("build-plugins-stand-alone", "vite", [
      "routes",
      "islands",
      "components",
      "server",
      "domain",
      "http",
      "commands",
      "tooling",
    ]),
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

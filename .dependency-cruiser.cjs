// The layer rules of docs/architecture.md, checked by `npm run lint`: no import cycles, and each layer imports
// only the layers below it (routes and islands → components → server → domain; the HTTP layer and the terminal
// commands beside each other over the server layer; the process entries, server.js and scripts/, on top). Tests
// are exempt.
const test = "(\\.test\\.tsx?$|/testing/|test-databases|test-people)";
const layer = {
  routes: "^app/(routes/|routes(-public|-console)?\\.ts$|root\\.tsx$|entry\\.server\\.tsx$)",
  islands: "^app/islands/",
  components: "^app/components/",
  server: "^app/server/",
  domain: "^app/domain/",
  http: "^http/",
  commands: "^commands/",
  entries: "^(server\\.js$|scripts/)",
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
      "entries",
    ]),
    below("server-below-the-page", "server", ["routes", "islands", "components", "http", "commands", "entries"]),
    // The server bundle's entry (http/bundle.ts) is the one place the HTTP layer and the commands meet.
    {
      ...below("http-beside-commands", "http", ["commands", "entries"]),
      from: { path: layer.http, pathNot: `${test}|^http/bundle\\.ts$` },
    },
    below("commands-beside-http", "commands", ["http", "entries"]),
    {
      name: "scripts-are-the-top",
      severity: "error",
      comment: "scripts/ start the site (server.js) and the commands: nothing else imports them (docs/architecture.md)",
      from: { pathNot: `^scripts/|${test}` },
      to: { path: "^scripts/" },
    },
    below("routes-import-no-entry", "routes", ["entries", "http", "commands"]),
    below("components-import-no-entry", "components", ["entries", "http", "commands"]),
    below("components-below-routes", "components", ["routes", "islands"]),
    // An island's script is an entry of its own, loaded by the page: a route renders its component instead.
    below("routes-do-not-import-islands", "routes", ["islands"]),
    below("islands-are-not-routes", "islands", ["routes"]),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|build-[^/]*|node_modules|\\.react-router)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".cjs", ".json"] },
  },
};

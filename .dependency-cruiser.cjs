// The layer rules of docs/architecture.md, checked by `npm run lint`: no import cycles, and each layer imports
// only the layers below it (routes and islands → components → server → domain). Tests are exempt.
const test = "(\\.test\\.tsx?$|/testing/|test-databases|test-people)";
const layer = {
  routes: "^app/(routes/|routes\\.ts$|root\\.tsx$|entry\\.server\\.tsx$)",
  islands: "^app/islands/",
  components: "^app/components/",
  server: "^(app/server/|server/)",
  domain: "^app/domain/",
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
    below("domain-is-the-bottom", "domain", ["routes", "islands", "components", "server"]),
    below("server-below-the-page", "server", ["routes", "islands", "components"]),
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

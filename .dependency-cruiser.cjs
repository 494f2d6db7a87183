// The layer rules of docs/architecture.md, checked by `npm run lint`: no import cycles, and each layer imports
// only the layers below it (routes → components → enhance → server → domain). Tests are exempt.
const test = "(\\.test\\.tsx?$|/testing/|test-databases|test-people)";
const layer = {
  routes: "^app/(routes/|routes\\.ts$|root\\.tsx$|entry\\.server\\.tsx$)",
  components: "^app/components/",
  enhance: "^app/enhance/",
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
    below("domain-is-the-bottom", "domain", ["routes", "components", "enhance", "server"]),
    below("server-below-the-page", "server", ["routes", "components", "enhance"]),
    below("enhance-below-components", "enhance", ["routes", "components"]),
    below("components-below-routes", "components", ["routes"]),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|build-[^/]*|node_modules|\\.react-router)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".cjs", ".json"] },
  },
};

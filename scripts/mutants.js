// Hand mutants, run on demand: `npm run test:mutants -- [--check] [--only WORDS] [--suite unit|browser]`.
//
// Each mutant is a one-line change to the permission table, the sign-in gate or pricing that a test must
// catch. One at a time: the line is changed in the source, only the tests named for it are run, and the file
// is put back whatever happens. A mutant the tests pass with has survived: the run says so and fails.
// `--check` only checks that every mutant's line is still in its file, once (run it in the unit tests'
// stead after editing one of these files; the mutants follow the code by their text, not by line numbers).
//
// "unit" mutants run the named Vitest files (with TEST_DATABASE_URL, if set, as the data tests use it).
// "browser" mutants are caught over HTTP by the permission matrix: the site is built into BUILD_DIR
// (build-mutants unless set) with the mutant in place, then the Playwright spec runs against it, after one
// run of it without a mutant. About a minute each on a small machine. docs/testing.md has the last score.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildSite } from "./build.js";

const root = path.resolve(import.meta.dirname, "..");

/** @typedef {{ name: string, file: string, find: string, replace: string, suite: "unit" | "browser", tests: string[] }} Mutant */

const permissionMatrix = ["tests/e2e/permissions-matrix.spec.ts"];
const signInTests = [
  "app/server/staff/recent-sign-in.server.test.ts",
  "app/server/staff/staff.server.test.ts",
  "app/server/staff/sign-in-codes.server.test.ts",
];
const pricingTests = [
  "app/domain/pricing.test.ts",
  "app/domain/quote-amounts.test.ts",
  "app/domain/level-changes.test.ts",
];

/** @type {Mutant[]} */
const MUTANTS = [
  // The permission table and the route table (decision 109).
  {
    name: "a manager gets privacy.manage",
    file: "app/domain/staff/access.ts",
    find: 'const OWNER_ONLY: readonly Permission[] = ["audit.view", "staff.manage", "settings.manage", "privacy.manage"];',
    replace: 'const OWNER_ONLY: readonly Permission[] = ["audit.view", "staff.manage", "settings.manage"];',
    suite: "browser",
    tests: permissionMatrix,
  },
  {
    name: "the privacy export open to any staff",
    file: "app/domain/staff/routes.ts",
    find: '    may("privacy.manage", ["json", "csv"], ["json", "csv"]),',
    replace: '    may("console.use", ["json", "csv"], ["json", "csv"]),',
    suite: "browser",
    tests: permissionMatrix,
  },
  {
    name: "no recent sign-in before an erasure",
    file: "app/domain/staff/routes.ts",
    find: '      ["find", "erase", "retention"],\n    ),\n    fresh: true,',
    replace: '      ["find", "retention"],\n    ),\n    fresh: true,',
    suite: "browser",
    tests: permissionMatrix,
  },
  {
    name: "the front desk imports bookings",
    file: "app/domain/staff/access.ts",
    find: '    "leads.update",\n    "bookings.review",',
    replace: '    "leads.update",\n    "bookings.review", "bookings.import",',
    suite: "browser",
    tests: permissionMatrix,
  },
  {
    name: "the front desk sets the webhook secret",
    file: "app/domain/staff/routes.ts",
    find: '    ...may("bookings.import", ["columns", "import", "undo-import", "secret"], ["undo-import", "secret"]),',
    replace:
      '    ...may("bookings.import", ["columns", "import", "undo-import"], ["undo-import"]), ...may("bookings.review", ["secret"], ["secret"]),',
    suite: "browser",
    tests: permissionMatrix,
  },
  {
    name: "the front desk resends messages",
    file: "app/domain/staff/routes.ts",
    find: 'may("messages.resend", ["resend"])',
    replace: 'may("leads.update", ["resend"])',
    suite: "browser",
    tests: permissionMatrix,
  },
  {
    name: "a page's permission goes unchecked",
    file: "app/server/staff/auth.server.ts",
    find: "  if (!staff.can(access)) throw data({ error: FORBIDDEN_MESSAGE }, { status: 403 });",
    replace: "  // permission not checked",
    suite: "browser",
    tests: permissionMatrix,
  },
  // The salon scope: a member of staff of one salon sees and changes only that salon's records.
  {
    name: "a one-salon account sees every salon",
    file: "app/domain/staff/access.ts",
    find: '  return role === "owner" || salonIds === null ? "all" : salonIds;',
    replace: '  return "all";',
    suite: "browser",
    tests: permissionMatrix,
  },
  {
    name: "a record of another salon counts as in scope",
    file: "app/domain/staff/access.ts",
    find: '  return scope === "all" || scope.includes(salonId);',
    replace: "  return true;",
    suite: "unit",
    // Where a record's salon is checked in code rather than in a query: the digest's readers.
    tests: ["app/server/staff/staff.server.test.ts"],
  },

  // The sign-in gate: which session signs someone in, what counts as recent, what a code proves.
  {
    name: "an idle session still signs in",
    file: "app/server/staff/session.server.ts",
    find: "  if (now - row.lastSeenAt.getTime() > IDLE_MINUTES * 60_000) return null;",
    replace: "",
    suite: "unit",
    tests: signInTests,
  },
  {
    name: "a session older than 30 days still signs in",
    file: "app/server/staff/session.server.ts",
    find: "  if (now - row.createdAt.getTime() > SESSION_DAYS * 86_400_000) return null;",
    replace: "",
    suite: "unit",
    tests: signInTests,
  },
  {
    name: "a signed-out session still signs in",
    file: "app/server/staff/session.server.ts",
    find: "and(eq(staffSessions.tokenHash, hashToken(token)), isNull(staffSessions.revokedAt), eq(staffUsers.active, true)),",
    replace: "and(eq(staffSessions.tokenHash, hashToken(token)), eq(staffUsers.active, true)),",
    suite: "unit",
    tests: signInTests,
  },
  {
    name: "a deactivated account's session still signs in",
    file: "app/server/staff/session.server.ts",
    find: "and(eq(staffSessions.tokenHash, hashToken(token)), isNull(staffSessions.revokedAt), eq(staffUsers.active, true)),",
    replace: "and(eq(staffSessions.tokenHash, hashToken(token)), isNull(staffSessions.revokedAt)),",
    suite: "unit",
    tests: signInTests,
  },
  {
    name: "a sign-in an hour old counts as recent",
    file: "app/server/staff/auth.server.ts",
    find: "  now().getTime() - staff.signedInAt.getTime() <= FRESH_MINUTES * 60_000;",
    replace: "  now().getTime() - staff.signedInAt.getTime() <= FRESH_MINUTES * 6 * 60_000;",
    suite: "unit",
    tests: signInTests,
  },
  {
    name: "a sign-in code works twice",
    file: "app/server/staff/accounts.server.ts",
    find: "    await tx.update(staffTokens).set({ usedAt: new Date() }).where(eq(staffTokens.id, proof.id));",
    replace: "",
    suite: "unit",
    tests: signInTests,
  },
  {
    name: "wrong guesses never use a code up",
    file: "app/server/staff/accounts.server.ts",
    find: "    if (proof.attempts >= CODE_ATTEMPTS) return { ok: false as const, error: WRONG_CODE_MESSAGE };",
    replace: "",
    suite: "unit",
    tests: signInTests,
  },
  {
    name: "a code works without the attempt it was asked for in",
    file: "app/server/staff/accounts.server.ts",
    find: "    if (!proof?.codeHash || !proof.attemptHash || !sameHash(proof.attemptHash, hashToken(asked.secret)))",
    replace: "    if (!proof?.codeHash)",
    suite: "unit",
    tests: signInTests,
  },
  {
    name: "an expired code still works",
    file: "app/server/staff/accounts.server.ts",
    find: '          eq(staffTokens.purpose, "sign-in"),\n          isNull(staffTokens.usedAt),\n          gt(staffTokens.expiresAt, sql`now()`),',
    replace: '          eq(staffTokens.purpose, "sign-in"),\n          isNull(staffTokens.usedAt),',
    suite: "unit",
    tests: signInTests,
  },

  // Pricing (decisions 007, 080, 081).
  {
    name: "colour charged without its product",
    file: "app/domain/pricing.ts",
    find: "    case Cat1.ColourAddOn:\n      return { adjusted: true, withProduct: true };",
    replace: "    case Cat1.ColourAddOn:\n      return { adjusted: true, withProduct: false };",
    suite: "unit",
    tests: pricingTests,
  },
  {
    name: "a men's cut charged product",
    file: "app/domain/pricing.ts",
    find: "      return { adjusted: true, withProduct: service.cat2 === MensCat.Colour };",
    replace: "      return { adjusted: true, withProduct: true };",
    suite: "unit",
    tests: pricingTests,
  },
  {
    name: "treatments priced by level",
    file: "app/domain/pricing.ts",
    find: "      return { adjusted: false, withProduct: false };",
    replace: "      return { adjusted: true, withProduct: false };",
    suite: "unit",
    tests: pricingTests,
  },
  {
    name: "a level's change may take labour below £0",
    file: "app/domain/pricing.ts",
    find: "    if (numerator < 0n) numerator = 0n;",
    replace: "",
    suite: "unit",
    tests: pricingTests,
  },
  {
    name: "a level's change by an amount added unscaled",
    file: "app/domain/pricing.ts",
    find: '    if (change.by === "amount") numerator += step * denominator;',
    replace: '    if (change.by === "amount") numerator += step;',
    suite: "unit",
    tests: pricingTests,
  },
  {
    name: "product added unscaled to the exact labour",
    file: "app/domain/pricing.ts",
    find: "  const numerator = labour.numerator + product * labour.denominator;",
    replace: "  const numerator = labour.numerator + product;",
    suite: "unit",
    tests: pricingTests,
  },
  {
    name: "a line rounded down, not to the nearest step",
    file: "app/domain/price-rounding.ts",
    find: "  const scaled = 2n * numerator + step * denominator;",
    replace: "  const scaled = 2n * numerator;",
    suite: "unit",
    tests: pricingTests,
  },
  {
    name: "the 50p rule rounds to 10p",
    file: "app/domain/price-rounding.ts",
    find: 'const STEP_PENCE: Readonly<Record<PriceRounding, number>> = { pound: 100, "50p": 50, exact: 1 };',
    replace: 'const STEP_PENCE: Readonly<Record<PriceRounding, number>> = { pound: 100, "50p": 10, exact: 1 };',
    suite: "unit",
    tests: pricingTests,
  },
  {
    name: "the total is not the sum of its lines",
    file: "app/domain/pricing.ts",
    find: "  const totalPence = lines.reduce((sum, line) => sum + line.pricePence, 0);",
    replace: "  const totalPence = lines.reduce((sum, line) => sum + line.pricePence, lines.length > 1 ? 1 : 0);",
    suite: "unit",
    tests: pricingTests,
  },
  {
    name: "a service offered one level below its minimum",
    file: "app/domain/pricing.ts",
    find: "  return levelId >= service.minLevel;",
    replace: "  return levelId >= service.minLevel - 1;",
    suite: "unit",
    tests: pricingTests,
  },
];

/** @param {string} flag */
const option = (flag) => {
  const at = process.argv.indexOf(flag);
  return at === -1 ? undefined : process.argv[at + 1];
};
const only = option("--only");
const suite = option("--suite");
const chosen = MUTANTS.filter((m) => (!only || m.name.includes(only)) && (!suite || m.suite === suite));

/** The file's text with the mutant applied; throws when its line is not there exactly once. */
function mutated(/** @type {Mutant} */ mutant) {
  const text = readFileSync(path.join(root, mutant.file), "utf8");
  const count = text.split(mutant.find).length - 1;
  if (count !== 1)
    throw new Error(`"${mutant.name}": its line is in ${mutant.file} ${count} times, not once: update the mutant`);
  return { original: text, changed: text.replace(mutant.find, () => mutant.replace) };
}

if (process.argv.includes("--check")) {
  for (const mutant of MUTANTS) mutated(mutant);
  console.log(`${MUTANTS.length} mutants, each line found once.`);
  process.exit(0);
}

process.env.BUILD_DIR ??= "build-mutants";
const env = { ...process.env };
/** @param {string[]} args */
const run = (args) => spawnSync(process.execPath, args, { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] });

// Each set of tests passes on the code as it is, or a failure would be counted as a mutant caught.
for (const tests of new Set(chosen.filter((m) => m.suite === "unit").map((m) => m.tests))) {
  if (run(["node_modules/vitest/vitest.mjs", "run", ...tests]).status !== 0)
    throw new Error(`${tests.join(" ")} fail without a mutant: fix them first`);
}

for (const tests of new Set(chosen.filter((m) => m.suite === "browser").map((m) => m.tests))) {
  if (buildSite({ quiet: true }).status !== 0) throw new Error("the build fails without a mutant: fix it first");
  if (run(["node_modules/@playwright/test/cli.js", "test", ...tests, "--workers=1"]).status !== 0)
    throw new Error(`${tests.join(" ")} fail without a mutant: fix them first`);
}

/** @type {Array<{ name: string, result: string }>} */
const results = [];
for (const mutant of chosen) {
  const { original, changed } = mutated(mutant);
  const file = path.join(root, mutant.file);
  const restore = () => writeFileSync(file, original);
  process.once("SIGINT", restore);
  writeFileSync(file, changed);
  let status;
  try {
    if (mutant.suite === "browser") {
      // Both parts, as `npm run build` makes them: the console's routes are where these mutants bite.
      const build = buildSite({ quiet: true });
      if (build.status !== 0) throw new Error(`the build failed with "${mutant.name}" in place:\n${build.output}`);
      status = run(["node_modules/@playwright/test/cli.js", "test", ...mutant.tests, "--workers=1"]).status;
    } else status = run(["node_modules/vitest/vitest.mjs", "run", ...mutant.tests]).status;
  } finally {
    restore();
    process.off("SIGINT", restore);
  }
  const result = status === 0 ? "SURVIVED" : "caught";
  results.push({ name: mutant.name, result });
  console.log(`${result.padEnd(8)} ${mutant.name}`);
}
const caught = results.filter((r) => r.result === "caught").length;
console.log(`\n${caught} of ${results.length} mutants caught.`);
process.exit(caught === results.length ? 0 : 1);

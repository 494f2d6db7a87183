import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseSettings, SettingsError, settingsSchema } from "./config.server";

/** The table docs/settings.md must hold: one row per setting, in the schema's order. */
function settingsTable(): string {
  const rows = Object.entries(settingsSchema.shape).map(([name, schema]) => {
    const def = schema.def as { type: string; defaultValue?: unknown };
    const shown = def.type === "default" ? `\`${String(def.defaultValue)}\`` : "(unset)";
    return `| \`${name}\` | ${shown} | ${schema.description ?? ""} |`;
  });
  return ["| Variable | Default | What it does |", "| --- | --- | --- |", ...rows].join("\n");
}

const normalise = (table: string) =>
  table
    .trim()
    .split("\n")
    .map((line) =>
      line
        .split("|")
        .map((cell) => cell.trim())
        .map((cell) => (/^-+$/.test(cell) ? "---" : cell))
        .join("|"),
    );

describe("settings", () => {
  it("every setting has a one-line description", () => {
    for (const [name, schema] of Object.entries(settingsSchema.shape)) {
      expect(schema.description, name).toMatch(/^[^\n|]{10,}$/);
    }
  });

  it("docs/settings.md lists exactly the schema's settings, defaults and descriptions", () => {
    const doc = readFileSync(new URL("../../docs/settings.md", import.meta.url), "utf8");
    const table = doc.slice(doc.indexOf("| Variable"), doc.indexOf("\n\n", doc.indexOf("| Variable")));
    // On a difference, paste the expected table (printed below) into docs/settings.md.
    expect(normalise(table), settingsTable()).toEqual(normalise(settingsTable()));
  });

  it("refuses a bad value in one line naming the variable", () => {
    const bad = () => parseSettings({ MAX_CONNECTIONS: "abc" });
    expect(bad).toThrow(SettingsError);
    expect(bad).toThrow(/^MAX_CONNECTIONS="abc" is not valid: expected a number \(docs\/settings\.md/);
    try {
      bad();
    } catch (error) {
      expect(String((error as Error).message)).not.toContain("\n");
    }
    expect(() => parseSettings({ PORT: "70000", RATE_LIMITS: "maybe" })).toThrow(
      /^PORT="70000" is not valid: expected a port number; RATE_LIMITS="maybe" is not valid: expected "on" or "off"/,
    );
  });

  it("fills defaults, takes an empty value as unset, and links to the port without PUBLIC_URL", () => {
    const settings = parseSettings({ PORT: "4321", DATABASE_URL: "", MAX_CONNECTIONS: "64" });
    expect(settings).toMatchObject({
      PORT: 4321,
      MAX_CONNECTIONS: 64,
      REQUEST_TIMEOUT_MS: 15_000,
      PUBLIC_URL: "http://localhost:4321",
      publicUrlFromPort: true,
    });
    expect(settings.DATABASE_URL).toBeUndefined();
    expect(parseSettings({ PORT: "4321", PUBLIC_URL: "https://maisonivy.example" })).toMatchObject({
      PUBLIC_URL: "https://maisonivy.example",
      publicUrlFromPort: false,
    });
  });

  it("budgets connections awaiting headers at half the cap unless told, and below the cap", () => {
    expect(parseSettings({}).MAX_UNFINISHED_HEADERS).toBe(250);
    expect(parseSettings({ MAX_CONNECTIONS: "51" }).MAX_UNFINISHED_HEADERS).toBe(26);
    expect(parseSettings({ MAX_UNFINISHED_HEADERS: "100" }).MAX_UNFINISHED_HEADERS).toBe(100);
    expect(() => parseSettings({ MAX_CONNECTIONS: "50", MAX_UNFINISHED_HEADERS: "50" })).toThrow(
      /^MAX_UNFINISHED_HEADERS="50" is not valid: expected less than MAX_CONNECTIONS \(50\)/,
    );
  });
});

/**
 * docs/decisions/README.md is the index of the decision records: every
 * record is listed there with the status its own file states, and each
 * status is one of the forms the index explains, linking forward to records
 * that exist. A record added without its row, or a status changed in one
 * place only, fails here.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const dir = path.resolve(import.meta.dirname, "../docs/decisions");
const records = readdirSync(dir).filter((file) => file !== "README.md");

const link = String.raw`\[\d{3}\]\(\d{3}-[a-z0-9-]+\.md\)`;
const links = `${link}(?:, ${link})*`;
/** Accepted; amended by …, partly superseded by … (and amended by …), or superseded by …. */
const statusForm = new RegExp(
  `^(?:Accepted(?:; amended by ${links})?|Partly superseded by ${links}(?:; amended by ${links})?|Superseded by ${links})$`,
);

/** The text after "Status: " on the record's own line for it. */
function statusOf(file: string): string[] {
  const text = readFileSync(path.join(dir, file), "utf8");
  return [...text.matchAll(/^Status: (.*)$/gm)].map((m) => m[1]?.trim() ?? "");
}

/** The index's rows: the record's file (from its number's link) and the status cell. */
function indexRows(): Map<string, string> {
  const rows = new Map<string, string>();
  for (const line of readFileSync(path.join(dir, "README.md"), "utf8").split("\n")) {
    const cells = line.split("|").map((cell) => cell.trim());
    const file = /^\[\d{3}\]\((\d{3}-[a-z0-9-]+\.md)\)$/.exec(cells[1] ?? "")?.[1];
    if (!file) continue;
    expect(rows.has(file), `${file} is listed twice`).toBe(false);
    rows.set(file, cells[3] ?? "");
  }
  return rows;
}

describe("the decision records' index", () => {
  it("names every record by its number and a short name", () => {
    for (const file of records) expect(file).toMatch(/^\d{3}-[a-z0-9-]+\.md$/);
    expect(new Set(records.map((file) => file.slice(0, 3))).size).toBe(records.length);
  });

  it("gives every record one status line, in one of the index's forms, linking to records that exist", () => {
    for (const file of records) {
      const statuses = statusOf(file);
      expect(statuses, file).toHaveLength(1);
      const [status = ""] = statuses;
      expect(status, file).toMatch(statusForm);
      for (const [, target] of status.matchAll(/\]\(([^)]+)\)/g))
        expect(existsSync(path.join(dir, target ?? "")), `${file} links to ${target}`).toBe(true);
    }
  });

  it("lists every record with the status its own file states, and nothing else", () => {
    const rows = indexRows();
    for (const file of records) {
      expect(rows.has(file), `${file} is missing from docs/decisions/README.md`).toBe(true);
      expect(rows.get(file), file).toBe(statusOf(file)[0]);
    }
    expect([...rows.keys()].filter((file) => !records.includes(file))).toEqual([]);
  });
});

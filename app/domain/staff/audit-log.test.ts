import { describe, expect, it } from "vitest";
import {
  AUDIT_ACTIONS,
  AUDIT_SUBJECT_LABELS,
  AUDIT_SUBJECTS,
  type AuditRowForWords,
  auditSentence,
  auditSubjectPage,
  SCHEDULED_JOBS,
  sentenceText,
  VIEW_ACTIONS,
} from "./audit-log";
import { RECORD_KINDS } from "./records";
import { EXPORT_LISTS, STAFF_ROUTES, staffPath } from "./routes";

const fran = { name: "Fran Owner", href: "/staff/team#staff-1" };
const amelia = { type: "quote", id: "12", name: "Amelia Hart", href: "/staff/leads/12", state: "live" } as const;
const row = (action: string, subject: AuditRowForWords["subject"] = null, summary = ""): AuditRowForWords => ({
  action,
  actor: fran,
  subject,
  summary,
});
const text = (r: AuditRowForWords) => sentenceText(auditSentence(r));

/** A subject of the kind each action is written with, for the sweep below. */
function subjectFor(action: string): AuditRowForWords["subject"] {
  const [prefix] = action.split(".") as [string];
  if ((RECORD_KINDS as readonly string[]).includes(prefix))
    return { type: prefix, id: "7", name: "Amelia Hart", href: "/x", state: "live" };
  if (prefix.startsWith("staff") || prefix === "session" || prefix === "passkey")
    return { type: "staff", id: "3", name: "Jo Stylist", href: "/staff/team#staff-3", state: "live" };
  if (prefix === "team") return { type: "stylist", id: "4", name: "Sam Cutter", href: "/y", state: "live" };
  if (prefix === "privacy") return { type: "rights-request", id: "9", state: "live" };
  return { type: prefix, id: "5", name: "Something", href: "/z", state: "live" };
}

describe("the audit log in words", () => {
  it("says what staff did to whom, in plain words, with links to the person and the record", () => {
    expect(auditSentence(row("quote.status", amelia, "Booked"))).toEqual([
      { text: "Fran Owner", href: "/staff/team#staff-1" },
      " changed ",
      { text: "Amelia Hart’s quote", href: "/staff/leads/12" },
      " to Booked",
    ]);
    expect(text(row("quote.view", amelia))).toBe("Fran Owner viewed Amelia Hart’s quote");
    expect(text(row("quote.note", amelia, "Rang back"))).toBe("Fran Owner added a note to Amelia Hart’s quote");
    expect(text({ ...row("session.sign-in"), actor: { name: "Sam" } })).toBe("Sam signed in");
    const jo = { type: "staff", id: "3", name: "Jo", href: "/staff/team#staff-3", state: "live" } as const;
    expect(text(row("staff.invite", jo, "Invited jo@example.com as Manager"))).toBe("Fran Owner invited Jo as manager");
    expect(text(row("staff.invite", jo, "Invited jo@example.com as Front desk"))).toBe(
      "Fran Owner invited Jo as front desk",
    );
    expect(text(row("staff.role", jo, "Owner"))).toBe("Fran Owner changed Jo’s role to owner");
    expect(text(row("privacy.erase", { type: "rights-request", id: "4", state: "live" }, '{"quote":2}'))).toBe(
      "Fran Owner erased a person’s details (request 4)",
    );
    expect(text({ ...row("scheduled.retention"), actor: null })).toBe(
      "The site erased what had reached the end of its keeping period",
    );
    expect(text({ ...row("staff.setup", { ...jo, name: "Fran Owner" }), actor: null })).toBe(
      "Someone with the setup link set up the first owner account, for Fran Owner",
    );
    expect(text(row("export.leads", { type: "list", id: "leads", state: "live" }))).toBe(
      "Fran Owner downloaded the quotes as a spreadsheet",
    );
  });

  it("never names an erased person, and links no record erased or deleted since", () => {
    const erased = auditSentence(row("quote.status", { type: "quote", id: "12", state: "erased" }, "Booked"));
    expect(sentenceText(erased)).toBe("Fran Owner changed an erased client’s quote to Booked");
    expect(erased.filter((part) => typeof part !== "string" && part.href).length).toBe(1); // only Fran
    const deleted = auditSentence(row("job.view", { type: "job", id: "8", state: "deleted" }));
    expect(sentenceText(deleted)).toBe("Fran Owner viewed a job application since deleted (number 8)");
    expect(deleted.filter((part) => typeof part !== "string" && part.href).length).toBe(1);
    expect(text(row("offer.update", { type: "offer", id: "2", state: "deleted" }))).toBe(
      "Fran Owner changed an offer since deleted",
    );
  });

  it("has words for every action the code audits, none of them the action's own name", () => {
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
    for (const action of AUDIT_ACTIONS) {
      const words = text(row(action, subjectFor(action), "Booked"));
      expect(words, action).toMatch(/^Fran Owner [a-z]/);
      expect(words, action).not.toContain(action);
      expect(words, action).not.toMatch(/undefined|null|did “|\[object/);
    }
    // The record kinds, the downloads and the scheduler's jobs each have every action they are audited under.
    for (const kind of RECORD_KINDS)
      for (const verb of ["list", "view", "status", "note"]) expect(AUDIT_ACTIONS).toContain(`${kind}.${verb}`);
    for (const list of EXPORT_LISTS) expect(AUDIT_ACTIONS).toContain(`export.${list}`);
    for (const job of SCHEDULED_JOBS) expect(AUDIT_ACTIONS).toContain(`scheduled.${job}`);
    for (const view of VIEW_ACTIONS) expect(AUDIT_ACTIONS).toContain(view);
  });

  it("reads a name an older version of the site wrote as it is, rather than failing", () => {
    expect(text(row("quote.archive", amelia))).toBe("Fran Owner did “quote.archive” to quote 12");
  });

  it("links each kind of record to its own console page", () => {
    expect(auditSubjectPage("quote", "12")).toEqual({ key: "lead", href: "/staff/leads/12" });
    expect(auditSubjectPage("staff", "3")).toEqual({ key: "team", href: "/staff/team#staff-3" });
    expect(auditSubjectPage("rights-request", "3")).toBeUndefined();
    for (const type of AUDIT_SUBJECTS) {
      expect(AUDIT_SUBJECT_LABELS[type]).toBeTruthy();
      const page = auditSubjectPage(type, "5");
      if (page) expect(page.href.startsWith(staffPath(STAFF_ROUTES[page.key].path.split("/:")[0] ?? ""))).toBe(true);
    }
  });
});

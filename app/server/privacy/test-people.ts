/**
 * Tests only: people who use the site's forms, through the same functions the
 * pages call, and a way to make what they left look older than it is.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../db.server";
import { saveQuote } from "../queries/quotes.server";
import { submitFeedback, submitJobApplication, submitModelApplication } from "../submissions.server";

export interface Person {
  name: string;
  mobile: string;
  email: string;
}

/** A colour quote every level can carry out: the services are priced by the server, as always. */
const COLOUR_QUOTE = { type: "colour", level: 6, colour: 11, addon: 35, plex: 51, finish: 2, finishAddon: 49 };

/** Each submission from its own documentation address, so no test runs into a rate limit. */
let visitors = 0;
const nextVisitor = () => `198.51.100.${++visitors % 250}`;

const ok = <T extends { ok: boolean }>(outcome: T, what: string): Extract<T, { ok: true }> => {
  if (!outcome.ok) throw new Error(`${what} was refused: ${JSON.stringify(outcome)}`);
  return outcome as Extract<T, { ok: true }>;
};

export async function savesQuote(db: Database, person: Person, extra: Record<string, unknown> = {}) {
  const saved = ok(
    await saveQuote(db, { ...person, referral: "Google", regular: "no", ...COLOUR_QUOTE, ...extra }),
    "The quote",
  );
  const found = await db.execute<{ id: number }>(sql`select id from quotes where link = ${saved.link}`);
  return Number(found.rows[0]?.id);
}

export async function appliesForJob(db: Database, person: Person) {
  const outcome = ok(
    await submitJobApplication(
      db,
      {
        ...person,
        position: "3 - 5 years",
        about: `I am ${person.name}, six years behind the chair.`,
        why_hair: "I love it.",
        why_us: "Your academy.",
        role: "Stylist",
      },
      { clientIp: nextVisitor() },
    ),
    "The job application",
  );
  return outcome.id;
}

export async function offersToModel(db: Database, person: Person) {
  const outcome = ok(
    await submitModelApplication(
      db,
      { name: person.name, mobile: person.mobile, info: "Long, dark, never coloured." },
      { clientIp: nextVisitor() },
    ),
    "The model application",
  );
  return outcome.id;
}

export async function givesFeedback(db: Database, person: Person, extra: Record<string, unknown> = {}) {
  const ratings = Object.fromEntries(
    ["intro", "consultation", "cleanliness", "appearance", "products", "styling", "value", "experience", "result"].map(
      (field) => [field, "4"],
    ),
  );
  const outcome = ok(
    await submitFeedback(
      db,
      { name: person.name, mobile: person.mobile, ...ratings, return: "I moved away.", repeat: "Maybe", ...extra },
      { clientIp: nextVisitor() },
    ),
    "The feedback",
  );
  return outcome.id;
}

/** Moves a row's creation time into the past (the clock under test is the retention pass's, not the database's). */
export async function madeAt(
  db: Database,
  table: "quotes" | "job_applications" | "model_applications" | "feedback",
  id: number,
  at: Date,
) {
  await db.execute(sql`update ${sql.identifier(table)} set created_at = ${at.toISOString()} where id = ${id}`);
}

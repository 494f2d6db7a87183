/** The console's salons screen: each salon's details and opening hours, saved by version. */
import { asc, eq } from "drizzle-orm";
import { salonSchema } from "~/domain/salon-info";
import type { Database } from "../db.server";
import { salons } from "../schema.server";
import type { StaffContext } from "./auth.server";
import { parseEdit, type Refusal, refuse, saveVersioned } from "./content.server";

/** Read fresh, not from the public pages' cache. */
export function salonsForConsole(db: Database) {
  return db.select().from(salons).orderBy(asc(salons.id));
}

export async function saveSalon(
  db: Database,
  staff: StaffContext,
  input: Readonly<Record<string, string | undefined>>,
): Promise<Refusal | null> {
  const id = Number(input.id);
  if (!Number.isSafeInteger(id)) return refuse(400, { error: "Which salon? Reload the page and try again." });
  const parsed = parseEdit(salonSchema, input);
  if (!parsed.ok) return parsed.refusal;
  return saveVersioned(db, staff, input, {
    table: salons,
    where: eq(salons.id, id),
    values: parsed.value,
    audit: { action: "salon.update", subject: { type: "salon", id }, summary: `Saved ${parsed.value.name}` },
    missing: "This salon is no longer there.",
  });
}

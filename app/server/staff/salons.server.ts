/** The console's salons screen: each salon's details and opening hours, saved by version. */
import { asc, eq } from "drizzle-orm";
import { salonSchema } from "~/domain/salon-info";
import type { Database } from "../db.server";
import type { UploadedFile } from "../multipart.server";
import { refusedDestination } from "../outbound.server";
import { selectWithPicture, withPictures } from "../queries/content.server";
import { salonAlerts, salons } from "../schema.server";
import type { StaffContext } from "./auth.server";
import { parseEdit, pictureChange, type Refusal, refuse, saveVersioned } from "./content.server";

/**
 * Read fresh, not from the public pages' cache, with each salon's uploaded photo (null: its illustration)
 * and where its alerts of new leads go (salon_alerts).
 */
export async function salonsForConsole(db: Database) {
  const [rows, alerts] = await Promise.all([
    selectWithPicture(db, salons).orderBy(asc(salons.id)),
    db.select().from(salonAlerts),
  ]);
  return withPictures<typeof salons.$inferSelect>(rows).map((salon) => {
    const alert = alerts.find((a) => a.salonId === salon.id);
    return { ...salon, alertEmail: alert?.email ?? null, alertMobile: alert?.mobile ?? null };
  });
}

/**
 * The salon's form: the shared schema, and a booking link the nightly check may ask (no internal address).
 * Checked here, not in the schema the public pages share, so the address ranges stay out of their scripts.
 */
const salonForm = salonSchema.superRefine((salon, context) => {
  const internal = refusedDestination(salon.bookingUrl);
  if (internal) context.addIssue({ code: "custom", path: ["bookingUrl"], message: internal });
});

export async function saveSalon(
  db: Database,
  staff: StaffContext,
  input: Readonly<Record<string, string | undefined>>,
  files: Readonly<Record<string, UploadedFile>>,
): Promise<Refusal | null> {
  const id = Number(input.id);
  if (!Number.isSafeInteger(id)) return refuse(400, { error: "Which salon? Reload the page and try again." });
  const parsed = parseEdit(salonForm, input);
  if (!parsed.ok) return parsed.refusal;
  const { removePicture, alerts, ...value } = parsed.value;
  const where = eq(salons.id, id);
  const photo = await pictureChange(
    db,
    staff,
    input,
    files,
    { table: salons, column: salons.pictureId, where },
    removePicture,
  );
  if (!photo.ok) return photo.refusal;
  return saveVersioned(db, staff, input, {
    table: salons,
    where,
    values: { ...value, ...photo.values },
    audit: { action: "salon.update", subject: { type: "salon", id }, summary: `Saved ${value.name}${photo.note}` },
    missing: "This salon is no longer there.",
    alongside: async (tx) => {
      await photo.alongside(tx);
      await tx
        .insert(salonAlerts)
        .values({ salonId: id, ...alerts })
        .onConflictDoUpdate({ target: salonAlerts.salonId, set: { ...alerts, updatedAt: new Date() } });
    },
  });
}

/**
 * Where each salon's alert e-mails of new leads go now, in id order: its
 * front desk's address, or null while it has none and they go to the owners
 * (app/server/lead-alerts.server.ts). For the setup page and the console home.
 */
export async function alertDestinations(db: Database): Promise<{ name: string; deskEmail: string | null }[]> {
  return db
    .select({ name: salons.name, deskEmail: salonAlerts.email })
    .from(salons)
    .leftJoin(salonAlerts, eq(salonAlerts.salonId, salons.id))
    .orderBy(asc(salons.id));
}

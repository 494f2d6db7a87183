/** The console's salons screen: each salon's details and opening hours, saved by version. */
import { asc, eq } from "drizzle-orm";
import { salonSchema } from "~/domain/salon-info";
import { inScope, type SalonScope } from "~/domain/staff/access";
import { internationalMobile } from "~/domain/typed-text";
import type { Database } from "../db.server";
import type { UploadedFile } from "../multipart.server";
import { refusedDestination } from "../outbound.server";
import { selectWithPicture, withPictures } from "../queries/content.server";
import { salonAlerts, salons } from "../schema.server";
import type { StaffContext } from "./auth.server";
import { parseEdit, pictureChange, type Refusal, refuse, saveVersioned } from "./content.server";
import { inSalonScope } from "./scope.server";

/**
 * Read fresh, not from the public pages' cache, with each salon's uploaded photo (null: its illustration)
 * and where its alerts of new leads go (salon_alerts): the salons within `scope` (decision 109), so a manager
 * of one salon neither sees nor sends another salon's alerts, hours or booking link.
 */
export async function salonsForConsole(db: Database, scope: SalonScope) {
  const [rows, alerts] = await Promise.all([
    selectWithPicture(db, salons).orderBy(asc(salons.id)),
    db.select().from(salonAlerts),
  ]);
  return withPictures<typeof salons.$inferSelect>(rows.filter((salon) => inScope(scope, salon.id))).map((salon) => {
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
  // Another salon's form is answered as a salon that is not there, as every record outside the account's salons.
  if (!inScope(staff.scope, id)) return refuse(404, { error: MISSING_SALON });
  const parsed = parseEdit(salonForm, input);
  if (!parsed.ok) return parsed.refusal;
  const { removePicture, alerts, ...value } = parsed.value;
  const where = eq(salons.id, id);
  // Read before the save: any other change to them bumps the salon's version, so this save would be refused.
  const [alertsBefore] = await db
    .select({ email: salonAlerts.email, mobile: salonAlerts.mobile })
    .from(salonAlerts)
    .where(eq(salonAlerts.salonId, id));
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
    audit: {
      action: "salon.update",
      subject: { type: "salon", id },
      summary: `Saved ${value.name}${photo.note}${alertsChange(alertsBefore ?? { email: null, mobile: null }, alerts)}`,
    },
    missing: MISSING_SALON,
    alongside: async (tx) => {
      await photo.alongside(tx);
      await tx
        .insert(salonAlerts)
        .values({ salonId: id, ...alerts })
        .onConflictDoUpdate({ target: salonAlerts.salonId, set: { ...alerts, updatedAt: new Date() } });
    },
  });
}

const MISSING_SALON = "This salon is no longer there.";

type AlertsTo = { email: string | null; mobile: string | null };

/**
 * Where a save sends the salon's alerts of new leads, for its audit entry, when that changed:
 * "; alert e-mails to desk@example.com (were to the owners)", and the same for texts. Both addresses are
 * in the entry, old and new: an alert carries a client's first name, so who redirected them, and from
 * where, is what the owner needs to read.
 */
function alertsChange(before: AlertsTo, after: AlertsTo): string {
  const words = (channel: "e-mails" | "texts", from: string | null, to: string | null, none: string) =>
    from === to ? "" : `; alert ${channel} ${to ? `to ${to}` : none} (were ${from ? `to ${from}` : none})`;
  const mobile = (value: string | null) => (value ? internationalMobile(value) : null);
  return (
    words("e-mails", before.email, after.email, "to the owners") +
    words("texts", mobile(before.mobile), mobile(after.mobile), "none")
  );
}

/**
 * Where each salon's alert e-mails of new leads go now, in id order: its
 * front desk's address, or null while it has none and they go to the owners
 * (app/server/lead-alerts.server.ts), for the salons in `scope`. For the setup
 * page (the first owner: "all") and the console home.
 */
export async function alertDestinations(
  db: Database,
  scope: SalonScope,
): Promise<{ name: string; deskEmail: string | null }[]> {
  return db
    .select({ name: salons.name, deskEmail: salonAlerts.email })
    .from(salons)
    .leftJoin(salonAlerts, eq(salonAlerts.salonId, salons.id))
    .where(inSalonScope(scope, salons.id))
    .orderBy(asc(salons.id));
}

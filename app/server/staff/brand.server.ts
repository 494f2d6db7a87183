/**
 * The brand screen: the founding date and the group's line, two settings
 * rows each saved against its own version. The public pages read them
 * through loadBrand (app/server/queries/brand.server.ts).
 */
import { inArray } from "drizzle-orm";
import { BRAND_SETTING_KEYS, DEFAULT_BRAND } from "~/domain/brand";
import { brandFoundedSchema, brandLineSchema } from "~/domain/staff/site-content";
import type { Database } from "../db.server";
import { siteSettings } from "../schema.server";
import type { StaffContext } from "./auth.server";
import { parseEdit, type Refusal, saveSetting } from "./content.server";

type Input = Readonly<Record<string, string | undefined>>;

/** Each brand setting's value and version, as the screen's forms need them. */
export async function brandForConsole(db: Database) {
  const rows = await db
    .select()
    .from(siteSettings)
    .where(inArray(siteSettings.key, Object.values(BRAND_SETTING_KEYS)));
  const row = (key: string) => rows.find((r) => r.key === key);
  const founded = row(BRAND_SETTING_KEYS.founded);
  const line = row(BRAND_SETTING_KEYS.groupLine);
  return {
    founded: { value: founded?.value ?? DEFAULT_BRAND.founded, version: founded?.version ?? 1 },
    groupLine: { value: line?.value ?? DEFAULT_BRAND.groupLine, version: line?.version ?? 1 },
  };
}

export async function saveFounded(db: Database, staff: StaffContext, input: Input): Promise<Refusal | null> {
  const parsed = parseEdit(brandFoundedSchema, input);
  if (!parsed.ok) return parsed.refusal;
  const { founded } = parsed.value;
  return saveSetting(db, staff, input, BRAND_SETTING_KEYS.founded, founded, `Founded ${founded}`);
}

export async function saveGroupLine(db: Database, staff: StaffContext, input: Input): Promise<Refusal | null> {
  const parsed = parseEdit(brandLineSchema, input);
  if (!parsed.ok) return parsed.refusal;
  const { groupLine } = parsed.value;
  return saveSetting(
    db,
    staff,
    input,
    BRAND_SETTING_KEYS.groupLine,
    groupLine,
    groupLine ? `Group line “${groupLine}”` : "Group line counted from the salons",
  );
}

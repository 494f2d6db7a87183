/**
 * Leads nobody has replied to: a quote still New (status unchanged, see the
 * lead's page) after the time the owner sets under Settings (2 hours until
 * she does), counted in its salon's opening hours, is e-mailed once to the
 * active managers whose accounts cover its salon (decision 109), or to the
 * owners when no manager covers it; the e-mail names each lead's salon.
 *
 * One of the scheduler's jobs, every five minutes. Each lead is claimed once:
 * the statement that queues the e-mails also sets the leads'
 * uncontacted_alerted_at, only where it is still null and the status still
 * New, so two processes (or two passes) never both send it.
 */
import { sql } from "drizzle-orm";
import { openMinutesBetween } from "~/domain/lead-age";
import type { DayHours } from "~/domain/salon-info";
import { config } from "../config.server";
import type { Database } from "../db.server";
import { mailDomainOf } from "../delivery/delivery.server";
import { wakeOutbox } from "../outbox.server";
import { every, type ScheduledJob } from "../scheduler.server";
import { siteSettings } from "../schema.server";
import { type Actor, audit } from "./audit.server";

const HOURS_SETTING = "leadUncontactedHours";
const DEFAULT_UNCONTACTED_HOURS = 2;
export const MAX_UNCONTACTED_HOURS = 72;
/** A lead older than this is not news any more (and the first pass after an upgrade does not flood the managers). */
const LOOKBACK_DAYS = 7;
/** Leads looked at per pass; the next pass takes the rest. */
const BATCH = 200;

export const isUncontactedHours = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= MAX_UNCONTACTED_HOURS;

export async function uncontactedHours(db: Pick<Database, "select">): Promise<number> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(sql`${siteSettings.key} = ${HOURS_SETTING}`);
  const hours = Number(row?.value);
  return isUncontactedHours(hours) ? hours : DEFAULT_UNCONTACTED_HOURS;
}

export async function setUncontactedHours(db: Database, actor: Actor | null, hours: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(siteSettings)
      .values({ key: HOURS_SETTING, value: String(hours) })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: String(hours), updatedAt: new Date() } });
    await audit(tx, actor, {
      action: "settings.alerts-uncontacted",
      subject: { type: "settings", id: HOURS_SETTING },
      summary: `${hours} h`,
    });
  });
}

interface Candidate extends Record<string, unknown> {
  id: number;
  created_at: Date | string;
  opening_hours: DayHours[] | null;
}

/**
 * Queues the e-mails about the leads still New after the owner's
 * time at `now`, and marks them; returns how many leads and e-mails.
 */
export async function alertUncontactedLeads(tx: Database, now: Date): Promise<{ leads: number; emails: number }> {
  const hours = await uncontactedHours(tx);
  // Opening time never exceeds wall time: only leads at least that old in plain hours can be due.
  const candidates = await tx.execute<Candidate>(sql`
    select q.id, q.created_at, s.opening_hours
    from quotes q join salons s on s.id = coalesce(q.stylist_salon_id, q.salon_id)
    where q.status = 'new' and q.uncontacted_alerted_at is null
      and q.created_at <= ${now.toISOString()}::timestamptz - make_interval(hours => ${hours}::int)
      and q.created_at > ${now.toISOString()}::timestamptz - make_interval(days => ${LOOKBACK_DAYS}::int)
    order by q.created_at, q.id
    limit ${BATCH}`);
  const due = candidates.rows
    .filter((q) => openMinutesBetween(q.opening_hours, new Date(q.created_at), now) >= hours * 60)
    .map((q) => Number(q.id));
  if (due.length === 0) return { leads: 0, emails: 0 };
  const mailDomain = mailDomainOf(config().PUBLIC_URL);
  // One statement: the leads are claimed and the e-mails queued together, or neither.
  const result = await tx.execute<{ leads: number | string; emails: number | string }>(sql`
    with claimed as (
      update quotes set uncontacted_alerted_at = ${now.toISOString()}::timestamptz
      where id = any(${`{${due.join(",")}}`}::int[]) and status = 'new' and uncontacted_alerted_at is null
      returning id, name, created_at, coalesce(stylist_salon_id, salon_id) as salon_id
    ), recipients as (
      -- Each lead goes to the managers whose accounts cover its salon (decision 109); a salon no active manager
      -- covers has its leads told to the owners, so no lead is claimed without anyone being told of it.
      select c.id as quote_id, u.email
      from claimed c join staff_users u on u.active and (
        (u.role = 'manager' and (u.salon_ids is null or c.salon_id = any(u.salon_ids)))
        or (u.role = 'owner' and not exists (
          select from staff_users m where m.active and m.role = 'manager'
            and (m.salon_ids is null or c.salon_id = any(m.salon_ids)))))
    ), queued as (
      insert into outbox (channel, recipient, template, payload, message_id)
      select 'email', r.email, 'lead-uncontacted',
        jsonb_build_object('quotes', jsonb_agg(jsonb_build_object('id', c.id, 'name', split_part(trim(c.name), ' ', 1),
            'salon', s.name, 'created', to_char(c.created_at at time zone 'Europe/London', 'DD/MM HH24:MI'))
          order by c.created_at, c.id), 'hours', ${hours}::int),
        '<' || gen_random_uuid() || '@' || ${mailDomain}::text || '>'
      from recipients r join claimed c on c.id = r.quote_id join salons s on s.id = c.salon_id
      group by r.email
      returning id
    )
    select (select count(*) from claimed) as leads, (select count(*) from queued) as emails`);
  const row = result.rows[0];
  return { leads: Number(row?.leads ?? 0), emails: Number(row?.emails ?? 0) };
}

/** The check as one of the scheduler's jobs: whichever process claims a pass sends it. */
export const uncontactedJob: ScheduledJob = {
  name: "uncontacted-leads",
  nextRun: every(300),
  run: (tx, now) => alertUncontactedLeads(tx, now),
  committed: (result) => {
    if (result.emails !== 0) wakeOutbox();
  },
};

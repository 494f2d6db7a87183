/**
 * Instant alerts of new leads: a saved quote, a job application or a hair
 * model application tells the salon it is for at once, by e-mail to its front
 * desk and, when the salon gave one, by a text to its mobile (both kept in
 * salon_alerts, set on the console's salons screen). Until a salon has a
 * front-desk e-mail, its alert e-mails go to every owner.
 *
 * The alert rows are written by the statement or transaction that stores the
 * lead (the quote's one statement in queries/quotes.server.ts, the
 * applications' transactions in submissions.server.ts) and sent by the outbox
 * worker, never inline: stored with the lead or not at all, sent once.
 *
 * Quiet hours (two console settings, none until the owner sets them): an
 * alert written inside them is held, its next_attempt_at set to their end
 * (UK time), and goes then. The end is worked out by the database from the
 * settings' rows in the same statement, so the quote's save needs no extra
 * round trip to read them.
 */
import { type SQL, sql } from "drizzle-orm";
import { firstNameOf } from "~/domain/first-visit-offer";
import { config } from "./config.server";
import type { Database } from "./db.server";
import { mailDomainOf } from "./delivery/delivery.server";
import { smsCeilings } from "./delivery/messages.server";
import { newMessageId } from "./outbox.server";
import { siteSettings } from "./schema.server";
import { type Actor, audit } from "./staff/audit.server";

const LEAD_ALERT_EMAIL = "lead-alert";
const LEAD_ALERT_SMS = "lead-alert-sms";

type LeadKind = "quote" | "job" | "model";

/**
 * What an alert carries. Deliberately little: the client's first name, what
 * was asked for and the lead's id (the console link is made from it). Never
 * the client's mobile or e-mail: the front desk's mailbox and phone are
 * shared and outlive the lead, and the console (which audits every look) is
 * where the rest is. A quote's alert keeps its public link only so that
 * erasing the client's data finds this message too (privacy/rights.server.ts
 * matches messages by it); it is never shown.
 */
export interface LeadAlertDetails {
  kind: LeadKind;
  firstName: string;
  /** A quote's total; null for applications. */
  totalPence: number | null;
  /** A quote's named stylist (first name), or its level ("Senior Stylist"), or an application's role. */
  who: string | null;
  /** The saved quote's public link (quotes only). */
  link?: string;
}

// ---------------------------------------------------------------------------
// Quiet hours: two site settings, "HH:MM" UK time

const QUIET_FROM = "leadAlertQuietFrom";
const QUIET_UNTIL = "leadAlertQuietUntil";
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export interface QuietHours {
  from: string;
  until: string;
}

export async function quietHours(db: Pick<Database, "select">): Promise<QuietHours | null> {
  const rows = await db
    .select({ key: siteSettings.key, value: siteSettings.value })
    .from(siteSettings)
    .where(sql`${siteSettings.key} in (${QUIET_FROM}, ${QUIET_UNTIL})`);
  const from = rows.find((r) => r.key === QUIET_FROM)?.value;
  const until = rows.find((r) => r.key === QUIET_UNTIL)?.value;
  return from && until && TIME.test(from) && TIME.test(until) && from !== until ? { from, until } : null;
}

/** Checks the settings form's two times: both "HH:MM" and different, or both empty (no quiet hours). */
export function parseQuietHours(
  input: Readonly<Record<string, string | undefined>>,
): { ok: true; value: QuietHours | null } | { ok: false; error: string } {
  const from = (input.quietFrom ?? "").trim();
  const until = (input.quietUntil ?? "").trim();
  if (!from && !until) return { ok: true, value: null };
  if (!TIME.test(from) || !TIME.test(until))
    return { ok: false, error: "Give both times as hours and minutes, like 20:00 and 08:00, or leave both empty." };
  if (from === until) return { ok: false, error: "Quiet hours must start and end at different times." };
  return { ok: true, value: { from, until } };
}

/** Sets (or with null, clears) the quiet hours; alerts already held keep their time. */
export async function setQuietHours(db: Database, actor: Actor | null, quiet: QuietHours | null): Promise<void> {
  await db.transaction(async (tx) => {
    if (quiet === null) {
      await tx.delete(siteSettings).where(sql`${siteSettings.key} in (${QUIET_FROM}, ${QUIET_UNTIL})`);
    } else {
      for (const [key, value] of [
        [QUIET_FROM, quiet.from],
        [QUIET_UNTIL, quiet.until],
      ] as const)
        await tx
          .insert(siteSettings)
          .values({ key, value })
          .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: new Date() } });
    }
    await audit(tx, actor, {
      action: "settings.alerts-quiet",
      subject: { type: "settings", id: QUIET_FROM },
      summary: quiet ? `${quiet.from}–${quiet.until}` : "none",
    });
  });
}

/**
 * When an alert written at `now` may go: `now`, or the end of the quiet hours
 * (UK time) when `now` falls inside them. A window may run past midnight
 * (20:00–08:00). Read by the database from the settings' rows, as one
 * expression to put in an insert. `now` is an expression that is null for
 * the database's own clock (the outbox's), or the moment a test gives.
 */
function alertDueAt(now: SQL): SQL {
  return sql`(select case
      when q.f is null or q.u is null or q.f = q.u then q.t
      when (q.f < q.u and q.l::time >= q.f and q.l::time < q.u)
        or (q.f > q.u and (q.l::time >= q.f or q.l::time < q.u))
      then ((q.l::date + case when q.l::time < q.u then 0 else 1 end) + q.u) at time zone 'Europe/London'
      else q.t end
    from (select n.t, n.t at time zone 'Europe/London' as l,
        (select value::time from site_settings where key = ${QUIET_FROM}) as f,
        (select value::time from site_settings where key = ${QUIET_UNTIL}) as u
      from (select coalesce(${now}, now()) as t) as n) as q)`;
}

// ---------------------------------------------------------------------------
// The alert rows

/**
 * A `select` of the salon's alert rows (its e-mail, and its text when it has
 * a mobile), to put after `insert into outbox (channel, recipient, template,
 * payload, message_id, next_attempt_at)`. `lead` is a from-item with an `id`
 * column (the stored lead: a CTE's `saved`, or a values row); `salonId` the
 * salon the lead is for. The text is the same for every lead, so the quote's
 * statement stays one prepared statement.
 */
function leadAlertRows(
  lead: SQL,
  salonId: number | SQL,
  details: LeadAlertDetails,
  now?: Date,
  leadSalonName?: SQL,
): SQL {
  const mailDomain = mailDomainOf(config().PUBLIC_URL);
  const payload = sql`${leadAlertPayload(details)}::jsonb`;
  return alertRowsFrom(lead, {
    salon: typeof salonId === "number" ? sql`${salonId}::int` : salonId,
    payload: leadSalonName ? sql`${payload} || jsonb_build_object('salon', ${leadSalonName})` : payload,
    emailMessageId: sql`${newMessageId(mailDomain)}::text`,
    smsMessageId: sql`${newMessageId(mailDomain)}::text`,
    now: sql`${now?.toISOString() ?? null}::timestamptz`,
  });
}

/** An alert's payload as stored, less the lead's id and the salon's name, which the statement adds. */
export function leadAlertPayload(details: LeadAlertDetails): string {
  return JSON.stringify({
    kind: details.kind,
    firstName: details.firstName,
    totalPence: details.totalPence,
    who: details.who,
    ...(details.link ? { link: details.link } : {}),
  });
}

/**
 * The alert rows with each part an expression over `lead` (which names the
 * lead's row `lead`, with its id): values given once, or columns of a batch
 * of saves, where each save's alert has its own salon, payload and ids.
 * Anyone's form causes an alert, so its text is one of the texts that stop
 * at the ceiling for those (smsCeilings().newNumbers; the e-mail still goes),
 * and a flood of strangers' leads cannot spend the share kept for existing
 * leads through the salon's phone either.
 */
export function alertRowsFrom(
  lead: SQL,
  parts: { salon: SQL; payload: SQL; emailMessageId: SQL; smsMessageId: SQL; now: SQL },
): SQL {
  // The salon alerted names itself, unless the payload names the lead's own salon (an alert passed on).
  const payload = sql`jsonb_build_object('id', lead.id, 'salon', s.name) || ${parts.payload}`;
  // Until the salon has a front-desk e-mail, every active owner gets the
  // e-mail instead (a new install alerts somebody from its first quote), each
  // with a Message-ID of their own.
  const email = sql`
    select 'email'::text, r.recipient, ${LEAD_ALERT_EMAIL}::text, ${payload},
      case when r.owner is null then ${parts.emailMessageId}
        else replace(${parts.emailMessageId}, '@', '.' || r.owner || '@') end,
      ${alertDueAt(parts.now)}
    from ${lead}, salons s cross join lateral (
      select a.email as recipient, null::int as owner from salon_alerts a
        where a.salon_id = s.id and a.email is not null
      union all
      select u.email, u.id from staff_users u
        where u.role = 'owner' and u.active
          and not exists (select from salon_alerts a where a.salon_id = s.id and a.email is not null)
    ) as r
    where s.id = ${parts.salon}`;
  const ceiling = smsCeilings().newNumbers;
  const textsLeft = sql`(select count(*) from (select from outbox where channel = 'sms'
    and created_at > now() - interval '24 hours' limit ${ceiling}::int) as counted) < ${ceiling}::int`;
  const text = sql`
    select 'sms'::text, a.mobile, ${LEAD_ALERT_SMS}::text, ${payload}, ${parts.smsMessageId},
      ${alertDueAt(parts.now)}
    from ${lead}, salon_alerts a join salons s on s.id = a.salon_id
    where a.salon_id = ${parts.salon} and a.mobile is not null and ${textsLeft}`;
  return sql`${email} union all ${text}`;
}

/**
 * Queues the salon's alert of a job or model application inside the
 * transaction that stores it. Returns how many messages were queued. With
 * `orElse`, a salon that has no alert address set passes its alerts to that
 * one (the academy's hair models to the main salon, until the academy has a
 * front desk of its own on the Salons screen).
 */
export async function queueLeadAlert(
  tx: Pick<Database, "execute">,
  lead: { id: number; salonId: number; orElse?: number; name: string; kind: "job" | "model"; who: string | null },
  now?: Date,
): Promise<number> {
  const salon =
    lead.orElse === undefined
      ? lead.salonId
      : sql`coalesce((select salon_id from salon_alerts where salon_id = ${lead.salonId}::int
          and (email is not null or mobile is not null)), ${lead.orElse}::int)`;
  const rows = leadAlertRows(
    sql`(select ${lead.id}::int as id) as lead`,
    salon,
    { kind: lead.kind, firstName: firstNameOf(lead.name), totalPence: null, who: lead.who },
    now,
    // Passed on to another salon's desk, the alert still names the salon the lead is for.
    lead.orElse === undefined ? undefined : sql`(select name from salons where id = ${lead.salonId}::int)`,
  );
  const result = await tx.execute(
    sql`insert into outbox (channel, recipient, template, payload, message_id, next_attempt_at) ${rows} returning id`,
  );
  return result.rows.length;
}

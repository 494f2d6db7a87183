import { data, redirect } from "react-router";
import { PasskeyButton } from "~/components/staff/passkey-button";
import { ActionNotice } from "~/components/staff/record";
import { Notice, RowAction, StaffHeading, StaffSection, staffMeta, When } from "~/components/staff/ui";
import { staffPath } from "~/domain/staff/routes";
import { requestContext } from "~/server/request-context.server";
import { listSessions } from "~/server/staff/accounts.server";
import { audit } from "~/server/staff/audit.server";
import { requireStaff, requireStaffAction } from "~/server/staff/auth.server";
import { listPasskeys, removePasskey } from "~/server/staff/passkeys.server";
import { clearedSessionCookie, revokeSession } from "~/server/staff/session.server";
import type { Route } from "./+types/devices";

export const meta = () => staffMeta("Your devices");

/** "Chrome on Android" from a user agent, enough to tell one's devices apart. */
function describeAgent(agent: string): string {
  const browser = /Edg\//.test(agent)
    ? "Edge"
    : /Firefox\//.test(agent)
      ? "Firefox"
      : /Chrom(e|ium)\//.test(agent)
        ? "Chrome"
        : /Safari\//.test(agent)
          ? "Safari"
          : "A browser";
  const system = /Android/.test(agent)
    ? "Android"
    : /iPhone|iPad/.test(agent)
      ? "iPhone or iPad"
      : /Mac OS X/.test(agent)
        ? "Mac"
        : /Windows/.test(agent)
          ? "Windows"
          : /Linux/.test(agent)
            ? "Linux"
            : "an unknown system";
  return `${browser} on ${system}`;
}

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args, "devices");
  const url = new URL(args.request.url);
  const [sessions, passkeys] = await Promise.all([
    listSessions(args.context.get(requestContext).db, staff.staffId),
    listPasskeys(args.context.get(requestContext).db, staff.staffId),
  ]);
  return {
    welcome: url.searchParams.has("welcome"),
    added: url.searchParams.has("added"),
    sessions: sessions.map((s) => ({
      id: s.id,
      device: describeAgent(s.userAgent),
      method: s.method,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      current: s.id === staff.sessionId,
    })),
    passkeys: passkeys.map((p) => ({
      id: p.id,
      label: p.label,
      createdAt: p.createdAt.toISOString(),
      lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const { staff, intent, input } = await requireStaffAction(args, "devices");
  const { db } = args.context.get(requestContext);
  if (intent === "revoke-session") {
    const id = Number(input.session);
    if (!Number.isInteger(id) || !(await revokeSession(db, id, staff.staffId)))
      return data({ error: "That session was already signed out." }, { status: 404 });
    await audit(db, staff, { action: "session.revoke", subject: { type: "session", id } });
    if (id === staff.sessionId)
      throw redirect(staffPath("sign-in"), { headers: { "Set-Cookie": clearedSessionCookie(args.request) } });
    return { done: "That device is signed out." };
  }
  const removed = await removePasskey(db, staff.staffId, input.passkey ?? "");
  if (!removed) return data({ error: "That passkey was already removed." }, { status: 404 });
  await audit(db, staff, { action: "passkey.remove", subject: { type: "staff", id: staff.staffId } });
  return { done: "The passkey is removed." };
}

export default function Devices({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <StaffHeading title="Your devices">Where you are signed in, and the passkeys you sign in with.</StaffHeading>
      {loaderData.welcome && loaderData.passkeys.length === 0 ? (
        <Notice tone="success">
          You're signed in. Add a passkey now, so next time this device signs you in with your fingerprint, face or
          screen lock.
        </Notice>
      ) : null}
      {loaderData.added ? <Notice tone="success">Your passkey is added.</Notice> : null}
      <ActionNotice message={actionData} />

      <StaffSection id="passkeys-heading" title="Passkeys" className="card mb-8 p-5">
        {loaderData.passkeys.length === 0 ? (
          <p className="my-3 text-muted">No passkey yet: you sign in with e-mailed codes.</p>
        ) : (
          <ul className="my-3 divide-y divide-line">
            {loaderData.passkeys.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-semibold">{p.label}</p>
                  <p className="text-sm text-muted">
                    Added <When at={p.createdAt} />, last used <When at={p.lastUsedAt} />
                  </p>
                </div>
                <RowAction field="passkey" value={p.id} intent="remove-passkey" label="Remove" of={p.label} />
              </li>
            ))}
          </ul>
        )}
        <div className="mt-4">
          <label htmlFor="passkey-label" className="block font-semibold">
            Name for a new passkey
          </label>
          <input
            id="passkey-label"
            placeholder="e.g. Front desk tablet"
            maxLength={100}
            className="mt-1 mb-3 block w-full rounded-lg border border-muted bg-white px-3 py-2"
          />
          <PasskeyButton mode="register" labelField="passkey-label">
            Add a passkey on this device
          </PasskeyButton>
          <p className="hidden text-sm noscript:block">Adding a passkey needs JavaScript.</p>
        </div>
      </StaffSection>

      <StaffSection id="sessions-heading" title="Signed in" className="card p-5">
        <ul className="my-3 divide-y divide-line">
          {loaderData.sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <p className="font-semibold">
                  {s.device}
                  {s.current ? " (this device)" : ""}
                </p>
                <p className="text-sm text-muted">
                  Signed in <When at={s.createdAt} /> by {s.method}, last active <When at={s.lastSeenAt} />
                </p>
              </div>
              <RowAction field="session" value={s.id} intent="revoke-session" label="Sign out" of={s.device} />
            </li>
          ))}
        </ul>
      </StaffSection>
    </>
  );
}

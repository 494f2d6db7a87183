import { useRef, useState } from "react";
import { Form, Link, useFetcher, useFetchers, useSubmit } from "react-router";
import { Portrait } from "~/components/picture";
import { DragHandle, useDragOrder } from "~/components/staff/drag-order";
import { EditNotice, ViewOnSite } from "~/components/staff/edit";
import { StaffHeading, staffMeta } from "~/components/staff/ui";
import { placeAt, withChanges } from "~/domain/staff/order";
import { staffPath } from "~/domain/staff/routes";
import { requestContext } from "~/server/request-context.server";
import { requireStaff, requireStaffAction } from "~/server/staff/auth.server";
import { refuse } from "~/server/staff/content.server";
import { listMembersForStaff, moveMember, setRetired } from "~/server/staff/team-content.server";
import type { Route } from "./+types/content-team";

export const meta = () => staffMeta("Team");

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "contentTeam");
  return { members: await listMembersForStaff(args.context.get(requestContext).db) };
}

export async function action(args: Route.ActionArgs) {
  const { staff, intent, input } = await requireStaffAction(args, "contentTeam");
  const { db } = args.context.get(requestContext);
  const id = /^\d{1,9}$/.test(input.id ?? "") ? Number(input.id) : 0;
  if (!id) return refuse(400, { error: "Choose a team member from the list." });
  const name = input.name ?? "The team member";
  if (intent === "move") {
    const direction = input.direction === "up" || input.direction === "down" ? input.direction : null;
    if (!direction) return refuse(400, { error: "Choose to move them up or down." });
    const moved = await moveMember(db, staff, id, { direction });
    return "place" in moved ? { done: `${name} moved ${direction}.` } : moved;
  }
  if (intent === "place") {
    // A place as people count it (1 first), from a drop or the "Move to" list.
    const to = Number(input.to);
    if (!Number.isSafeInteger(to) || to < 1) return refuse(400, { error: "Choose a place in the team: 1 is first." });
    const moved = await moveMember(db, staff, id, { to: to - 1 });
    return "place" in moved ? { done: `${name} moved to place ${moved.place + 1}.` } : moved;
  }
  const retire = intent === "retire";
  return (
    (await setRetired(db, staff, id, input, retire)) ?? {
      done: retire
        ? `${name} is retired: gone from the site, while their reviews and saved quotes stay.`
        : `${name} is back on the site.`,
    }
  );
}

function MemberActions({
  member,
  index,
  count,
}: {
  member: Route.ComponentProps["loaderData"]["members"][number];
  /** Where the member stands among those on the site (0 first), and how many they are. */
  index: number;
  count: number;
}) {
  const first = index === 0;
  const last = index === count - 1;
  const name = `${member.firstName} ${member.lastName}`;
  const hidden = (
    <>
      <input type="hidden" name="id" value={member.id} />
      <input type="hidden" name="name" value={member.firstName} />
      <input type="hidden" name="version" value={member.version} />
    </>
  );
  const button = "rounded-lg border border-muted bg-white px-3 py-2 text-sm font-semibold hover:bg-sand";
  /** One action on this member: a form of its own, so each button works without JavaScript. */
  const act = (intent: string, label: string, options: { direction?: "up" | "down"; disabled?: boolean } = {}) => (
    <Form method="post" preventScrollReset>
      {hidden}
      {options.direction ? <input type="hidden" name="direction" value={options.direction} /> : null}
      <button type="submit" name="intent" value={intent} className={button} disabled={options.disabled}>
        {label}
        <span className="sr-only"> {name}</span>
      </button>
    </Form>
  );
  return (
    <div className="flex flex-wrap gap-2">
      <Link to={staffPath(`content/team/${member.id}`)} className={button}>
        Edit<span className="sr-only"> {name}</span>
      </Link>
      {member.retired ? (
        act("restore", "Bring back")
      ) : (
        <>
          {act("move", "Move up", { direction: "up", disabled: first })}
          {act("move", "Move down", { direction: "down", disabled: last })}
          {/* More than a step at a time from the keyboard, and without JavaScript. */}
          <Form method="post" preventScrollReset className="flex items-center gap-2">
            {hidden}
            <label htmlFor={`to-${member.id}`} className="text-sm font-semibold">
              Move to<span className="sr-only"> a place for {name}</span>
            </label>
            <select
              key={index}
              id={`to-${member.id}`}
              name="to"
              defaultValue={index + 1}
              className="min-h-11 rounded-lg border border-muted bg-white px-2 py-1 text-sm text-ink focus:outline-2 focus:outline-accent-dark"
            >
              {Array.from({ length: count }, (_, place) => place + 1).map((place) => (
                <option key={place} value={place}>
                  {place}
                </option>
              ))}
            </select>
            <button type="submit" name="intent" value="place" className={button}>
              Move<span className="sr-only"> {name} there</span>
            </button>
          </Form>
          {act("retire", "Retire")}
        </>
      )}
    </div>
  );
}

let placeCount = 0;

export default function TeamContent({ loaderData }: Route.ComponentProps) {
  const submit = useSubmit();
  // A drop is sent as a fetcher of its own, and the team shows the new order until the server's answers.
  const placing = useFetchers().filter((f) => f.state !== "idle" && f.formData?.get("intent") === "place");
  const stored = withChanges(
    loaderData.members.filter((m) => !m.retired),
    placing.map((f) => ({ id: Number(f.formData?.get("id")), to: Number(f.formData?.get("to")) - 1 })),
  );
  const list = useRef<HTMLOListElement>(null);
  // The last drop, held by its fetcher's key so its answer ("Isla moved to place 1.") is said beside the row.
  const [lastDrop, setLastDrop] = useState<{ key: string; id: number } | null>(null);
  const dropAnswer = useFetcher<{ done?: string; error?: string }>({ key: lastDrop?.key ?? "place-none" }).data;
  const said = placing.length > 0 ? "Saving the order…" : (dropAnswer?.error ?? dropAnswer?.done ?? "");
  const { drag, pickUp } = useDragOrder({
    list,
    rowId: (id) => `member-${id}`,
    onDrop: (id, to) => {
      const member = stored.find((m) => m.id === id);
      const key = `place-${++placeCount}`;
      setLastDrop({ key, id });
      submit(
        { intent: "place", id: String(id), to: String(to + 1), name: member?.firstName ?? "" },
        { method: "post", navigate: false, fetcherKey: key, preventScrollReset: true },
      );
    },
  });
  const active = drag ? placeAt(stored, drag.id, drag.to) : stored;
  const retired = loaderData.members.filter((m) => m.retired);
  const row = (member: (typeof active)[number], i: number, list: typeof active) => (
    <li
      key={member.id}
      id={`member-${member.id}`}
      className={`card flex flex-wrap items-center gap-4 p-3 ${drag?.id === member.id ? "relative z-10 bg-white shadow-xl ring-2 ring-accent-dark" : ""}`}
    >
      {member.retired ? null : (
        <DragHandle carried={drag?.id === member.id} onPointerDown={(event) => pickUp(event, member.id, i)} />
      )}
      <div className="w-14 shrink-0">
        <Portrait
          of={member}
          sizes="56px"
          alt=""
          loading="lazy"
          className="aspect-[4/5] h-auto w-14 rounded-lg bg-sand object-cover"
        />
      </div>
      <div className="min-w-40 flex-1">
        <p className="font-semibold">
          {member.firstName} {member.lastName}
        </p>
        <p className="text-sm text-muted">
          {member.levelName}
          {member.acceptingNewClients ? "" : " · not taking new clients"}
        </p>
      </div>
      <MemberActions member={member} index={i} count={list.length} />
      {/* Said politely beside the member dropped: the page neither moves nor takes the focus. */}
      {member.retired ? null : (
        <p role="status" className="w-full text-sm empty:hidden">
          {lastDrop?.id === member.id ? said : ""}
        </p>
      )}
    </li>
  );
  return (
    <>
      <StaffHeading title="Team">
        The team in the order the site shows them: drag a member by their handle, or choose their place.{" "}
        <ViewOnSite href="/team-info">View the team page</ViewOnSite>
      </StaffHeading>
      <EditNotice />
      <p className="mb-4">
        <Link to={staffPath("content/team/new")} className="btn-primary">
          Add a team member
        </Link>
      </p>
      <h2 className="mb-3 text-2xl">On the site</h2>
      <ol aria-label="Team on the site" className="grid gap-3" ref={list}>
        {active.map(row)}
      </ol>
      {retired.length > 0 ? (
        <>
          <h2 className="mt-8 mb-3 text-2xl">Retired</h2>
          <p className="mb-3 text-muted">Not on the site. Their reviews and the quotes saved with them still show.</p>
          <ul aria-label="Retired" className="grid gap-3">
            {retired.map(row)}
          </ul>
        </>
      ) : null}
    </>
  );
}

import { data, Form, Link } from "react-router";
import { ExportLink } from "~/components/staff/export-link";
import { ActionNotice } from "~/components/staff/record";
import { Pager, pageOf, StaffHeading, staffMeta, When } from "~/components/staff/ui";
import { MESSAGE_TABS, type MessageTab } from "~/domain/staff/records";
import { audit } from "~/server/staff/audit.server";
import { requireStaff, requireStaffAction } from "~/server/staff/auth.server";
import { listMessages, resendFailed, TEMPLATE_LABELS } from "~/server/staff/messages.server";
import { recordId } from "~/server/staff/records.server";
import type { Route } from "./+types/messages";

export const meta = () => staffMeta("Messages");

const TAB_LABELS: Record<MessageTab, string> = { pending: "Waiting", failed: "Failed", sent: "Sent" };

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args, "messages");
  const url = new URL(args.request.url);
  const tab = MESSAGE_TABS.find((t) => t === url.searchParams.get("show")) ?? "failed";
  const page = pageOf(url);
  const rows = await listMessages(args.context.db, tab, { limit: page.limit + 1, offset: page.offset });
  const shown = rows.slice(0, page.limit);
  await audit(args.context.db, staff, {
    action: "message.list",
    summary: `${tab}, page ${page.page}, ${shown.length} shown`,
  });
  return {
    tab,
    canResend: staff.can("messages.resend"),
    page: page.page,
    hasNext: rows.length > page.limit,
    search: url.search,
    messages: shown.map((m) => ({
      id: m.id,
      what: TEMPLATE_LABELS[m.template] ?? m.template,
      channel: m.channel,
      recipient: m.recipient,
      status: m.status,
      attempts: m.attempts,
      lastError: m.lastError,
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt?.toISOString() ?? null,
      nextAttemptAt: m.nextAttemptAt.toISOString(),
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const { staff, input } = await requireStaffAction(args, "messages");
  const id = recordId(input.message);
  if (!id || !(await resendFailed(args.context.db, staff, id)))
    return data({ error: "That message is not a failed one (it may have been re-sent already)." }, { status: 409 });
  return { done: "The message is queued to be sent again." };
}

export default function Messages({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <StaffHeading title="Messages">E-mails and texts the site sends, from the outbox.</StaffHeading>
      <ExportLink list="messages" />
      <ActionNotice message={actionData} />
      <nav aria-label="By state" className="mb-6">
        <ul className="flex gap-1">
          {MESSAGE_TABS.map((tab) => (
            <li key={tab}>
              <Link
                to={`?show=${tab}`}
                aria-current={tab === loaderData.tab ? "page" : undefined}
                className={`inline-flex min-h-11 items-center rounded-full border border-line px-3 text-sm ${tab === loaderData.tab ? "bg-ink text-ivory" : "bg-white hover:bg-sand"}`}
              >
                {TAB_LABELS[tab]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {loaderData.messages.length === 0 ? (
        <p className="text-muted">No messages here.</p>
      ) : (
        <ul className="space-y-3" aria-label="Messages">
          {loaderData.messages.map((m) => (
            <li key={m.id} className="card flex flex-wrap items-start justify-between gap-3 p-4">
              <div>
                <p className="font-semibold">
                  {m.what} to {m.recipient}
                </p>
                <p className="text-sm text-muted">
                  Queued <When at={m.createdAt} />
                  {m.sentAt ? (
                    <>
                      , sent <When at={m.sentAt} />
                    </>
                  ) : null}{" "}
                  · {m.attempts} {m.attempts === 1 ? "attempt" : "attempts"}
                </p>
                {m.lastError ? <p className="text-sm">Reason: {m.lastError}</p> : null}
              </div>
              {m.status === "failed" && loaderData.canResend ? (
                <Form method="post">
                  <input type="hidden" name="message" value={m.id} />
                  <button type="submit" name="intent" value="resend" className="btn-outline">
                    Send again<span className="sr-only"> to {m.recipient}</span>
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Pager page={loaderData.page} hasNext={loaderData.hasNext} search={loaderData.search} />
    </>
  );
}

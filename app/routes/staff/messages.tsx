import { data, Form } from "react-router";
import { ListCard, ListCards, ListPage } from "~/components/staff/list-page";
import { ActionNotice } from "~/components/staff/record";
import { staffMeta, When } from "~/components/staff/ui";
import { MESSAGE_TABS, type MessageTab } from "~/domain/staff/records";
import { requestContext } from "~/server/request-context.server";
import { requireStaffAction } from "~/server/staff/auth.server";
import { loadListPage } from "~/server/staff/list-page.server";
import { listMessages, messageFilterOf, resendFailed, TEMPLATE_LABELS } from "~/server/staff/messages.server";
import { recordId } from "~/server/staff/records.server";
import type { Route } from "./+types/messages";

export const meta = () => staffMeta("Messages");

const TAB_LABELS: Record<MessageTab, string> = { pending: "Waiting", failed: "Failed", sent: "Sent" };

export async function loader(args: Route.LoaderArgs) {
  const { staff, filter, rows, list } = await loadListPage(args, "messages", {
    filterOf: messageFilterOf,
    rows: listMessages,
    audited: "message.list",
  });
  return {
    tab: filter.show,
    canResend: staff.can("messages.resend"),
    list,
    messages: rows.map((m) => ({
      id: m.id,
      what: TEMPLATE_LABELS[m.template] ?? m.template,
      // Blank once the person was erased (on request or by retention): nothing left to send.
      recipient: m.recipient || null,
      status: m.status,
      attempts: m.attempts,
      lastError: m.lastError,
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt?.toISOString() ?? null,
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const { staff, input } = await requireStaffAction(args, "messages");
  const id = recordId(input.message);
  if (!id || !(await resendFailed(args.context.get(requestContext).db, staff, id)))
    return data({ error: "That message is not a failed one (it may have been re-sent already)." }, { status: 409 });
  return { done: "The message is queued to be sent again." };
}

export default function Messages({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ListPage
      kind="messages"
      list={loaderData.list}
      count={loaderData.messages.length}
      notice={<ActionNotice message={actionData} />}
      tabs={{
        name: "show",
        label: "By state",
        current: loaderData.tab,
        options: MESSAGE_TABS.map((tab) => ({ value: tab, label: TAB_LABELS[tab] })),
      }}
    >
      <ListCards label="Messages">
        {loaderData.messages.map((m) => (
          <ListCard
            key={m.id}
            title={`${m.what} to ${m.recipient ?? "an erased recipient"}`}
            aside={
              m.status === "failed" && m.recipient && loaderData.canResend ? (
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="message" value={m.id} />
                  <button type="submit" name="intent" value="resend" className="btn-outline">
                    Send again<span className="sr-only"> to {m.recipient}</span>
                  </button>
                </Form>
              ) : null
            }
          >
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
          </ListCard>
        ))}
      </ListCards>
    </ListPage>
  );
}

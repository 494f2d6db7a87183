import { data, Form } from "react-router";
import { seo } from "~/components/page-meta";
import { CONTROLLER, PRIVACY_PATH } from "~/domain/privacy";
import { emailForUnsubscribeToken, unsubscribeWithToken } from "~/server/privacy/consents.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/unsubscribe";

/**
 * The unsubscribe link of every marketing e-mail. Opening it only shows a
 * button (mail scanners open links, and must not unsubscribe anyone); pressing
 * it, or a mail client's one-click POST (RFC 8058: body
 * "List-Unsubscribe=One-Click", no cookies, no page), records the opt-out.
 */
export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: args.data?.state === "unknown" ? "Unsubscribe link not found" : "Unsubscribe from our e-mails",
    description: "Stop Maison Ivy's news and offers by e-mail with one click. Nothing else about you changes.",
    noIndex: true,
  });

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** Enough of the address to recognise it, not enough to learn it from a forwarded link. */
function masked(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 1)}•••@${domain}`;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const email = await emailForUnsubscribeToken(context.get(requestContext).db, params.token);
  if (!email) return data({ state: "unknown" as const }, { status: 404 });
  return { state: "ask" as const, address: masked(email) };
}

export async function action({ params, context }: Route.ActionArgs) {
  const done = await unsubscribeWithToken(context.get(requestContext).db, params.token);
  if (!done) return data({ state: "unknown" as const }, { status: 404 });
  return { state: "done" as const };
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  return (
    <section className="container-page max-w-2xl py-20 text-center sm:py-28">
      <p className="eyebrow">News and offers</p>
      {state === "done" ? (
        <>
          <h1 className="mt-3 text-4xl sm:text-5xl">You're unsubscribed</h1>
          <p role="status" className="mt-6 text-lg leading-relaxed text-muted">
            We won't send you any more news or offers by e-mail. Messages you ask for, such as a price quote, still
            reach you.
          </p>
        </>
      ) : state === "unknown" ? (
        <>
          <h1 className="mt-3 text-4xl sm:text-5xl">This link doesn't work any more</h1>
          <p className="mt-6 text-lg leading-relaxed text-muted">
            We hold no e-mail address for it, so we have nothing to send you. If you still receive our e-mails, write to{" "}
            <a className="underline underline-offset-4" href={`mailto:${CONTROLLER.email}`}>
              {CONTROLLER.email}
            </a>{" "}
            and we'll stop them.
          </p>
        </>
      ) : (
        <>
          <h1 className="mt-3 text-4xl sm:text-5xl">Unsubscribe from our e-mails</h1>
          <p className="mt-6 text-lg leading-relaxed text-muted">
            Stop our news and offers to {loaderData.state === "ask" ? loaderData.address : "this address"}? One press
            and it's done.
          </p>
          <Form method="post" className="mt-8">
            <button type="submit" className="btn-accent">
              Unsubscribe
            </button>
          </Form>
        </>
      )}
      <p className="mt-10 text-sm text-muted">
        <a href={PRIVACY_PATH} className="underline underline-offset-4">
          How we use your details
        </a>
      </p>
    </section>
  );
}

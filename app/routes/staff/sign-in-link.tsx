import { data, Form, Link, redirect } from "react-router";
import { Notice, StaffHeading, staffMeta } from "~/components/staff/ui";
import { staffPath } from "~/domain/staff/routes";
import { requestContext } from "~/server/request-context.server";
import { peekLink, redeemLink } from "~/server/staff/accounts.server";
import { publicStaffPage, staffAction } from "~/server/staff/auth.server";
import { completeSignIn } from "~/server/staff/sign-in.server";
import type { Route } from "./+types/sign-in-link";

export const meta = () => staffMeta("Sign in with your link");

/** A refusal's Retry-After is on the page's own answer too (the form posted without JavaScript). */
export function headers({ actionHeaders }: Route.HeadersArgs): HeadersInit {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}

/** Opening the link only shows a button: e-mail scanners open links too, and must not use them up. */
export async function loader(args: Route.LoaderArgs) {
  await publicStaffPage(args, "signInLink");
  const proof = await peekLink(args.context.get(requestContext).db, args.params.token);
  if (!proof) return data({ valid: false as const }, { status: 410 });
  return { valid: true as const, name: proof.staff.name, invite: proof.purpose === "invite" };
}

export async function action(args: Route.ActionArgs) {
  const { staff } = await staffAction(args, "signInLink");
  const proof = await redeemLink(
    args.context.get(requestContext).db,
    args.params.token,
    args.context.get(requestContext).clientIp,
  );
  if (!proof) return data({ error: "This link has been used or has run out. Ask for a new one." }, { status: 410 });
  if ("ok" in proof)
    return data({ error: proof.error }, { status: 429, headers: { "Retry-After": String(proof.retryAfter) } });
  const { cookie } = await completeSignIn(
    args.context.get(requestContext).db,
    args.request,
    staff,
    proof.staff,
    proof.purpose === "invite" ? "invite" : "email",
  );
  // Someone new, or on a new device: the next thing to do is add a passkey there.
  throw redirect(`${staffPath("devices")}?welcome=1`, cookie ? { headers: { "Set-Cookie": cookie } } : undefined);
}

export default function SignInLink({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.valid)
    return (
      <div className="mx-auto max-w-md">
        <StaffHeading title="This link can't be used">
          It has been used already or has run out. Sign-in links work once, for a short time.
        </StaffHeading>
        <Link to={staffPath("sign-in")} className="btn-primary">
          Get a new code
        </Link>
      </div>
    );
  return (
    <div className="mx-auto max-w-md">
      <StaffHeading title={loaderData.invite ? `Welcome, ${loaderData.name}` : `Sign in as ${loaderData.name}`}>
        {loaderData.invite
          ? "Sign in to the staff console for the first time. You'll then add a passkey to this device."
          : "Continue to sign in to the staff console on this device."}
      </StaffHeading>
      {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}
      <Form method="post">
        <button type="submit" name="intent" value="use" className="btn-primary">
          Sign in
        </button>
      </Form>
    </div>
  );
}

import { data, Form, Link, redirect } from "react-router";
import { PasskeyButton } from "~/components/staff/passkey-button";
import { Notice, StaffHeading, StaffSection, staffMeta, TextField } from "~/components/staff/ui";
import type { Database } from "~/server/db.server";
import { hitRateLimit } from "~/server/rate-limit.server";
import { requestContext } from "~/server/request-context.server";
import {
  LOCKED_OUT_MESSAGE,
  normaliseEmail,
  redeemSignInCode,
  SIGN_IN_CODE_MINUTES,
  SIGN_IN_LIMIT,
  sendSignInEmail,
} from "~/server/staff/accounts.server";
import { publicStaffPage, safeNext, staffAction } from "~/server/staff/auth.server";
import { FRESH_MINUTES } from "~/server/staff/session.server";
import { completeSignIn } from "~/server/staff/sign-in.server";
import type { Route } from "./+types/sign-in";

export const meta = () => staffMeta("Sign in");

/** A refusal's Retry-After is on the page's own answer too (the form posted without JavaScript). */
export function headers({ actionHeaders }: Route.HeadersArgs): HeadersInit {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}

export async function loader(args: Route.LoaderArgs) {
  const staff = await publicStaffPage(args, "signIn");
  const url = new URL(args.request.url);
  const next = safeNext(url.searchParams.get("next"));
  const fresh = url.searchParams.get("fresh") === "1";
  // Already signed in and not asked to prove it again: straight on.
  if (staff && !fresh) throw redirect(next);
  return {
    next,
    fresh,
    signedInAs: staff?.name ?? null,
    codeMinutes: SIGN_IN_CODE_MINUTES,
    freshMinutes: FRESH_MINUTES,
    signedOut: url.searchParams.has("signed-out"),
  };
}

/**
 * An attempt refused before it reached a code or an account (a body that
 * cannot be read, no e-mail address) still counts against the address's
 * sign-in limit, so a flood of bad bodies is stopped like a flood of guesses.
 */
async function countRefused(db: Database, clientIp: string, email = "") {
  const limit = await hitRateLimit(db, SIGN_IN_LIMIT, clientIp);
  return limit.allowed
    ? null
    : data(
        { step: "email" as const, email, attempt: "", error: LOCKED_OUT_MESSAGE },
        { status: 429, headers: { "Retry-After": String(limit.retryAfter) } },
      );
}

export async function action(args: Route.ActionArgs) {
  const { db, clientIp } = args.context.get(requestContext);
  let granted: Awaited<ReturnType<typeof staffAction>>;
  try {
    granted = await staffAction(args, "signIn");
  } catch (refusal) {
    const limited = await countRefused(db, clientIp);
    if (limited) return limited;
    throw refusal;
  }
  const { staff, intent, input } = granted;
  const email = (input.email ?? "").trim();
  const next = safeNext(input.next);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 200)
    return (
      (await countRefused(db, clientIp, email)) ??
      data(
        { step: "email" as const, email, attempt: "", error: "Enter the e-mail address of your staff account." },
        { status: 400 },
      )
    );
  if (intent === "email-send") {
    const sent = await sendSignInEmail(db, email, clientIp, staff?.email);
    if (!sent.ok)
      return data(
        { step: "email" as const, email, attempt: "", error: sent.error },
        { status: 429, headers: { "Retry-After": String(sent.retryAfter) } },
      );
    return { step: "code" as const, email: normaliseEmail(email), attempt: sent.attempt, error: null };
  }
  const code = (input.code ?? "").replace(/\s/g, "");
  const attempt = input.attempt ?? "";
  const used = await redeemSignInCode(db, email, code, attempt, clientIp);
  if (!used.ok)
    return data(
      { step: "code" as const, email, attempt, error: used.error },
      "retryAfter" in used ? { status: 429, headers: { "Retry-After": String(used.retryAfter) } } : { status: 400 },
    );
  const { cookie } = await completeSignIn(db, args.request, staff, used.staff, "email");
  throw redirect(next, cookie ? { headers: { "Set-Cookie": cookie } } : undefined);
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { next, fresh, signedInAs, freshMinutes } = loaderData;
  const step = actionData?.step ?? "email";
  return (
    <div className="mx-auto max-w-md">
      <StaffHeading title={fresh ? "Confirm it's you" : "Sign in"}>
        {fresh
          ? `${signedInAs ? `${signedInAs}, p` : "P"}lease sign in again: this part of the console asks for a sign-in in the last ${freshMinutes} minutes.`
          : "The Maison Ivy staff console."}
      </StaffHeading>
      {loaderData.signedOut ? <Notice tone="success">You're signed out.</Notice> : null}
      <StaffSection id="passkey-heading" title="With a passkey" className="card p-5" headingClass="mb-2 text-xl">
        <p className="mb-4 text-sm text-muted">Your fingerprint, face or screen lock on a device you have set up.</p>
        <PasskeyButton mode="sign-in" next={next}>
          Sign in with a passkey
        </PasskeyButton>
        {/* Shown by the same media query that hides the button. */}
        <p className="hidden text-sm noscript:block">Passkeys need JavaScript: use the e-mail code below instead.</p>
      </StaffSection>
      <StaffSection
        id="email-heading"
        title="With a code by e-mail"
        className="card mt-6 p-5"
        headingClass="mb-3 text-xl"
      >
        {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}
        {step === "code" ? (
          <>
            <Notice tone="success">
              If {actionData?.email} belongs to a staff account, we've e-mailed it a six-digit code and a link. Both
              work once, for {loaderData.codeMinutes} minutes.
            </Notice>
            <Form method="post">
              <input type="hidden" name="email" value={actionData?.email ?? ""} />
              <input type="hidden" name="attempt" value={actionData?.attempt ?? ""} />
              <input type="hidden" name="next" value={next} />
              <TextField
                label="Code"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                maxLength={8}
              />
              <button type="submit" name="intent" value="email-code" className="btn-primary">
                Sign in
              </button>
            </Form>
            <Form method="post" className="mt-4">
              <input type="hidden" name="email" value={actionData?.email ?? ""} />
              <input type="hidden" name="next" value={next} />
              <button type="submit" name="intent" value="email-send" className="text-sm underline underline-offset-2">
                Send a new code
              </button>
            </Form>
          </>
        ) : (
          <Form method="post">
            <input type="hidden" name="next" value={next} />
            <TextField
              label="E-mail address"
              name="email"
              type="email"
              autoComplete="username"
              required
              defaultValue={actionData?.email}
              maxLength={200}
            />
            <button type="submit" name="intent" value="email-send" className="btn-outline">
              E-mail me a code
            </button>
          </Form>
        )}
        <p className="mt-4 text-sm text-muted">
          No account yet? Ask the salon's owner to invite you.{" "}
          <Link to="/" reloadDocument className="underline">
            Back to the website
          </Link>
        </p>
      </StaffSection>
    </div>
  );
}

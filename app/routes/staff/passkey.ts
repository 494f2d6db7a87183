import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { staffPath } from "~/domain/staff/routes";
import { parseJson } from "~/server/http.server";
import { hitRateLimit, type RateLimitRule } from "~/server/rate-limit.server";
import { requestContext } from "~/server/request-context.server";
import { LOCKED_OUT_MESSAGE, recordNewPasskey, SIGN_IN_LIMIT } from "~/server/staff/accounts.server";
import { noPage, safeNext, staffAction } from "~/server/staff/auth.server";
import {
  authenticationOptions,
  registerPasskey,
  registrationOptions,
  verifyPasskey,
} from "~/server/staff/passkeys.server";
import { completeSignIn } from "~/server/staff/sign-in.server";
import type { Route } from "./+types/passkey";

export const loader = noPage;

/** Passkey sign-ins one client address may begin: far more than a person tries, far fewer than a flood. */
const CHALLENGE_LIMIT: RateLimitRule = { name: "staff-passkey-challenge", limit: 60, windowSeconds: 900 };

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });

function parsed<T>(text: string | undefined): T | null {
  try {
    return text ? (parseJson(text) as T) : null;
  } catch {
    return null;
  }
}

export async function action(args: Route.ActionArgs) {
  const { staff, intent, input } = await staffAction(args, "passkey");
  const { db } = args.context.get(requestContext);
  switch (intent) {
    case "sign-in-options": {
      // Each asks for a row: bounded per client address (and the rows go once stale).
      const limit = await hitRateLimit(db, CHALLENGE_LIMIT, args.context.get(requestContext).clientIp);
      if (!limit.allowed) return json({ error: LOCKED_OUT_MESSAGE }, 429, { "Retry-After": String(limit.retryAfter) });
      return json(await authenticationOptions(db));
    }
    case "sign-in-verify": {
      const limit = await hitRateLimit(db, SIGN_IN_LIMIT, args.context.get(requestContext).clientIp);
      if (!limit.allowed) return json({ error: LOCKED_OUT_MESSAGE }, 429, { "Retry-After": String(limit.retryAfter) });
      const response = parsed<AuthenticationResponseJSON>(input.response);
      const user = response && input.challengeId ? await verifyPasskey(db, input.challengeId, response) : null;
      if (!user) return json({ error: "That passkey was not recognised. Try again, or use the e-mail code." }, 401);
      const { cookie } = await completeSignIn(db, args.request, staff, user, "passkey");
      return json({ next: safeNext(input.next) }, 200, cookie ? { "Set-Cookie": cookie } : {});
    }
  }
  // Registering: the table makes these actions need a signed-in member of staff, so staffAction has checked.
  if (!staff) throw new Error("registering a passkey needs a session");
  switch (intent) {
    case "register-options":
      return json(await registrationOptions(db, { id: staff.staffId, email: staff.email, name: staff.name }));
    default: {
      const me = staff;
      const response = parsed<RegistrationResponseJSON>(input.response);
      const label = (input.label ?? "").trim() || "Passkey";
      const ok =
        response && input.challengeId
          ? await registerPasskey(db, me.staffId, input.challengeId, response, label)
          : false;
      if (!ok) return json({ error: "The passkey could not be added. Please try again." }, 400);
      await recordNewPasskey(db, me, label);
      return json({ next: `${staffPath("devices")}?added=1` });
    }
  }
}

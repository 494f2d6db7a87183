import { Form, redirect } from "react-router";
import { StaffHeading, staffMeta } from "~/components/staff/ui";
import { staffPath } from "~/domain/staff/routes";
import { requestContext } from "~/server/request-context.server";
import { audit } from "~/server/staff/audit.server";
import { requireStaff, requireStaffAction } from "~/server/staff/auth.server";
import { clearedSessionCookie, revokeSession } from "~/server/staff/session.server";
import type { Route } from "./+types/sign-out";

export const meta = () => staffMeta("Sign out");

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "signOut");
  return null;
}

export async function action(args: Route.ActionArgs) {
  const { staff } = await requireStaffAction(args, "signOut");
  await revokeSession(args.context.get(requestContext).db, staff.sessionId);
  await audit(args.context.get(requestContext).db, staff, {
    action: "session.sign-out",
    subject: { type: "staff", id: staff.staffId },
  });
  throw redirect(`${staffPath("sign-in")}?signed-out=1`, {
    headers: { "Set-Cookie": clearedSessionCookie(args.request) },
  });
}

export default function SignOut() {
  return (
    <div className="mx-auto max-w-md">
      <StaffHeading title="Sign out">Sign out of the staff console on this device?</StaffHeading>
      <Form method="post">
        <button type="submit" name="intent" value="sign-out" className="btn-primary">
          Sign out
        </button>
      </Form>
    </div>
  );
}

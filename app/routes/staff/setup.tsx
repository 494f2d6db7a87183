import { data, Form, redirect } from "react-router";
import { AlertDestinations } from "~/components/staff/alert-destinations";
import { Notice, StaffHeading, staffMeta, TextField } from "~/components/staff/ui";
import { EMAIL_MAX_LENGTH } from "~/domain/form-texts";
import { staffPersonSchema } from "~/domain/forms";
import { staffPath } from "~/domain/staff/routes";
import { requestContext } from "~/server/request-context.server";
import { createFirstOwner, setupLinkValid } from "~/server/staff/accounts.server";
import { publicStaffPage, staffAction } from "~/server/staff/auth.server";
import { alertDestinations } from "~/server/staff/salons.server";
import { completeSignIn } from "~/server/staff/sign-in.server";
import type { Route } from "./+types/setup";

export const meta = () => staffMeta("Set up the staff console");

export async function loader(args: Route.LoaderArgs) {
  await publicStaffPage(args, "setup");
  const { db } = args.context.get(requestContext);
  const valid = await setupLinkValid(db, args.params.token);
  // Where new-lead alerts go is only told to whoever holds a working link: the desks' addresses are private.
  return data({ valid, alerts: valid ? await alertDestinations(db, "all") : [] }, { status: valid ? 200 : 410 });
}

export async function action(args: Route.ActionArgs) {
  const { input } = await staffAction(args, "setup");
  const typed = { name: input.name ?? "", email: input.email ?? "" };
  const person = staffPersonSchema.safeParse(typed);
  if (!person.success)
    return data({ error: "Enter your name and a working e-mail address.", ...typed }, { status: 400 });
  const owner = await createFirstOwner(args.context.get(requestContext).db, args.params.token, person.data);
  if (!owner) return data({ error: "This setup link has been used or has run out.", ...typed }, { status: 410 });
  const { cookie } = await completeSignIn(args.context.get(requestContext).db, args.request, null, owner, "setup");
  throw redirect(`${staffPath("devices")}?welcome=1`, cookie ? { headers: { "Set-Cookie": cookie } } : undefined);
}

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.valid)
    return (
      <StaffHeading title="This setup link can't be used">
        It has been used, has run out (it lasts an hour), or the console already has its owner. Restart the site to
        print a new link while there is no staff account, or sign in.
      </StaffHeading>
    );
  return (
    <div className="mx-auto max-w-md">
      <StaffHeading title="Set up the staff console">
        You'll be its first owner: you can then invite the rest of the team.
      </StaffHeading>
      {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}
      <Form method="post">
        <TextField
          label="Your name"
          name="name"
          autoComplete="name"
          required
          defaultValue={actionData?.name}
          maxLength={100}
        />
        <TextField
          label="Your e-mail address"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={actionData?.email}
          maxLength={EMAIL_MAX_LENGTH}
          hint="Sign-in codes come here when a passkey isn't at hand."
        />
        <button type="submit" name="intent" value="create-owner" className="btn-primary">
          Create my owner account
        </button>
      </Form>
      <section aria-labelledby="alerts-heading" className="mt-8">
        <h2 id="alerts-heading" className="mb-2 text-xl">
          Where new-lead alerts go
        </h2>
        <AlertDestinations salons={loaderData.alerts} owners="you" linked={false} />
        <p className="mt-3">Once your account is made, you set each salon's front-desk address on the Salons screen.</p>
      </section>
    </div>
  );
}

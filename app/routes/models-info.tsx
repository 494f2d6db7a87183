import { ModelFormIsland } from "~/components/forms/form-islands";
import { AsideBlock, FormPage, TickList } from "~/components/forms/form-page";
import { seo } from "~/components/page-meta";
import { modelApplicationSchema } from "~/domain/forms";
import { FORM_PAGE_HEADERS, newIdempotencyKey } from "~/domain/idempotency";
import { ACADEMY_SALON_ID } from "~/domain/salon-info";
import { getSalon } from "~/server/queries/catalogue.server";
import { requestContext } from "~/server/request-context.server";
import { submissionFormAction } from "~/server/submission-http.server";
import { submitModelApplication } from "~/server/submissions.server";
import type { Route } from "./+types/models-info";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Be a hair model",
    description:
      "Offer to be a hair model for our training academy: cuts, colours and styling by our trainee stylists, supervised by our educators. Leave your details and we'll text you.",
  });

export async function loader({ context }: Route.LoaderArgs) {
  const academy = await getSalon(context.get(requestContext).db, ACADEMY_SALON_ID);
  return {
    academy: { name: academy?.name ?? "our training academy", url: academy?.websiteUrl ?? "/models" },
    formKey: newIdempotencyKey(),
  };
}

/** Each visitor's form has its own idempotency key: the page is never cached. */
export const headers = () => FORM_PAGE_HEADERS;

export function action({ request, context }: Route.ActionArgs) {
  return submissionFormAction(request, context, { schema: modelApplicationSchema, submit: submitModelApplication });
}

export default function ModelsInfo({ loaderData, actionData }: Route.ComponentProps) {
  const { academy } = loaderData;
  const external = /^https?:/.test(academy.url);
  return (
    <FormPage
      back={{ to: "/models", label: "Back to models" }}
      eyebrow="Models wanted"
      title="Be a hair model for our academy"
      intro={
        <p>
          Our trainee stylists need models for cuts, colours and styling, and every appointment is supervised by one of
          our educators from consultation to finish. Tell us about your hair and we'll text you when there's a session
          that suits it.
        </p>
      }
      aside={
        <>
          <AsideBlock title="What to expect">
            <TickList
              items={[
                "A full consultation before anything is done",
                "An educator checking every step of the way",
                "Sessions take a little longer than a salon visit: allow two to three hours",
                "A skin test 48 hours before any colour",
              ]}
            />
          </AsideBlock>
          <AsideBlock title={`About ${academy.name}`}>
            <p>Our training academy is where our apprentices learn and our stylists keep learning.</p>
            <p>
              <a
                href={academy.url}
                rel={external ? "noopener" : undefined}
                className="inline-flex min-h-11 items-center gap-2 font-semibold text-accent-dark underline underline-offset-2"
              >
                Visit the training academy website
                {external ? <span className="sr-only"> (opens the academy's own site)</span> : null}
              </a>
            </p>
          </AsideBlock>
        </>
      }
    >
      <ModelFormIsland actionData={actionData} formKey={loaderData.formKey} />
    </FormPage>
  );
}

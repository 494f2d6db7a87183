import { JobFormIsland } from "~/components/forms/form-islands";
import { AsideBlock, FormPage, TickList } from "~/components/forms/form-page";
import { seo } from "~/components/page-meta";
import { everyPlace, groupLine } from "~/domain/brand";
import { FORM_PAGE_HEADERS, newIdempotencyKey } from "~/domain/idempotency";
import { loadBrand } from "~/server/queries/brand.server";
import { requestContext } from "~/server/request-context.server";
import { jobApplicationAction } from "~/server/submission-http.server";
import type { Route } from "./+types/recruitment-stylist";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Stylist vacancies",
    description: `Apply to join our team of stylists. One application covers ${args.loaderData ? everyPlace(args.loaderData.brand) : "every salon"}; tell us about your experience and why you love hairdressing.`,
  });

/** Each visitor's form gets its own idempotency key; the page is never cached. */
export const loader = async ({ context }: Route.LoaderArgs) => ({
  formKey: newIdempotencyKey(),
  brand: await loadBrand(context.get(requestContext).db),
});
export const headers = () => FORM_PAGE_HEADERS;

export const action = jobApplicationAction("Stylist");

export default function RecruitmentStylist({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <FormPage
      back={{ to: "/recruitment", label: "Back to recruitment" }}
      eyebrow="Careers · Stylist"
      title="Join us as a stylist"
      intro={
        <p>
          We're always glad to hear from stylists who love colour, cutting and looking after their clients. Tell us a
          little about yourself and we'll be in touch as soon as a chair becomes available.
        </p>
      }
      aside={
        <>
          <AsideBlock title="What you can expect">
            <TickList
              items={[
                `A friendly, settled team across ${groupLine(loaderData.brand)}`,
                "Ongoing education at our own training academy",
                "Clear progression through our stylist levels, with prices that grow with you",
                "Professional colour brands and a well-stocked colour bar",
              ]}
            />
          </AsideBlock>
          <AsideBlock title="One application, every salon">
            <p>
              Your application reaches all of our salons, so we'll think of you for a position at whichever suits you
              best.
            </p>
          </AsideBlock>
        </>
      }
    >
      <JobFormIsland form="stylist" actionData={actionData} formKey={loaderData.formKey} />
    </FormPage>
  );
}

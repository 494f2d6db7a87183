import { JobFormIsland } from "~/components/forms/form-islands";
import { AsideBlock, FormPage, TickList } from "~/components/forms/form-page";
import { seo } from "~/components/page-meta";
import { FORM_PAGE_HEADERS, newIdempotencyKey } from "~/domain/idempotency";
import { jobApplicationAction } from "~/server/submission-http.server";
import type { Route } from "./+types/recruitment-saturday";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Saturday and evening work",
    description:
      "Saturday and evening work on our Pre Apprenticeship Scheme: a paid taste of salon life while you study, and your first step towards a hairdressing apprenticeship.",
  });

/** Each visitor's form gets its own idempotency key; the page is never cached. */
export const loader = () => ({ formKey: newIdempotencyKey() });
export const headers = () => FORM_PAGE_HEADERS;

export const action = jobApplicationAction("saturday");

export default function RecruitmentSaturday({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <FormPage
      back={{ to: "/recruitment", label: "Back to recruitment" }}
      asideFirst
      eyebrow="Careers · Saturday and evening work"
      title="Saturday and evening work"
      intro={
        <p>
          Curious about hairdressing but still at school or college? Spend your Saturdays and a few weekday evenings
          with us on our Pre Apprenticeship Scheme, and find out whether salon life is for you before you commit to an
          apprenticeship.
        </p>
      }
      aside={
        <AsideBlock title="The Pre Apprenticeship Scheme">
          <p>
            The scheme is paid, part-time work that fits around your studies. You'll work alongside our stylists on
            Saturdays and on our late evenings, and join the academy's training evenings to learn the basics properly
            from the start.
          </p>
          <TickList
            items={[
              "Welcoming clients and making them feel at home",
              "Shampooing, and helping to prepare colours and treatments",
              "Learning blow-drying and styling at the academy",
              "Keeping the salon as beautiful as the hair",
            ]}
          />
          <p>
            When you're ready, the scheme leads straight on to our full apprenticeship, with everything you've learned
            counting towards it.
          </p>
        </AsideBlock>
      }
    >
      <JobFormIsland form="saturday" actionData={actionData} formKey={loaderData.formKey} />
    </FormPage>
  );
}

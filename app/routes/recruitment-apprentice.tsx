import { JobFormIsland } from "~/components/forms/form-islands";
import { AsideBlock, FormPage, TickList } from "~/components/forms/form-page";
import { Link } from "~/components/link";
import { seo } from "~/components/page-meta";
import { FORM_PAGE_HEADERS, newIdempotencyKey } from "~/domain/idempotency";
import { jobApplicationAction } from "~/server/submission-http.server";
import type { Route } from "./+types/recruitment-apprentice";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Apprenticeships",
    description:
      "Start your hairdressing career with an apprenticeship in our salons and training academy, whether you're new to hairdressing, partway through or already qualified.",
  });

/** Each visitor's form gets its own idempotency key; the page is never cached. */
export const loader = () => ({ formKey: newIdempotencyKey() });
export const headers = () => FORM_PAGE_HEADERS;

export const action = jobApplicationAction("Apprentice");

export default function RecruitmentApprentice({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <FormPage
      back={{ to: "/recruitment", label: "Back to recruitment" }}
      eyebrow="Careers · Apprentice"
      title="Start your career as an apprentice"
      intro={
        <p>
          Learn your craft on the salon floor and in our training academy, side by side with stylists who were
          apprentices here themselves. Whether you're brand new, partway through your training or newly qualified, we'd
          love to hear from you.
        </p>
      }
      aside={
        <>
          <AsideBlock title="How it works">
            <TickList
              items={[
                "Paid work in one of our salons, looking after clients from your first week",
                "A weekly training evening at our academy with our educators",
                "Your own models to practise on as your skills grow",
                "A clear path to stylist, one level at a time",
              ]}
            />
          </AsideBlock>
          <AsideBlock title="Still at school or college?">
            <p>
              Our Pre Apprenticeship Scheme offers Saturday and evening work while you study.{" "}
              <Link to="/recruitment/saturday" className="font-semibold text-accent-dark underline underline-offset-2">
                Find out about Saturday and evening work
              </Link>
              .
            </p>
          </AsideBlock>
        </>
      }
    >
      <JobFormIsland form="apprentice" actionData={actionData} formKey={loaderData.formKey} />
    </FormPage>
  );
}

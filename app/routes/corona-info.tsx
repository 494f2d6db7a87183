import { BackLink } from "~/components/back-link";
import { seo } from "~/components/page-meta";
import type { Route } from "./+types/corona-info";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "COVID-19 guidelines",
    description:
      "Maison Ivy's COVID-19 guidelines: before your visit, in the salon, and how we clean, ventilate and look after each other.",
  });

const GUIDELINES = [
  {
    id: "before",
    title: "Before your visit",
    points: [
      "If you have symptoms of COVID-19 or have tested positive, please stay at home and call us to move your appointment. We won't charge for a change made for this reason, however late.",
      "Come on your own if you can, so the salon stays uncrowded. Children and carers who need to be with you are, of course, welcome.",
      "Arrive at your appointment time rather than early: we'll have your station ready.",
    ],
  },
  {
    id: "in-salon",
    title: "In the salon",
    points: [
      "Hand sanitiser is at reception and at every station.",
      "Every chair, basin, tool and surface is cleaned between clients, and gowns and towels are fresh for every visit.",
      "Our windows and ventilation keep fresh air moving all day.",
      "You're welcome to wear a face covering, and any stylist will happily wear one for you: just ask when you book.",
    ],
  },
  {
    id: "team",
    title: "Our team",
    points: [
      "Stylists who feel unwell stay at home. If yours is off, we'll call you to rearrange or offer you another stylist.",
      "Every team member is trained in our hygiene routine, and we review it whenever public health guidance changes.",
    ],
  },
] as const;

export default function CoronaInfo() {
  return (
    <article className="container-page max-w-3xl py-14 sm:py-20">
      <p className="eyebrow">COVID-19</p>
      <h1 className="mt-3 text-4xl leading-tight sm:text-5xl">Our COVID-19 guidelines</h1>
      <p className="mt-5 text-lg leading-relaxed text-muted">
        A few simple habits keep our salons comfortable and safe for everyone. Thank you for helping us look after each
        other.
      </p>
      <div className="mt-12 space-y-12">
        {GUIDELINES.map((section) => (
          <section key={section.id} aria-labelledby={`guidelines-${section.id}`}>
            <h2 id={`guidelines-${section.id}`} className="text-2xl">
              {section.title}
            </h2>
            <ul className="mt-4 list-disc space-y-2 pl-5 leading-relaxed">
              {section.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <div className="mt-12">
        <BackLink fallback="/corona" />
      </div>
    </article>
  );
}

import { useLocation } from "react-router";
import { ServiceTypeList } from "~/components/calculator/service-type-list";
import { seo } from "~/components/page-meta";
import { SELECTOR_PATH, stateHref } from "~/components/quote/links";
import { campaignParams } from "~/domain/funnel";
import { DEFAULT_SALON_ID } from "~/domain/salon-info";
import type { Route } from "./+types/prices";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Prices and instant quotes",
    description:
      "Get an instant price quote for colour, cutting and styling or men's hairdressing, for a stylist you know or by stylist level, with 20% off your first visit.",
  });

const HOW_IT_WORKS = [
  { title: "Choose a service", text: "Colour, cutting and styling, or men's hairdressing." },
  { title: "Pick a stylist or a level", text: "Prices follow each stylist's experience." },
  { title: "Build your quote", text: "Choose step by step and watch your estimate add up." },
  { title: "Save it", text: "We'll send it by e-mail and text, with 20% off your first visit." },
];

/**
 * "/prices": the three service types. Each link starts a fresh quote: only the
 * type is carried, and a campaign's tags when the visitor landed here from one.
 */
export default function Prices() {
  const campaign = campaignParams(useLocation().search);
  return (
    <>
      <section className="bg-blush/60">
        <div className="container-page py-14 sm:py-20">
          <p className="eyebrow">Prices</p>
          <h1 className="mt-3 max-w-3xl text-4xl leading-tight sm:text-5xl">Your price, before you book</h1>
          <p className="mt-5 max-w-2xl text-lg leading-relaxed text-muted">
            Our prices depend on what you'd like and on your stylist's experience. Build a quote in a couple of minutes,
            then save it to book a free consultation.
          </p>
        </div>
      </section>

      <section aria-labelledby="types-heading" className="container-page py-12 sm:py-16">
        <h2 id="types-heading" className="mb-6 text-2xl sm:text-3xl">
          What would you like a quote for?
        </h2>
        <ServiceTypeList
          headingLevel={3}
          hrefFor={(type) => stateHref(SELECTOR_PATH, { type, salon: DEFAULT_SALON_ID }, campaign)}
        />
      </section>

      <section aria-labelledby="how-heading" className="border-t border-line/70 bg-white/40">
        <div className="container-page py-12 sm:py-16">
          <h2 id="how-heading" className="text-3xl">
            How it works
          </h2>
          <ol className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {HOW_IT_WORKS.map((step, index) => (
              <li key={step.title} className="flex gap-4">
                <span
                  aria-hidden="true"
                  className="flex size-9 shrink-0 items-center justify-center rounded-full bg-ink font-display text-ivory"
                >
                  {index + 1}
                </span>
                <div>
                  <h3 className="text-lg">{step.title}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-muted">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </>
  );
}

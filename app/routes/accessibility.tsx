import { PageIntro } from "~/components/page-intro";
import { seo } from "~/components/page-meta";
import { PageSection } from "~/components/page-section";
import { telHref } from "~/domain/format";
import { CONTROLLER } from "~/domain/privacy";
import { listSalons } from "~/server/queries/catalogue.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/accessibility";

/**
 * The accessibility statement. What it says the tests check is what
 * tests/e2e checks (docs/testing.md); the gaps are the ones we know of. The
 * salons' telephone numbers come from their settings in the console.
 */
export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Accessibility statement",
    description:
      "How accessible the Maison Ivy website is: what our automated tests check against WCAG 2.2 AA, the gaps we know of, and how to ask for anything in another format.",
  });

export async function loader({ context }: Route.LoaderArgs) {
  const salons = await listSalons(context.get(requestContext).db);
  return { salons: salons.map(({ id, name, telephone }) => ({ id, name, telephone })) };
}

const LAST_REVIEWED = "29 November 2026";

export default function Accessibility({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageIntro
        eyebrow="Accessibility"
        title="Accessibility statement"
        lead={
          <p>
            We want everyone to be able to find a price, save a quote, book and read about us, whatever device or
            assistive technology they use. Our aim is the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA.
          </p>
        }
      />
      <div className="container-page max-w-3xl space-y-12 py-12 text-lg leading-relaxed">
        <PageSection id="checked" title="What our tests check">
          <p>Every change to the website runs automated browser tests before it goes live. They check that:</p>
          <ul className="list-disc space-y-2 pl-6">
            <li>
              the public pages and the forms, at phone and desktop widths, have no serious or critical problem found by
              axe, an automated checker of WCAG rules;
            </li>
            <li>
              the main paths work with a keyboard alone: the skip link, the menu (opened, walked with Tab and closed
              with Escape), the Book and Get a quote bar reached within a few Tab presses on every page, and the price
              calculator, which moves the focus to each new step;
            </li>
            <li>each page has one main heading and a title of its own, and every image has a text alternative;</li>
            <li>the forms work without JavaScript, and say which answer needs attention and why.</li>
          </ul>
          <p>Automated tests find only part of the problems people meet: please tell us of any you find (below).</p>
        </PageSection>
        <PageSection id="gaps" title="Known gaps">
          <ul className="list-disc space-y-2 pl-6">
            <li>
              Target sizes: our tests do not yet measure that every control on the public pages is at least 24 by 24
              pixels (WCAG 2.2, 2.5.8); the staff console's reordering buttons are checked at 44 by 44.
            </li>
            <li>
              Booking happens on our booking provider's website, which we do not run; its accessibility is theirs.
            </li>
            <li>The review feed on the home page moves by itself; its Pause button stops it.</li>
          </ul>
        </PageSection>
        <PageSection id="formats" title="Asking for another format">
          <p>
            If you need our price list, a quote, this website's information or anything we send you in another format
            (large print, easy read, an audio recording, or read to you over the phone), or you find something you
            cannot use, please tell us. We aim to reply within five working days.
          </p>
          <ul className="space-y-2">
            {loaderData.salons.map((s) => (
              <li key={s.id}>
                {s.name}:{" "}
                <a className="underline underline-offset-2" href={telHref(s.telephone)}>
                  {s.telephone}
                </a>
              </li>
            ))}
            <li>
              By e-mail:{" "}
              <a className="underline underline-offset-2" href={`mailto:${CONTROLLER.email}`}>
                {CONTROLLER.email}
              </a>
            </li>
            <li>By post: {CONTROLLER.address}</li>
          </ul>
        </PageSection>
        <PageSection id="reviewed" title="About this statement">
          <p>This statement was last reviewed on {LAST_REVIEWED}.</p>
        </PageSection>
      </div>
    </>
  );
}

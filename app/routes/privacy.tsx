import { FunnelOptOut } from "~/components/funnel-opt-out";
import { Link } from "~/components/link";
import { PageIntro } from "~/components/page-intro";
import { seo } from "~/components/page-meta";
import { PageSection } from "~/components/page-section";
import { telHref } from "~/domain/format";
import { CONTROLLER, describePeriod, MARKETING_CONSENT_WORDING, type RetentionSetting } from "~/domain/privacy";
import { readRetentionPeriods } from "~/server/privacy/retention.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Privacy notice",
    description:
      "What Maison Ivy keeps about you when you save a quote, apply for a job, model for the academy or give feedback: why, for how long, who sees it, and your rights.",
  });

/** The periods quoted are the ones the retention job enforces today. */
export async function loader({ context }: Route.LoaderArgs) {
  return { periods: await readRetentionPeriods(context.get(requestContext).db) };
}

export const LAST_UPDATED = "23 November 2026";

interface Purpose {
  form: string;
  collects: string;
  why: string;
  basis: string;
  /** Says the period in force, e.g. "12 months". */
  kept: (say: (setting: RetentionSetting) => string) => string;
}

const PURPOSES: readonly Purpose[] = [
  {
    form: "Saving a price quote",
    collects: "Your name, mobile number, e-mail address, how you heard about us, and the services you chose.",
    why: "To e-mail and text your quote to you, with any first-visit offer, and to know which of our adverts work.",
    basis: "You asked for the quote: steps taken at your request before a possible booking.",
    kept: (say) =>
      `Your name, mobile and e-mail are erased ${say("quoteContactMonths")} after the quote. The quote itself (services and prices) stays, with nothing that identifies you, for our price statistics.`,
  },
  {
    form: "Applying for a job",
    collects:
      "Your name, mobile number, e-mail address, experience, the position you want, and what you tell us about yourself.",
    why: "To consider you for a position at any of our salons or the academy and to contact you about it.",
    basis: "Steps taken at your request before a possible contract of employment.",
    kept: (say) =>
      `Deleted ${say("applicationMonths")} after we close your application (our last decision on it), or ${say("applicationMonths")} after you apply if it is never looked at.`,
  },
  {
    form: "Offering to be a hair model",
    collects: "Your name, mobile number and what you tell us about your hair.",
    why: "To text you when the academy has a training session that suits your hair.",
    basis: "Steps taken at your request: you asked to be considered as a model.",
    kept: (say) =>
      `Deleted ${say("applicationMonths")} after our last decision on it, or after you apply if we never made one.`,
  },
  {
    form: "The feedback survey",
    collects:
      "Your name and mobile number (to find your appointment), your ratings and answers, and an e-mail address only if you ask for our e-mails.",
    why: "To put right what went wrong and to improve our salons.",
    basis: "Our legitimate interest in looking after our clients and the quality of our work.",
    kept: (say) =>
      `Your name and mobile are erased after ${say("feedbackMonths")}. The ratings stay, with nothing that identifies you.`,
  },
  {
    form: "News and offers (if you tick a box)",
    collects:
      "The e-mail address or mobile number you gave, which channel you chose, the exact words you agreed to, when, and on which form.",
    why: "To send you our news and offers by the channel you chose, and to prove you asked for them.",
    basis: "Your consent, which you can withdraw at any time as easily as you gave it.",
    kept: () =>
      "Until you withdraw it. We then keep the record that you did, so we never message you again by mistake.",
  },
  {
    form: "Messages we send you",
    collects: "A copy of each e-mail and text we send (your quote, a thank-you for applying) and who it went to.",
    why: "To send it reliably, and to try again if a send fails.",
    basis: "Needed to provide what you asked for.",
    kept: (say) => `The recipient and content are erased ${say("messageDays")} after the message is sent.`,
  },
  {
    form: "Your internet address",
    collects: "The internet (IP) address a form is sent from, counted for a short time.",
    why: "To stop anyone flooding our forms or sending messages in someone else's name.",
    basis: "Our legitimate interest in keeping the site and your details safe.",
    kept: (say) => `Deleted after ${say("requestRecordHours")}.`,
  },
];

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { periods } = loaderData;
  const say = (setting: RetentionSetting) => describePeriod(setting, periods[setting]);
  return (
    <>
      <PageIntro
        eyebrow="Your privacy"
        title="Privacy notice"
        lead={
          <p>
            What we keep about you when you use this website, why, for how long, who else sees it, and how to have it
            corrected, sent to you or erased. Last updated {LAST_UPDATED}.
          </p>
        }
      />
      <div className="container-page py-14 sm:py-20">
        <div className="max-w-3xl space-y-14 leading-relaxed">
          <PageSection id="who" title="Who we are">
            <p>
              {CONTROLLER.tradingAs} is run by {CONTROLLER.name} (company number {CONTROLLER.companyNumber}),{" "}
              {CONTROLLER.address}. We decide what happens to the details you give us on this website, in both of our
              salons and the academy: in data protection law we are the &ldquo;controller&rdquo;. We are registered with
              the Information Commissioner&rsquo;s Office under number {CONTROLLER.icoRegistration}.
            </p>
            <p>
              For anything in this notice, e-mail{" "}
              <a className="underline underline-offset-4" href={`mailto:${CONTROLLER.email}`}>
                {CONTROLLER.email}
              </a>
              , call{" "}
              <a className="underline underline-offset-4" href={telHref(CONTROLLER.telephone)}>
                {CONTROLLER.telephone}
              </a>{" "}
              or write to us at the address above.
            </p>
          </PageSection>

          <PageSection id="what" title="What we keep, why, and for how long">
            <p>
              We only ask for what each form needs. Nothing is sold, and nothing is used for anything you would not
              expect.
            </p>
            <div className="space-y-6">
              {PURPOSES.map((purpose) => (
                <article key={purpose.form} className="card p-5 sm:p-7">
                  <h3 className="text-xl">{purpose.form}</h3>
                  <dl className="mt-4 space-y-3 text-sm sm:text-base">
                    <div>
                      <dt className="font-semibold">What we keep</dt>
                      <dd>{purpose.collects}</dd>
                    </div>
                    <div>
                      <dt className="font-semibold">Why</dt>
                      <dd>{purpose.why}</dd>
                    </div>
                    <div>
                      <dt className="font-semibold">Lawful basis</dt>
                      <dd>{purpose.basis}</dd>
                    </div>
                    <div>
                      <dt className="font-semibold">How long</dt>
                      <dd>{purpose.kept(say)}</dd>
                    </div>
                  </dl>
                </article>
              ))}
            </div>
            <p>
              These periods are applied automatically every hour: when a period runs out, the details are erased without
              anyone having to remember to do it.
            </p>
          </PageSection>

          <PageSection id="marketing" title="News and offers: only if you ask">
            <p>
              The quote form and the feedback survey each have two boxes, one for e-mail and one for texts. They start
              unticked, and your quote or feedback is handled exactly the same whether you tick them or not. The words
              beside them are:
            </p>
            <ul className="list-disc space-y-2 pl-6">
              <li>&ldquo;{MARKETING_CONSENT_WORDING.email}&rdquo;</li>
              <li>&ldquo;{MARKETING_CONSENT_WORDING.sms}&rdquo;</li>
            </ul>
            <p>To stop them, whenever you like:</p>
            <ul className="list-disc space-y-2 pl-6">
              <li>
                use the unsubscribe link in any of our e-mails (one click, no sign-in), or your mail app&rsquo;s own
                Unsubscribe button;
              </li>
              <li>reply STOP to any of our texts;</li>
              <li>or just tell us, using the contact details above.</li>
            </ul>
            <p>Your quote and any thank-you for applying are not marketing: they are what you asked us for.</p>
          </PageSection>

          <PageSection id="who-else" title="Who else sees your details">
            <ul className="list-disc space-y-2 pl-6">
              <li>
                <strong>Our e-mail provider</strong> delivers the e-mails we send you, and the notes about your
                application or feedback that go to our salon team.
              </li>
              <li>
                <strong>Our text message provider</strong> (Twilio) delivers our texts and passes us any reply such as
                STOP. It may handle them outside the UK, under the safeguards UK law requires for such transfers.
              </li>
              <li>
                <strong>Our hosting provider</strong> runs the computers this website and its database live on.
              </li>
            </ul>
            <p>
              Each of them acts only on our instructions and under a written contract. When you follow a link to book,
              our booking provider&rsquo;s own privacy notice applies to what you give them there.
            </p>
          </PageSection>

          <PageSection id="cookies" title="No cookies, no tracking">
            <p>
              This website sets no cookies for visitors, and runs no analytics, advertising or social media trackers.
              Everything a page needs comes from our own website. That is why you see no cookie banner: there is nothing
              to agree to. (Our staff sign in to a separate area with a cookie that only they ever receive.)
            </p>
          </PageSection>

          <PageSection id="counting" title="How we count visits to the price calculator">
            <p>
              To know whether the price calculator helps people book, we count how many visitors open it, reach their
              quote&rsquo;s summary, save it, open their saved quote, press Book and book. We count these ourselves, on
              our own website: no cookie, nothing sent to anyone else.
            </p>
            <p>
              So that one visitor counts once a day, the calculator&rsquo;s page sends us a short note of the step (and
              the salon, level or stylist chosen). From your internet address and browser we work out a code that
              changes every day, with a secret that we delete at the end of the day, and we keep only that code, never
              your address or your browser. Nobody, us included, can tell from it who you are, or link one day&rsquo;s
              visit to another&rsquo;s. If you arrived from a link of one of our campaigns or from another website, the
              campaign&rsquo;s name and that website&rsquo;s name (not the page) are kept with your quote when you save
              it; your browser holds them until then for this tab only.
            </p>
            <p>
              We do this in our legitimate interest in knowing what works, and you can object at any time: if your
              browser sends Global Privacy Control or Do Not Track, we count nothing from it; or use the switch below,
              which keeps your choice in this browser (not in a cookie).
            </p>
            <FunnelOptOut />
          </PageSection>

          <PageSection id="rights" title="Your rights, and how to use them">
            <p>You can ask us, free of charge:</p>
            <ul className="list-disc space-y-2 pl-6">
              <li>
                for a copy of everything we hold about you (we send it as a file you can open in any spreadsheet);
              </li>
              <li>to correct anything that is wrong;</li>
              <li>to erase your details, or to stop using them for a while;</li>
              <li>to stop using them where we rely on our legitimate interests;</li>
              <li>to withdraw your consent to news and offers.</li>
            </ul>
            <p>
              Tell us by e-mail, phone or letter (contact details above) and give us the e-mail address or mobile number
              you used with us, so we can find everything held under it. We may ask you to confirm it is really yours,
              and we answer within one month.
            </p>
            <p>
              If you are unhappy with how we have handled your details, please tell us first. You can also complain to
              the Information Commissioner&rsquo;s Office at{" "}
              <a className="underline underline-offset-4" href="https://ico.org.uk/make-a-complaint/" rel="noopener">
                ico.org.uk
              </a>{" "}
              or on 0303 123 1113.
            </p>
          </PageSection>

          <p className="text-sm text-muted">
            <Link to="/contact" className="underline underline-offset-4">
              Contact us
            </Link>{" "}
            with any question about this notice.
          </p>
        </div>
      </div>
    </>
  );
}

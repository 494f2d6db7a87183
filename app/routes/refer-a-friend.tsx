import { Link } from "~/components/link";
import { PageIntro } from "~/components/page-intro";
import { seo } from "~/components/page-meta";
import { ShareLink } from "~/components/share-link";
import { REFERRAL } from "~/domain/referral";
import { MAIN_SALON_ID } from "~/domain/salon-info";
import { getSalon } from "~/server/queries/catalogue.server";
import { requestContext } from "~/server/request-context.server";
import type { Route } from "./+types/refer-a-friend";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Refer a friend",
    description:
      "Recommend Maison Ivy to a friend: they get £20 off their first visit and you get a £20 voucher once they become a client.",
  });

const { friendWeeks: FRIEND_WEEKS, referrerWeeks: REFERRER_WEEKS } = REFERRAL;

export async function loader({ context }: Route.LoaderArgs) {
  const main = await getSalon(context.get(requestContext).db, MAIN_SALON_ID);
  return { bookingUrl: main?.bookingUrl ?? null };
}

export default function ReferAFriend({ loaderData }: Route.ComponentProps) {
  const { bookingUrl } = loaderData;
  const providerButton = bookingUrl ? (
    <a href={bookingUrl} className="btn-accent" rel="noopener">
      Go to your account
    </a>
  ) : null;
  return (
    <>
      <PageIntro
        eyebrow="Referrals"
        title="Refer a friend: £20 for them, £20 for you"
        lead={
          <p>
            Most of our new clients come from a friend's recommendation. When you send someone our way, we'd love to say
            thank you to you both.
          </p>
        }
      >
        {providerButton}
        <ShareLink title="Maison Ivy: £20 off your first visit" path="/refer-a-friend" label="Share with a friend" />
      </PageIntro>

      <div className="container-page space-y-16 py-14">
        <section aria-labelledby="rewards">
          <h2 id="rewards" className="sr-only">
            The rewards
          </h2>
          <ul className="grid gap-6 md:grid-cols-2">
            <li className="card p-8">
              <p className="font-display text-4xl text-accent-dark sm:text-5xl">£20 off</p>
              <h3 className="mt-3 text-xl">For your friend</h3>
              <p className="mt-2 leading-relaxed text-muted">
                £20 off their first visit to any of our salons, valid for {FRIEND_WEEKS} weeks from when you refer them.
              </p>
            </li>
            <li className="card p-8">
              <p className="font-display text-4xl text-accent-dark sm:text-5xl">£20 voucher</p>
              <h3 className="mt-3 text-xl">For you</h3>
              <p className="mt-2 leading-relaxed text-muted">
                A £20 voucher for your next appointment once your friend becomes a client, valid for {REFERRER_WEEKS}{" "}
                weeks.
              </p>
            </li>
          </ul>
        </section>

        <section aria-labelledby="how-it-works" className="max-w-3xl">
          <h2 id="how-it-works" className="text-3xl">
            How it works
          </h2>
          <ol className="mt-6 space-y-5">
            {[
              "Sign in to your account at our online booking provider (or create one: it takes a minute). The referral programme lives there, so an account is needed.",
              "Open the referrals section and send your personal invitation to a friend by text, e-mail or any app you like.",
              `Your friend books their first appointment through your invitation and gets £20 off, as long as they book within ${FRIEND_WEEKS} weeks.`,
              `Once they've had their first appointment with us, your £20 voucher appears in your account, ready to use within ${REFERRER_WEEKS} weeks.`,
            ].map((step, i) => (
              <li key={step} className="flex gap-4">
                <span
                  aria-hidden="true"
                  className="flex size-9 shrink-0 items-center justify-center rounded-full bg-ink font-semibold text-ivory"
                >
                  {i + 1}
                </span>
                <p className="pt-1.5 leading-relaxed">{step}</p>
              </li>
            ))}
          </ol>
          <div className="mt-8 flex flex-wrap gap-3">
            {providerButton}
            <Link to="/bookings" className="btn-outline">
              How booking works
            </Link>
          </div>
        </section>

        <section aria-labelledby="referral-small-print" className="max-w-3xl">
          <h2 id="referral-small-print" className="text-lg">
            Small print
          </h2>
          <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm leading-relaxed text-muted">
            <li>An online account at our booking provider is needed to refer a friend and to receive your voucher.</li>
            <li>
              Your friend must be new to Maison Ivy: no visit to any of our salons or the academy in the last 18 months.
            </li>
            <li>
              Your friend's £20 off is valid for {FRIEND_WEEKS} weeks; your £20 voucher is valid for {REFERRER_WEEKS}{" "}
              weeks after your friend becomes a client.
            </li>
            <li>Referral rewards cannot be exchanged for cash or combined with any other offer.</li>
          </ul>
        </section>
      </div>
    </>
  );
}

import type { ReactNode } from "react";
import { Link } from "~/components/link";
import { reviewsPath, teamPath } from "~/domain/paths";
import type { PictureRef } from "~/domain/pictures";
import { LineIcon } from "./icons";
import { Picture, Portrait } from "./picture";
import { ReturnLink } from "./return-link";
import { type FeedReview, ReviewFeed } from "./review-feed";
import { ShareLink } from "./share-link";
import { typicalPriceText } from "./team-card";

export interface ProfileMember {
  slug: string;
  firstName: string;
  lastName: string;
  levelName: string;
  image: string;
  montageImage: string;
  /** Uploaded pictures, shown instead of the illustrations. */
  photo: PictureRef | null;
  montage: PictureRef | null;
  para1: string;
  para2: string;
  para3: string | null;
  typicalPricePence: number | null;
  acceptingNewClients: boolean;
  instagram: string | null;
}

/** The montage spans the page's column, at most about 1200 px. */
const MONTAGE_SIZES = "(min-width: 1280px) 1200px, 100vw";

function paragraphs(member: ProfileMember): string[] {
  return [member.para1, member.para2, member.para3].filter((p): p is string => Boolean(p));
}

/** A stylist not taking new clients offers no quote with them: the same page suggests who else can. */
function QuoteButton({ member }: { member: ProfileMember }) {
  return (
    <Link to={`/prices/${member.slug}`} className={member.acceptingNewClients ? "btn-accent" : "btn-outline"}>
      {member.acceptingNewClients ? `Get a quote with ${member.firstName}` : "Find a stylist taking new clients"}
    </Link>
  );
}

/** The stylist's own booking link (the map of booking links), or their salon's: existing clients book here too. */
function BookButton({ member, bookingUrl }: { member: ProfileMember; bookingUrl: string | null }) {
  if (!bookingUrl) return null;
  return (
    <a href={bookingUrl} className="btn-outline" rel="noopener">
      Book with {member.firstName}
    </a>
  );
}

function FullColumnNote({ member }: { member: ProfileMember }) {
  if (member.acceptingNewClients) return null;
  return (
    <p className="mt-6 rounded-xl border border-line bg-sand/60 px-5 py-4 text-sm leading-relaxed">
      {member.firstName} isn't taking new clients at the moment. Existing clients can book as usual, and our{" "}
      <Link to="/team-info" className="underline underline-offset-2">
        team
      </Link>{" "}
      will happily recommend someone in the meantime.
    </p>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return <div className="mt-10 flex flex-wrap gap-3">{children}</div>;
}

/**
 * What stands where a member's montage goes: their uploaded montage; else,
 * once they have a photo, that photo (cropped about its focal point), since
 * the drawn montage draws their old portrait; else the drawn montage.
 */
export const montageShown = (member: Pick<ProfileMember, "montage" | "photo">) => member.montage ?? member.photo;

/** A member's montage: at the top of their page it loads first; lower down, when scrolled to. */
function Montage({ member, name, first = false }: { member: ProfileMember; name: string; first?: boolean }) {
  const shown = montageShown(member);
  return (
    <Picture
      picture={shown}
      fallback={member.montageImage}
      fallbackWidth={1200}
      fallbackHeight={600}
      sizes={MONTAGE_SIZES}
      alt={shown ? undefined : `${name} at work: portrait, hair detail and tools`}
      {...(first ? { fetchPriority: "high" as const } : { loading: "lazy" as const })}
      className={`${first ? "" : "mt-12 "}aspect-[2/1] h-auto w-full rounded-2xl border border-line bg-sand object-cover`}
    />
  );
}

/** /team/{slug}: montage, name, level, the three paragraphs, average price, their reviews, quote, share and back. */
export function StylistDetail({
  member,
  reviews,
  bookingUrl,
}: {
  member: ProfileMember;
  reviews: FeedReview[];
  bookingUrl: string | null;
}) {
  const name = `${member.firstName} ${member.lastName}`;
  return (
    <article className="container-page py-12 sm:py-16">
      <Montage member={member} name={name} first />
      <div className="mt-10 grid gap-12 lg:grid-cols-[3fr_2fr]">
        <div className="max-w-2xl">
          <p className="eyebrow">{member.levelName}</p>
          <h1 className="mt-3 text-4xl leading-tight sm:text-5xl">{name}</h1>
          {member.typicalPricePence === null ? null : (
            <p className="mt-4 text-lg font-medium" data-testid="typical-price">
              {typicalPriceText(member.typicalPricePence)}
              <span className="block text-sm font-normal text-muted">
                Roots colour with a cut &amp; blow-dry at {member.levelName} level, as the calculator prices it.
              </span>
            </p>
          )}
          <FullColumnNote member={member} />
          <div className="mt-8 space-y-4 leading-relaxed">
            {paragraphs(member).map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
          <Actions>
            <QuoteButton member={member} />
            <BookButton member={member} bookingUrl={bookingUrl} />
            <ShareLink
              title={`${name} at Maison Ivy`}
              path={teamPath(member.slug)}
              hiddenLabel={`${member.firstName}'s profile`}
            />
            <ReturnLink to="/team-info">Back to the team</ReturnLink>
          </Actions>
        </div>
        <div className="space-y-4">
          {reviews.length > 0 ? (
            <>
              <ReviewFeed reviews={reviews} heading={`What ${member.firstName}'s clients say`} />
              <p className="text-center">
                <Link to={reviewsPath(member.slug)} className="text-sm font-medium underline underline-offset-4">
                  All reviews of {member.firstName}
                </Link>
              </p>
            </>
          ) : null}
        </div>
      </div>
    </article>
  );
}

/** /team/{slug}-profile: photos, bio, Instagram, quote and back. */
export function StaticProfile({ member, bookingUrl }: { member: ProfileMember; bookingUrl: string | null }) {
  const name = `${member.firstName} ${member.lastName}`;
  return (
    <article className="container-page py-12 sm:py-16">
      <div className="grid items-start gap-10 lg:grid-cols-[2fr_3fr]">
        <Portrait
          of={member}
          sizes="(min-width: 480px) 448px, 100vw"
          alt={member.photo ? undefined : `Portrait of ${name}`}
          fetchPriority="high"
          className="aspect-[4/5] h-auto w-full max-w-md rounded-2xl border border-line bg-sand object-cover"
        />
        <div className="max-w-2xl">
          <p className="eyebrow">Profile · {member.levelName}</p>
          <h1 className="mt-3 text-4xl leading-tight sm:text-5xl">{name}</h1>
          <FullColumnNote member={member} />
          <div className="mt-8 space-y-4 leading-relaxed">
            {paragraphs(member).map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
          {member.instagram ? (
            <p className="mt-8">
              <a
                href={member.instagram}
                rel="noopener"
                className="inline-flex items-center gap-2 font-medium text-accent-dark underline underline-offset-4"
              >
                <LineIcon box={24} className="size-5">
                  <rect x="3" y="3" width="18" height="18" rx="5" />
                  <circle cx="12" cy="12" r="4" />
                  <circle cx="17.5" cy="6.5" r="1" fill="currentColor" />
                </LineIcon>
                Follow {member.firstName} on Instagram
              </a>
            </p>
          ) : null}
          <Actions>
            <QuoteButton member={member} />
            <BookButton member={member} bookingUrl={bookingUrl} />
            <ReturnLink to="/team-info">Back to the team</ReturnLink>
          </Actions>
        </div>
      </div>
      {/* With a photo and no montage, the drawn montage would bring back their old portrait, and the photo is above. */}
      {member.montage || !member.photo ? <Montage member={member} name={name} /> : null}
    </article>
  );
}

import { Link } from "~/components/link";
import { formatGBP } from "~/domain/format";
import { teamPath } from "~/domain/paths";
import type { PictureRef } from "~/domain/pictures";
import { Portrait } from "./picture";

export interface TeamCardMember {
  slug: string;
  firstName: string;
  lastName: string;
  levelName: string;
  image: string;
  /** An uploaded portrait, shown instead of the illustration. */
  photo: PictureRef | null;
  para1: string;
  /** The typical cut & colour at their level, from the price list (null: their level cannot do it). */
  typicalPricePence: number | null;
}

/** What a team page sends the browser of each member: the card's fields, nothing more. */
export function teamCardMember(m: TeamCardMember): TeamCardMember {
  const { slug, firstName, lastName, levelName, image, photo, para1, typicalPricePence } = m;
  return { slug, firstName, lastName, levelName, image, photo, para1, typicalPricePence };
}

/** "Typical cut & colour £98" (roots colour with a cut & blow-dry at their level), or nothing. */
export function typicalPriceText(pence: number | null): string | null {
  return pence === null ? null : `Typical cut & colour ${formatGBP(pence)}`;
}

/**
 * One team member on /team-info: portrait, name, level, first paragraph and
 * typical cut & colour price; a row with a small portrait on a phone, a tall card above. The whole card is one link (the name's), stretched over the
 * card so the portrait is clickable too without a second, duplicate link.
 */
export function TeamCard({
  member,
  headingLevel = "h2",
  eager = false,
}: {
  member: TeamCardMember;
  headingLevel?: "h2" | "h3";
  /** The first card is in the first screen: its portrait loads at once. */
  eager?: boolean;
}) {
  const Heading = headingLevel;
  const name = `${member.firstName} ${member.lastName}`;
  return (
    <article className="card group relative flex h-full gap-4 overflow-hidden p-3 transition-shadow hover:shadow-md has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-accent sm:flex-col sm:gap-0 sm:p-0">
      <Portrait
        of={member}
        sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 104px"
        alt=""
        loading={eager ? "eager" : "lazy"}
        fetchPriority={eager ? "high" : "auto"}
        className="h-32 w-[6.4rem] shrink-0 rounded-xl bg-sand object-cover sm:aspect-[4/5] sm:h-auto sm:w-full sm:rounded-none"
      />
      <div className="flex min-w-0 flex-1 flex-col py-1 sm:p-6">
        <p className="eyebrow">{member.levelName}</p>
        <Heading className="mt-1 text-xl sm:mt-2 sm:text-2xl">
          <Link
            to={teamPath(member.slug)}
            className="after:absolute after:inset-0 after:content-[''] underline-offset-4 group-hover:underline focus-visible:outline-none"
          >
            {name}
          </Link>
        </Heading>
        {/* On a phone the first paragraph is cut to three lines, so the whole team fits in a few screens; the profile has it all. */}
        <p className="mt-1.5 line-clamp-3 text-sm leading-snug text-muted sm:mt-3 sm:line-clamp-none sm:leading-relaxed">
          {member.para1}
        </p>
        <p className="mt-auto pt-2 text-sm font-medium text-ink sm:pt-5">
          {typicalPriceText(member.typicalPricePence)}
        </p>
      </div>
    </article>
  );
}

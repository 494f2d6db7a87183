import { Link } from "react-router";
import { formatGBP } from "~/domain/format";

export interface TeamCardMember {
  slug: string;
  firstName: string;
  lastName: string;
  levelName: string;
  image: string;
  para1: string;
  averagePricePence: number;
}

/** "Average Cut & Colour price £120" (spec 2.2). */
export function averagePriceText(pence: number): string {
  return `Average Cut & Colour price ${formatGBP(pence)}`;
}

/**
 * One team member on /team-info: portrait, name, level, first paragraph and
 * average price. The whole card is one link (the name's), stretched over the
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
    <article className="card group relative flex h-full flex-col overflow-hidden transition-shadow hover:shadow-md has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-accent">
      <img
        src={member.image}
        alt=""
        width={600}
        height={750}
        loading={eager ? "eager" : "lazy"}
        fetchPriority={eager ? "high" : "auto"}
        className="aspect-[4/5] w-full bg-sand object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        <p className="eyebrow">{member.levelName}</p>
        <Heading className="mt-2 text-2xl">
          <Link
            to={`/team/${member.slug}`}
            className="after:absolute after:inset-0 after:content-[''] underline-offset-4 group-hover:underline focus-visible:outline-none"
          >
            {name}
          </Link>
        </Heading>
        <p className="mt-3 text-sm leading-relaxed text-muted">{member.para1}</p>
        <p className="mt-auto pt-5 text-sm font-medium text-ink">{averagePriceText(member.averagePricePence)}</p>
      </div>
    </article>
  );
}

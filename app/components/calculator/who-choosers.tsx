import type { CalculatorState } from "~/domain/calculator-state";
import type { Level } from "~/domain/catalogue";
import { formatGBP } from "~/domain/format";
import type { CalculatorStylist } from "~/domain/stylist-choice";
import { inVisitOrder } from "~/domain/stylist-order";
import { Portrait } from "../picture";
import { useVisitSeed } from "../visit-order";
import { type CalculatorSalon, type LevelChoice, stepLinks } from "./calculator-view";
import { levelDescription } from "./labels";
import { CheckIcon, OptionList } from "./option-list";

/** "No one at this level is taking new clients": said on the level itself, before any choice is made there. */
const LEVEL_FULL_REASON = "Nobody at this level is taking new clients at the moment";

/**
 * Level mode's first step: the salon to visit (default 2) and the stylist
 * level, each level with what the chosen service type costs there ("from
 * £X"). A level where nobody takes new clients says so and cannot be chosen.
 */
export function LevelChooser({
  state,
  choices,
  salons,
}: {
  state: CalculatorState;
  choices: readonly LevelChoice[];
  salons: readonly CalculatorSalon[];
}) {
  return (
    <div className="space-y-6">
      <div>
        <h3 id="salon-choice" className="font-sans text-sm font-semibold">
          Which salon would you like to visit?
        </h3>
        <ul aria-labelledby="salon-choice" className="mt-3 flex flex-wrap gap-2">
          {salons.map((salon) => {
            const selected = salon.id === state.salon;
            return (
              <li key={salon.id}>
                <a
                  href={stepLinks.salon(state, salon.id)}
                  aria-current={selected ? "true" : undefined}
                  className="inline-flex min-h-11 items-center gap-2 rounded-full border border-line bg-white px-4 py-2 text-sm font-medium hover:border-ink aria-[current=true]:border-ink aria-[current=true]:bg-ink aria-[current=true]:text-ivory"
                >
                  {salon.name}
                </a>
              </li>
            );
          })}
        </ul>
      </div>
      <div>
        <h3 id="level-choice" className="font-sans text-sm font-semibold">
          Stylist level
        </h3>
        <p className="mt-1 text-sm text-muted">
          Prices rise with experience. Each level shows the lowest price for your service there; you'll meet the
          stylists at your level next.
        </p>
        <div className="mt-3">
          <OptionList
            label="Stylist levels"
            items={choices.map(({ level, fromPricePence, takingNewClients }) => ({
              key: level.id,
              name: level.name,
              description: levelDescription(level.id),
              detail: fromPricePence === null ? null : `from ${formatGBP(fromPricePence)}`,
              href: stepLinks.level(state, level.id),
              selected: level.id === state.level,
              unavailable: takingNewClients ? null : LEVEL_FULL_REASON,
            }))}
          />
        </div>
      </div>
    </div>
  );
}

/**
 * Stylist mode's first step: every stylist as a card, grouped by salon, in
 * the visit's random order (app/domain/stylist-order.ts). A stylist not taking
 * new clients is shown but cannot be chosen.
 */
export function StylistChooser({
  state,
  stylists,
  salons,
  levels,
}: {
  state: CalculatorState;
  stylists: readonly CalculatorStylist[];
  salons: readonly CalculatorSalon[];
  levels: readonly Level[];
}) {
  const levelName = (id: number) => levels.find((level) => level.id === id)?.name ?? "";
  // The server (and a visitor without JavaScript) has the team's order; once hydrated, this visit's random order.
  const seed = useVisitSeed();
  const ordered = seed === null ? stylists : inVisitOrder(stylists, seed);
  return (
    <div className="space-y-6">
      {salons.map((salon) => {
        const team = ordered.filter((stylist) => stylist.salonId === salon.id);
        if (team.length === 0) return null;
        const headingId = `stylists-at-${salon.id}`;
        return (
          <div key={salon.id}>
            <h3 id={headingId} className="font-sans text-sm font-semibold">
              {salon.name}
            </h3>
            <ul aria-labelledby={headingId} className="mt-3 grid gap-2.5 sm:grid-cols-2">
              {team.map((stylist) => (
                <li key={stylist.slug} data-stylist={stylist.slug}>
                  <StylistCard
                    stylist={stylist}
                    levelName={levelName(stylist.levelId)}
                    href={stepLinks.stylist(state, stylist)}
                    selected={stylist.slug === state.stylist}
                  />
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}

function StylistCard({
  stylist,
  levelName,
  href,
  selected,
}: {
  stylist: CalculatorStylist;
  levelName: string;
  href: string;
  selected: boolean;
}) {
  const name = `${stylist.firstName} ${stylist.lastName}`;
  const body = (
    <>
      <Portrait
        of={stylist}
        sizes="56px"
        alt=""
        loading="lazy"
        className="h-[70px] w-14 shrink-0 rounded-lg bg-sand object-cover"
      />
      <span className="min-w-0 flex-1">
        <span className="block font-medium">{name}</span>
        {/* Keeps the name and the level apart in the link's text, as in its label (no space is drawn between blocks). */}{" "}
        <span className="block text-sm text-muted">{levelName}</span>
        {stylist.acceptingNewClients ? null : (
          <span className="mt-0.5 block text-xs font-semibold text-muted">Not taking new clients</span>
        )}
      </span>
    </>
  );
  const base = "flex w-full items-center gap-4 rounded-xl border p-3 text-left";
  if (!stylist.acceptingNewClients) {
    return (
      <span
        aria-disabled="true"
        className={`${base} cursor-not-allowed border-dashed border-line bg-sand/40 text-muted`}
      >
        {body}
      </span>
    );
  }
  return (
    <a
      href={href}
      aria-current={selected ? "true" : undefined}
      aria-label={[name, levelName, selected ? "your choice" : null].filter(Boolean).join(", ")}
      className={`${base} border-line bg-white hover:border-ink aria-[current=true]:border-accent-dark aria-[current=true]:bg-blush/50 aria-[current=true]:ring-1 aria-[current=true]:ring-accent-dark`}
    >
      {body}
      {selected ? <CheckIcon /> : null}
    </a>
  );
}

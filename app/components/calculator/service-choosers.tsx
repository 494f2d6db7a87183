import { Fragment, type ReactNode } from "react";
import type { CalculatorState, ColourStep, ServiceOption, ServiceSlot, ServiceStep } from "~/domain/calculator-state";
import { ColourCat, type Level } from "~/domain/catalogue";
import { formatGBP } from "~/domain/format";
import { clientServiceName, colourCategoryName } from "~/domain/line-labels";
import type { PriceRounding } from "~/domain/price-rounding";
import { linePricePence } from "~/domain/pricing";
import { stepLinks } from "./calculator-view";
import { COLOUR_CATEGORY_BLURBS, unavailableReason } from "./labels";
import { type OptionItem, OptionList } from "./option-list";

function serviceItems(
  state: CalculatorState,
  slot: ServiceSlot,
  options: readonly ServiceOption[],
  selectedId: number | undefined,
  level: Level | undefined,
  rounding: PriceRounding,
): OptionItem[] {
  return options.map(({ service, available }) => ({
    key: service.id,
    name: clientServiceName(service),
    detail: level ? formatGBP(linePricePence(service, level, rounding)) : null,
    href: stepLinks.choose(state, slot, service.id),
    selected: service.id === selectedId,
    unavailable: available || !level ? null : unavailableReason(level.name),
  }));
}

/** Every step but the first and the colour: one list of services priced at the level. */
export function ServiceChooser({
  state,
  step,
  level,
  rounding,
  changeWhoHref,
}: {
  state: CalculatorState;
  step: ServiceStep;
  level: Level | undefined;
  rounding: PriceRounding;
  /** Reopens the level/stylist step, offered with the men's cut notice. */
  changeWhoHref: string;
}) {
  return (
    <div className="space-y-4">
      {step.notice ? (
        <div className="rounded-xl border border-accent/40 bg-blush/60 p-4 text-sm">
          <p className="font-medium">{step.notice}</p>
          <p className="mt-2">
            <a href={changeWhoHref} className="font-semibold text-accent-dark underline underline-offset-2">
              {state.mode === "stylist" ? "Choose a different stylist" : "Choose a different level"}
            </a>
          </p>
        </div>
      ) : null}
      {step.optional ? (
        <p className="text-sm text-muted">Optional: a bond-builder protects your hair while it's coloured.</p>
      ) : null}
      <OptionList
        label={step.title}
        items={[
          ...serviceItems(state, step.key, step.options, step.selectedId, level, rounding),
          ...(step.optional
            ? [
                {
                  key: "none",
                  name: "None",
                  detail: level ? formatGBP(0) : null,
                  href: stepLinks.leaveOut(state, step.key),
                  selected: step.selectedId === undefined,
                  unavailable: null,
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}

/** Links to colour categories inside a sentence; a category the level cannot do stays plain text. */
function CategoryLink({ state, step, colourCat }: { state: CalculatorState; step: ColourStep; colourCat: number }) {
  const name = colourCategoryName(colourCat).toLowerCase();
  const available = step.categories.find((category) => category.colourCat === colourCat)?.available ?? false;
  if (!available || step.colourCat === colourCat) return <>{name}</>;
  return (
    <a
      href={stepLinks.colourCategory(state, colourCat)}
      className="font-semibold text-accent-dark underline underline-offset-2"
    >
      {name}
    </a>
  );
}

function CategoryHints({ state, step }: { state: CalculatorState; step: ColourStep }) {
  const link = (colourCat: number) => <CategoryLink state={state} step={step} colourCat={colourCat} />;
  const hints: { cats: number[]; text: ReactNode }[] = [
    {
      cats: [ColourCat.Foils, ColourCat.Balayage],
      text: (
        <>
          Looking for a lighter look? Try {link(ColourCat.Foils)} or {link(ColourCat.Balayage)}.
        </>
      ),
    },
    {
      cats: [ColourCat.Classic],
      text: <>Just covering greys or regrowth? Choose {link(ColourCat.Classic)} colour.</>,
    },
    {
      cats: [ColourCat.Vivids, ColourCat.Bleach],
      text: (
        <>
          Going bold? See {link(ColourCat.Vivids)}, or {link(ColourCat.Bleach)} for a platinum base.
        </>
      ),
    },
    { cats: [ColourCat.Correction], text: <>Need a colour put right? Choose {link(ColourCat.Correction)}.</> },
  ];
  // A hint is worth showing only while it points somewhere new that the level can do.
  const useful = (colourCat: number) =>
    colourCat !== step.colourCat &&
    step.categories.some((category) => category.colourCat === colourCat && category.available);
  const shown = hints.filter((hint) => hint.cats.some(useful));
  if (shown.length === 0) return null;
  return (
    <p className="text-sm leading-relaxed text-muted">
      {shown.map((hint, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, rendered once on the server
        <Fragment key={index}>
          {index > 0 ? " " : null}
          {hint.text}
        </Fragment>
      ))}
    </p>
  );
}

/** The colour step: the seven categories first, then the chosen category's services. */
export function ColourChooser({
  state,
  step,
  level,
  rounding,
}: {
  state: CalculatorState;
  step: ColourStep;
  level: Level | undefined;
  rounding: PriceRounding;
}) {
  if (step.colourCat === undefined) {
    return (
      <div className="space-y-4">
        <CategoryHints state={state} step={step} />
        <OptionList
          label="Colour categories"
          items={step.categories.map(({ colourCat, available }) => ({
            key: colourCat,
            name: colourCategoryName(colourCat),
            description: COLOUR_CATEGORY_BLURBS[colourCat],
            href: stepLinks.colourCategory(state, colourCat),
            selected: false,
            unavailable: available || !level ? null : unavailableReason(level.name),
          }))}
        />
      </div>
    );
  }
  const blurb = COLOUR_CATEGORY_BLURBS[step.colourCat];
  const backLink = (
    <p>
      <a
        href={stepLinks.backToCategories(state)}
        className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-accent-dark underline underline-offset-2"
      >
        <span aria-hidden="true">←</span> Click to go back to the categories
      </a>
    </p>
  );
  // After a level change the whole category may be out of reach: then the way back comes first.
  const nothingAvailable = step.options.every((option) => !option.available);
  return (
    <div className="space-y-4">
      <div>
        <h3 className="text-xl">{colourCategoryName(step.colourCat)}</h3>
        {blurb ? <p className="mt-1 text-sm text-muted">{blurb}</p> : null}
      </div>
      {nothingAvailable ? backLink : null}
      <OptionList
        label={`${colourCategoryName(step.colourCat)} services`}
        items={serviceItems(state, "colour", step.options, step.selectedId, level, rounding)}
      />
      <CategoryHints state={state} step={step} />
      {nothingAvailable ? null : backLink}
    </div>
  );
}

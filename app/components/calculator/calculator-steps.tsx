import { withChange } from "~/domain/calculator-state";
import { formatGBP } from "~/domain/format";
import { levelUp } from "~/domain/pricing";
import { type CalculatorView, CURRENT_STEP_ID, calculatorHref, STEP_HEADING, type StepView } from "./calculator-view";
import { ColourChooser, ServiceChooser } from "./service-choosers";
import { LevelChooser, StylistChooser } from "./who-choosers";

export function ProgressLine({ view }: { view: CalculatorView }) {
  const total = view.steps.length;
  const open = view.openStep;
  const text = open ? `Step ${open.number} of ${total}` : `All ${total} steps chosen`;
  return (
    <div>
      <p className="text-sm font-semibold text-muted" aria-live="polite">
        {text}
        {open ? <span className="font-normal">: {open.step.title}</span> : null}
      </p>
      <ol aria-hidden="true" className="mt-2 flex gap-1.5">
        {view.steps.map((step) => (
          <li
            key={step.step.key}
            className={`h-1.5 flex-1 rounded-full ${
              step.status === "open" ? "bg-accent" : step.status === "done" ? "bg-ink" : "bg-line"
            }`}
          />
        ))}
      </ol>
    </div>
  );
}

function headingId(step: StepView) {
  return `step-${step.step.key}`;
}

function ClosedStep({ step }: { step: StepView }) {
  const done = step.status === "done";
  return (
    <section
      aria-labelledby={headingId(step)}
      className={`flex min-h-16 items-center gap-4 rounded-xl border px-4 py-3 ${done ? "border-line bg-white/70" : "border-dashed border-line"}`}
    >
      <span
        aria-hidden="true"
        className={`flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${done ? "bg-ink text-ivory" : "bg-sand text-muted"}`}
      >
        {step.number}
      </span>
      <div className="min-w-0 flex-1">
        <h2 id={headingId(step)} className="font-sans text-xs font-semibold tracking-wide text-muted uppercase">
          {step.label}
        </h2>
        <p className={`mt-0.5 text-sm ${done ? "font-medium text-ink" : "text-muted"}`}>
          {done ? step.summary : step.status === "todo" ? "Still to choose" : "Coming up"}
          {done && step.pricePence !== null ? (
            <span className="text-muted"> — {formatGBP(step.pricePence)}</span>
          ) : null}
        </p>
      </div>
      {step.changeHref ? (
        <a
          href={step.changeHref}
          className="shrink-0 rounded-full px-3 py-2 text-sm font-semibold text-accent-dark underline underline-offset-2 hover:bg-blush"
        >
          {done ? "Change" : "Choose"}
          <span className="sr-only"> {step.label.toLowerCase()}</span>
        </a>
      ) : null}
    </section>
  );
}

function UnavailableNotice({ view }: { view: CalculatorView }) {
  if (view.unavailableChoices.length === 0 || !view.level) return null;
  const openLevels = view.levelChoices.filter((choice) => choice.takingNewClients).map((choice) => choice.level);
  const up = view.state.mode !== "stylist" ? levelUp(view.level.id, openLevels) : null;
  const upLevel = up === null ? undefined : view.data.catalogue.levels.find((level) => level.id === up);
  return (
    <div role="status" className="rounded-xl border border-accent/40 bg-blush/60 p-4 text-sm">
      <p className="font-medium">
        {view.state.mode === "stylist" && view.stylist
          ? `${view.stylist.firstName} (${view.level.name}) doesn't offer`
          : `At ${view.level.name} level we don't offer`}{" "}
        {view.unavailableChoices.map((choice) => choice.label).join(", ")}. Please choose again
        {upLevel ? (
          <>
            {" "}
            or{" "}
            <a
              href={calculatorHref(withChange(view.state, { level: upLevel.id }))}
              className="font-semibold text-accent-dark underline underline-offset-2"
            >
              go up to {upLevel.name}
            </a>
          </>
        ) : null}
        .
      </p>
    </div>
  );
}

function OpenStep({ step, view }: { step: StepView; view: CalculatorView }) {
  const { state, data, level } = view;
  const inner = step.step;
  const whoHref = calculatorHref(state, "level");
  return (
    <section
      id={CURRENT_STEP_ID}
      aria-labelledby={headingId(step)}
      className="card scroll-mt-24 animate-[fade-in_240ms_ease-out] p-5 sm:p-7"
    >
      <p className="eyebrow">
        Step {step.number} of {view.steps.length}
      </p>
      <h2
        id={headingId(step)}
        {...{ [STEP_HEADING]: "" }}
        tabIndex={-1}
        className="mt-2 text-2xl outline-none sm:text-3xl"
      >
        {inner.title}
      </h2>
      <div className="mt-5 space-y-5">
        <UnavailableNotice view={view} />
        {inner.kind === "level" ? (
          inner.mode === "stylist" ? (
            <StylistChooser
              state={state}
              stylists={data.stylists}
              salons={data.salons}
              levels={data.catalogue.levels}
            />
          ) : (
            <LevelChooser state={state} choices={view.levelChoices} salons={data.salons} />
          )
        ) : inner.kind === "colour" ? (
          <ColourChooser state={state} step={inner} level={level} rounding={data.catalogue.rounding} />
        ) : (
          <ServiceChooser
            state={state}
            step={inner}
            level={level}
            rounding={data.catalogue.rounding}
            changeWhoHref={whoHref}
          />
        )}
      </div>
    </section>
  );
}

/** The flow's steps in order: finished ones as one-line summaries, the open one in full. */
export function CalculatorSteps({ view }: { view: CalculatorView }) {
  return (
    <ol aria-label="Quote steps" className="space-y-3">
      {view.steps.map((step) => (
        <li key={step.step.key}>
          {step.status === "open" ? <OpenStep step={step} view={view} /> : <ClosedStep step={step} />}
        </li>
      ))}
    </ol>
  );
}

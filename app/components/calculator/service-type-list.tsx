import type { CalculatorType } from "~/domain/calculator-state";
import { LineIcon } from "../icons";
import { SERVICE_TYPES } from "./labels";

/** Simple line drawings, one per service type; decorative. */
function TypeIcon({ type }: { type: CalculatorType }) {
  const paths: Record<CalculatorType, string> = {
    colour: "M12 3c3 4 6 7.5 6 11a6 6 0 0 1-12 0c0-3.5 3-7 6-11z M9 15a3 3 0 0 0 3 3",
    cutting: "M6 6a2.5 2.5 0 1 0 0 .01M6 18a2.5 2.5 0 1 0 0 .01M8 7.5 20 18M8 16.5 20 6",
    mens: "M7 10V8a5 5 0 0 1 10 0v2M5 10h14M8 10v3a4 4 0 0 0 8 0v-3M10 20h4",
  };
  return (
    <LineIcon box={24} width="28" height="28" className="size-7 text-accent-dark" strokeWidth={1.5}>
      <path d={paths[type]} strokeLinecap="round" strokeLinejoin="round" />
    </LineIcon>
  );
}

/** The three service types, each a plain link (works without JavaScript). */
export function ServiceTypeList({
  hrefFor,
  headingLevel = 2,
}: {
  hrefFor: (type: CalculatorType) => string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {SERVICE_TYPES.map((copy) => (
        <li key={copy.type} className="relative">
          <div className="card flex h-full flex-col p-6 transition-colors focus-within:border-ink hover:border-ink">
            <TypeIcon type={copy.type} />
            <Heading className="mt-4 text-2xl">
              <a
                href={hrefFor(copy.type)}
                className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:ring-3 focus-visible:after:ring-accent"
              >
                {copy.name}
              </a>
            </Heading>
            <p className="mt-2 flex-1 text-sm leading-relaxed text-muted">{copy.blurb}</p>
            <span aria-hidden="true" className="mt-5 text-sm font-semibold text-accent-dark">
              Get a quote →
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}

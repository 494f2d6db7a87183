import { useState } from "react";

/**
 * The calculator's reference: a plain React page of steps, each a list of choices as links, the chosen ones
 * summed in a summary, as the site's calculator shows a quote being built. A tap on a choice moves to the next
 * step in React state, with no request. The bench taps both pages in the same run (bench/browser.js).
 */
const STEPS = ["Type", "Length", "Colour", "Add-on", "Treatment", "Finish", "Finishing touch", "Level"];
const CHOICES = Array.from({ length: 8 }, (_, i) => ({ name: `Choice ${i + 1}`, pence: 2500 + i * 750 }));

export function meta() {
  return [{ title: "Reference calculator" }];
}

export default function Taps() {
  const [chosen, setChosen] = useState<number[]>([]);
  const step = chosen.length;
  const total = chosen.reduce((sum, i) => sum + (CHOICES[i]?.pence ?? 0), 0);
  return (
    <main>
      <h1>Your quote</h1>
      <ol>
        {chosen.map((choice, i) => (
          <li key={STEPS[i]}>
            {STEPS[i]}: {CHOICES[choice]?.name} £{((CHOICES[choice]?.pence ?? 0) / 100).toFixed(2)}
          </li>
        ))}
      </ol>
      <p>Total £{(total / 100).toFixed(2)}</p>
      {step < STEPS.length && (
        <section id="current-step">
          <h2>
            Step {step + 1} of {STEPS.length}: {STEPS[step]}
          </h2>
          <ul>
            {CHOICES.map((choice, i) => (
              <li key={choice.name}>
                <a
                  href={`?step=${step}&choice=${i}`}
                  onClick={(event) => {
                    event.preventDefault();
                    setChosen([...chosen, i]);
                  }}
                >
                  {choice.name} £{(choice.pence / 100).toFixed(2)}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}

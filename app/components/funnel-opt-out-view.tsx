import { useEffect, useState } from "react";
import { browserObjects, optedOutHere, setOptedOutHere } from "./funnel-beacon";

const WORDS = {
  script: "Without JavaScript your browser sends us no counts, so there is nothing to switch off.",
  browser:
    "Your browser asks sites not to follow you (Global Privacy Control or Do Not Track): we count nothing from it.",
  out: "You asked us not to count your visits from this browser: we count nothing from it.",
  in: "Visits from this browser are counted, anonymously, as described above.",
  stop: "Don’t count my visits",
  again: "Count my visits again",
};

type Choice = "browser" | "out" | "in";

function choiceInForce(): Choice {
  if (browserObjects()) return "browser";
  return optedOutHere() ? "out" : "in";
}

/**
 * The switch on /privacy that stops this browser being counted in the price
 * calculator's funnel (decision 076), the island `funnel-opt-out`. The choice
 * is kept in the browser's localStorage, not a cookie: it never reaches our
 * server, which only stops receiving counts. The server renders it as it is
 * without JavaScript (nothing is sent, so nothing to switch off); once
 * hydrated it says what is in force and offers the switch, unless the browser
 * itself objects.
 */
export function FunnelOptOutSwitch() {
  const [choice, setChoice] = useState<Choice | undefined>(undefined);
  useEffect(() => setChoice(choiceInForce()), []);
  const toggle = () => {
    setOptedOutHere(choice !== "out");
    setChoice(choiceInForce());
  };
  return (
    <div className="card flex flex-col items-start gap-3 p-4">
      <p id="funnel-opt-out-status" role="status">
        {WORDS[choice ?? "script"]}
      </p>
      <button
        id="funnel-opt-out"
        type="button"
        className="btn-outline"
        hidden={choice === undefined || choice === "browser"}
        onClick={toggle}
      >
        {choice === "out" ? WORDS.again : WORDS.stop}
      </button>
    </div>
  );
}

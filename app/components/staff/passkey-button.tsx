import { type ReactNode, useState } from "react";
import { staffPath } from "~/domain/staff/routes";

const BUSY_LABEL = "Waiting for your passkey…";

/** What the passkey route answered, or an Error with what to tell the person. */
async function post(url: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  // Asked to sign in (again) first: the page to do it on, which brings the person back here after.
  if (response.status === 401 && typeof answer.signIn === "string") {
    window.location.assign(answer.signIn);
    throw new Error(typeof answer.error === "string" ? answer.error : "Please sign in again.");
  }
  if (!response.ok)
    throw new Error(typeof answer.error === "string" ? answer.error : "That didn't work. Please try again.");
  return answer;
}

function cancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError");
}

/**
 * Runs a passkey ceremony: asks the server for options, hands them to the
 * device's authenticator, sends its answer back and returns the page the
 * server names. SimpleWebAuthn's browser half is loaded only now, so the
 * pages that show the button do not pay for it.
 */
export async function passkeyCeremony(options: {
  mode: "sign-in" | "register";
  next?: string;
  label?: string;
}): Promise<string> {
  const endpoint = staffPath("passkey");
  const webauthn = await import("@simplewebauthn/browser");
  if (!webauthn.browserSupportsWebAuthn())
    throw new Error("This browser cannot use passkeys: use the e-mail code below.");
  const { options: optionsJSON, challengeId } = await post(endpoint, { intent: `${options.mode}-options` });
  const response =
    options.mode === "sign-in"
      ? await webauthn.startAuthentication({ optionsJSON: optionsJSON as never })
      : await webauthn.startRegistration({ optionsJSON: optionsJSON as never });
  const done = await post(endpoint, {
    intent: `${options.mode}-verify`,
    challengeId,
    response,
    next: options.next,
    label: options.label,
  });
  if (typeof done.next !== "string") throw new Error("That didn't work. Please try again.");
  return done.next;
}

/**
 * A button that runs a passkey ceremony, then opens the page the server
 * names as a new document (a new session cookie, a new page). A browser
 * without scripting does not show it (the page says so and offers the e-mail
 * code); every other shows it from the first paint, so nothing moves when
 * React takes over the page.
 */
export function PasskeyButton({
  mode,
  next,
  labelField,
  children,
  ceremony = passkeyCeremony,
}: {
  mode: "sign-in" | "register";
  /** Where a sign-in goes afterwards. */
  next?: string;
  /** The id of the field naming a new passkey. */
  labelField?: string;
  children: ReactNode;
  /** The ceremony itself: a unit test gives its own. */
  ceremony?: typeof passkeyCeremony;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState("");
  const start = async () => {
    setBusy(true);
    setProblem("");
    try {
      const label = labelField
        ? (document.getElementById(labelField) as HTMLInputElement | null)?.value || undefined
        : undefined;
      window.location.assign(await ceremony({ mode, next, label }));
    } catch (error) {
      setBusy(false);
      setProblem(
        cancelled(error)
          ? "The passkey was not used. Try again, or use the e-mail code."
          : error instanceof Error
            ? error.message
            : String(error),
      );
    }
  };
  return (
    <div className="block">
      <button
        type="button"
        className="btn-primary noscript:hidden"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void start()}
      >
        {busy ? BUSY_LABEL : children}
      </button>
      <p role="alert" className="mt-2 text-sm text-accent-dark">
        {problem}
      </p>
    </div>
  );
}

/**
 * Buttons that run a passkey ceremony: ask the server for options, hand them
 * to the browser's authenticator, send the answer back. SimpleWebAuthn's
 * browser half is loaded only when the button is pressed.
 */
import { type ReactNode, useState } from "react";
import { staffPath } from "~/domain/staff/routes";

async function post(body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await fetch(staffPath("passkey"), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok)
    throw new Error(typeof answer.error === "string" ? answer.error : "That didn't work. Please try again.");
  return answer;
}

function cancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError");
}

export function PasskeyButton({
  mode,
  next,
  label,
  children,
  onDone,
}: {
  mode: "sign-in" | "register";
  next?: string;
  label?: string;
  children: ReactNode;
  onDone?: () => void;
}) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  async function run() {
    setState({ busy: true, error: null });
    try {
      const webauthn = await import("@simplewebauthn/browser");
      if (!webauthn.browserSupportsWebAuthn())
        throw new Error("This browser cannot use passkeys: use the e-mail code below.");
      const { options, challengeId } = await post({ intent: `${mode}-options` });
      const response =
        mode === "sign-in"
          ? await webauthn.startAuthentication({ optionsJSON: options as never })
          : await webauthn.startRegistration({ optionsJSON: options as never });
      const done = await post({ intent: `${mode}-verify`, challengeId, response, next, label });
      if (typeof done.next === "string") window.location.assign(done.next);
      else {
        setState({ busy: false, error: null });
        onDone?.();
      }
    } catch (error) {
      setState({
        busy: false,
        error: cancelled(error)
          ? "The passkey was not used. Try again, or use the e-mail code."
          : error instanceof Error
            ? error.message
            : String(error),
      });
    }
  }
  return (
    <div>
      <button type="button" className="btn-primary" onClick={run} disabled={state.busy} aria-busy={state.busy}>
        {state.busy ? "Waiting for your passkey…" : children}
      </button>
      <p role="alert" className="mt-2 text-sm text-accent-dark">
        {state.error ?? ""}
      </p>
    </div>
  );
}

import { defineElement, selector } from "../define-element";

/** The markup `<passkey-button>` works on (app/components/staff/passkey-button.tsx renders it). */
export const PASSKEY_BUTTON = {
  tag: "passkey-button",
  /** Where the ceremony's JSON goes (the console's passkey route). */
  endpoint: "data-endpoint",
  /** "sign-in" or "register". */
  mode: "data-mode",
  /** Where a sign-in goes afterwards. */
  next: "data-next",
  /** The id of the field holding a new passkey's name. */
  labelField: "data-label-field",
  /** The button that runs the ceremony. */
  start: "data-start",
  /** Where a failure is said (role="alert"). */
  status: "data-status",
} as const;

const BUSY_LABEL = "Waiting for your passkey…";

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
 * `<passkey-button>`: runs a passkey ceremony (ask the server for options,
 * hand them to the device's authenticator, send its answer back), then opens
 * the page the server names. Without scripting there is no ceremony, so the
 * button is not shown then (CSS, `scripting: none`); SimpleWebAuthn's
 * browser half is loaded only when it is pressed.
 */
export function definePasskeyButton() {
  defineElement(
    PASSKEY_BUTTON.tag,
    (Base) =>
      class PasskeyButtonElement extends Base {
        override connect(signal: AbortSignal) {
          const button = this.querySelector<HTMLButtonElement>(selector(PASSKEY_BUTTON.start));
          const status = this.querySelector<HTMLElement>(selector(PASSKEY_BUTTON.status));
          if (!button || !status) return;
          const idle = button.textContent ?? "";
          const busy = (on: boolean) => {
            button.disabled = on;
            button.setAttribute("aria-busy", String(on));
            button.textContent = on ? BUSY_LABEL : idle;
          };
          button.addEventListener(
            "click",
            async () => {
              busy(true);
              status.textContent = "";
              try {
                window.location.assign(await this.#ceremony());
              } catch (error) {
                busy(false);
                status.textContent = cancelled(error)
                  ? "The passkey was not used. Try again, or use the e-mail code."
                  : error instanceof Error
                    ? error.message
                    : String(error);
              }
            },
            { signal },
          );
        }

        /** The page to open once the server has accepted the passkey. */
        async #ceremony(): Promise<string> {
          const endpoint = this.getAttribute(PASSKEY_BUTTON.endpoint) ?? "";
          const mode = this.getAttribute(PASSKEY_BUTTON.mode) === "register" ? "register" : "sign-in";
          const webauthn = await import("@simplewebauthn/browser");
          if (!webauthn.browserSupportsWebAuthn())
            throw new Error("This browser cannot use passkeys: use the e-mail code below.");
          const { options, challengeId } = await post(endpoint, { intent: `${mode}-options` });
          const response =
            mode === "sign-in"
              ? await webauthn.startAuthentication({ optionsJSON: options as never })
              : await webauthn.startRegistration({ optionsJSON: options as never });
          const labelField = this.getAttribute(PASSKEY_BUTTON.labelField);
          const label = labelField
            ? (document.getElementById(labelField) as HTMLInputElement | null)?.value
            : undefined;
          const done = await post(endpoint, {
            intent: `${mode}-verify`,
            challengeId,
            response,
            next: this.getAttribute(PASSKEY_BUTTON.next) ?? undefined,
            label,
          });
          if (typeof done.next !== "string") throw new Error("That didn't work. Please try again.");
          return done.next;
        }
      },
  );
}

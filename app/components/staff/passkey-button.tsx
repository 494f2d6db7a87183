import type { ReactNode } from "react";
import { staffPath } from "~/domain/staff/routes";
import { PASSKEY_BUTTON } from "~/enhance/console/passkey-button";
import { part } from "~/enhance/define-element";

/**
 * A button that runs a passkey ceremony, done in the browser by
 * `<passkey-button>` (app/enhance/console/passkey-button.ts). A browser
 * without scripting does not show it (the page says so and offers the e-mail
 * code); every other shows it from the first paint, so nothing moves on the
 * page when the element's script arrives.
 */
export function PasskeyButton({
  mode,
  next,
  labelField,
  children,
}: {
  mode: "sign-in" | "register";
  /** Where a sign-in goes afterwards. */
  next?: string;
  /** The id of the field naming a new passkey. */
  labelField?: string;
  children: ReactNode;
}) {
  return (
    <passkey-button
      {...part(PASSKEY_BUTTON.endpoint, staffPath("passkey"))}
      {...part(PASSKEY_BUTTON.mode, mode)}
      {...(next ? part(PASSKEY_BUTTON.next, next) : {})}
      {...(labelField ? part(PASSKEY_BUTTON.labelField, labelField) : {})}
      className="block"
    >
      <button type="button" className="btn-primary noscript:hidden" {...part(PASSKEY_BUTTON.start)}>
        {children}
      </button>
      <p role="alert" className="mt-2 text-sm text-accent-dark" {...part(PASSKEY_BUTTON.status)} />
    </passkey-button>
  );
}

import type { ReactNode } from "react";
import { MARKETING_CONSENT_WORDING, PRIVACY_PATH } from "~/domain/privacy";
import { type AnyField, Checkbox } from "./fields";

/**
 * The two marketing opt-ins, one per channel, both unticked until the person
 * ticks them, and kept apart from what the form is for. The labels are the
 * very words stored with each consent.
 */
export function MarketingConsent({
  email,
  sms,
  children,
}: {
  email: AnyField;
  sms: AnyField;
  /** Anything the e-mail box needs, such as an address field on a form that asks none. */
  children?: ReactNode;
}) {
  return (
    <fieldset className="space-y-3">
      <legend className="font-display text-xl">
        News and offers <span className="font-sans text-base font-normal text-muted">(optional)</span>
      </legend>
      <p className="text-sm leading-relaxed text-muted">
        Only if you'd like them: tick either, both or neither. It makes no difference to anything else on this form.
      </p>
      <Checkbox meta={email} label={MARKETING_CONSENT_WORDING.email} />
      {children}
      <Checkbox meta={sms} label={MARKETING_CONSENT_WORDING.sms} />
    </fieldset>
  );
}

/** Beside every submit button: what happens to what was typed. */
export function PrivacyNote({ children }: { children?: ReactNode }) {
  return (
    <p className="text-sm leading-relaxed text-muted">
      {children ? <>{children} </> : null}
      <a href={PRIVACY_PATH} className="text-accent-dark underline underline-offset-4 hover:text-ink">
        How we use your details
      </a>
      .
    </p>
  );
}

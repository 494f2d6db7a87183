import { selector } from "../define-element";

/** What the console's edit forms carry for this script (app/components/staff/edit.tsx). */
export const SAVE_ONCE = {
  /** On a form that must be sent once: a second send of the same row's version would be refused as stale. */
  form: "data-save-once",
  /** On its submit button: what it says while the form is sent. */
  busyLabel: "data-busy-label",
  /** Set on the form while it is sent. */
  sending: "data-sending",
} as const;

/**
 * An edit form is sent once: a second press of Save while the page is still
 * on its way would post the same version again, and the server would answer
 * that someone else had changed the row. The button says it is saving. Should
 * the browser bring the page back from its history, the form can be sent
 * again. The listeners sit on the document, so every form is covered.
 */
export function enhanceSaveOnce(doc: Document = document) {
  const idleLabels = new WeakMap<HTMLButtonElement, string>();
  doc.addEventListener("submit", (event) => {
    const form = event.target;
    if (event.defaultPrevented || !(form instanceof HTMLFormElement) || !form.matches(selector(SAVE_ONCE.form))) return;
    if (form.hasAttribute(SAVE_ONCE.sending)) {
      event.preventDefault();
      return;
    }
    form.setAttribute(SAVE_ONCE.sending, "");
    for (const button of form.querySelectorAll<HTMLButtonElement>(selector(SAVE_ONCE.busyLabel))) {
      idleLabels.set(button, button.textContent ?? "");
      button.textContent = button.getAttribute(SAVE_ONCE.busyLabel);
      button.setAttribute("aria-disabled", "true");
    }
  });
  doc.defaultView?.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    for (const form of doc.querySelectorAll(`${selector(SAVE_ONCE.form)}${selector(SAVE_ONCE.sending)}`)) {
      form.removeAttribute(SAVE_ONCE.sending);
      for (const button of form.querySelectorAll<HTMLButtonElement>(selector(SAVE_ONCE.busyLabel))) {
        button.textContent = idleLabels.get(button) ?? button.textContent;
        button.removeAttribute("aria-disabled");
      }
    }
  });
}

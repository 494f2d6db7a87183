import { type FormFieldScript, fieldProblems } from "~/domain/field-check";

/** Past this the send counts as lost: the visitor is told, and may send again with the same key. */
const SEND_TIMEOUT_MS = 20_000;

const smoothScroll = (): ScrollBehavior =>
  window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";

function clone(form: HTMLFormElement, name: string): HTMLElement | null {
  const template = form.querySelector<HTMLTemplateElement>(`template[data-template="${name}"]`);
  return (template?.content.firstElementChild?.cloneNode(true) as HTMLElement | undefined) ?? null;
}

function fieldsOf(form: HTMLFormElement): FormFieldScript[] {
  try {
    return JSON.parse(form.dataset.fields ?? "[]") as FormFieldScript[];
  } catch {
    return [];
  }
}

/** The form's values as it would post them: text only, the last of a repeated name. */
function valuesOf(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === "string") values[name] = value;
  return values;
}

function toggleToken(element: Element, attribute: string, token: string, on: boolean) {
  const tokens = (element.getAttribute(attribute) ?? "").split(/\s+/).filter((t) => t && t !== token);
  const next = on ? [token, ...tokens] : tokens;
  if (next.length > 0) element.setAttribute(attribute, next.join(" "));
  else element.removeAttribute(attribute);
}

function focusOn(element: HTMLElement, block: ScrollLogicalPosition) {
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block, behavior: smoothScroll() });
}

/** The element's tag (components/forms/submission-form.tsx renders it). */
export const SUBMISSION_FORM = { tag: "submission-form" } as const;

/**
 * `<submission-form>`: every public form (the job, model, feedback and quote
 * forms), around the plain <form method="post"> the server renders
 * (components/forms/submission-form.tsx), which is what a visitor without
 * JavaScript uses. With it:
 * - a submit first checks the fields with the rules the page sends along
 *   (the schema's own, app/domain/field-check.ts), shows each field's
 *   messages and the summary, and moves the focus to the summary; after that
 *   a field is checked again as the visitor changes it;
 * - a valid form is sent once (the button is disabled until the answer), with
 *   its idempotency key, without leaving the page; the server's answer (the
 *   thank-you box, its messages, a refusal) replaces the form's frame, or the
 *   page it redirects to is opened in place of this one;
 * - a send that gets no usable answer (connection lost, a proxy's error page)
 *   leaves everything typed where it is, with a notice beside the button.
 */
export function defineSubmissionForm() {
  class SubmissionFormElement extends HTMLElement {
    #listeners = new AbortController();
    #sending = false;
    /** Once a submit has shown messages, fields are checked again as they change. */
    #checking = false;

    connectedCallback() {
      this.#listeners = new AbortController();
      const signal = this.#listeners.signal;
      this.addEventListener("submit", (event) => this.#submit(event), { signal });
      this.addEventListener("input", (event) => this.#recheck(event), { signal });
      this.addEventListener("change", (event) => this.#recheck(event), { signal });
      this.addEventListener("click", (event) => this.#followSummaryLink(event), { signal });
      // A page that is itself the server's answer (sent before this script ran) already shows messages.
      this.#checking = this.querySelector("[data-error-summary]") !== null;
    }

    disconnectedCallback() {
      this.#listeners.abort();
    }

    #submit(event: Event) {
      const form = event.target;
      if (!(form instanceof HTMLFormElement)) return;
      event.preventDefault();
      if (this.#sending) return;
      const fields = fieldsOf(form);
      const values = valuesOf(form);
      const messages = new Map<FormFieldScript, string[]>();
      for (const field of fields) {
        const found = field.rule ? fieldProblems(field.rule, field.name, values) : this.#shownMessages(field);
        messages.set(field, found);
        this.#showField(form, field, found);
      }
      const summary = this.#showSummary(form, fields, messages);
      this.#checking = true;
      if (summary && fields.some((field) => field.rule && messages.get(field)?.length)) {
        focusOn(summary, "start");
        return;
      }
      void this.#send(form);
    }

    /** After the first submit: the changed field (and any that depends on it) is checked again. */
    #recheck(event: Event) {
      const control = event.target;
      const form = (control as Element | null)?.closest?.("form");
      if (!this.#checking || !form || !("name" in (control as object))) return;
      const name = (control as HTMLInputElement).name;
      const fields = fieldsOf(form);
      const values = valuesOf(form);
      const messages = new Map(fields.map((field) => [field, this.#shownMessages(field)]));
      for (const field of fields) {
        if (!field.rule || (field.name !== name && field.rule.requiredWith?.field !== name)) continue;
        const found = fieldProblems(field.rule, field.name, values);
        messages.set(field, found);
        this.#showField(form, field, found);
      }
      this.#showSummary(form, fields, messages);
    }

    #messageList(field: FormFieldScript): HTMLElement | null {
      return this.querySelector<HTMLElement>(`[id="${CSS.escape(field.errorId)}"]`);
    }

    #shownMessages(field: FormFieldScript): string[] {
      const list = this.#messageList(field);
      return list ? [...list.querySelectorAll("li")].map((item) => item.textContent?.trim() ?? "") : [];
    }

    /** The field's messages under it, and the marks that tie them to its control. */
    #showField(form: HTMLFormElement, field: FormFieldScript, messages: readonly string[]) {
      const list = this.#messageList(field);
      if (list) {
        list.replaceChildren(
          ...messages.flatMap((message) => {
            const item = clone(form, "error");
            const text = item?.querySelector("span");
            if (!item || !text) return [];
            text.textContent = message;
            return [item];
          }),
        );
        list.hidden = messages.length === 0;
      }
      const invalid = messages.length > 0;
      const control = form.elements.namedItem(field.name);
      if (control instanceof RadioNodeList) {
        const radios = [...control].filter((node): node is HTMLInputElement => node instanceof HTMLInputElement);
        const group = radios[0]?.closest("[role=radiogroup]");
        if (group) {
          if (invalid) group.setAttribute("aria-invalid", "true");
          else group.removeAttribute("aria-invalid");
          toggleToken(group, "aria-describedby", field.errorId, invalid);
        }
        for (const radio of radios) toggleToken(radio, "aria-describedby", field.errorId, invalid);
      } else if (control instanceof HTMLElement) {
        if (invalid) control.setAttribute("aria-invalid", "true");
        else control.removeAttribute("aria-invalid");
        toggleToken(control, "aria-describedby", field.errorId, invalid);
      }
    }

    /** The summary at the top: a link per field with a message, and any message only the server gave. */
    #showSummary(
      form: HTMLFormElement,
      fields: readonly FormFieldScript[],
      messages: ReadonlyMap<FormFieldScript, readonly string[]>,
    ): HTMLElement | null {
      const shown = form.querySelector<HTMLElement>("[data-error-summary]");
      const serverOnly = shown ? [...shown.querySelectorAll("li")].filter((item) => !item.querySelector("a")) : [];
      const items = fields.flatMap((field) => {
        const first = messages.get(field)?.[0];
        const item = first ? clone(form, "summary-item") : null;
        const link = item?.querySelector("a");
        if (!item || !link) return [];
        link.href = `#${field.id}`;
        link.textContent = field.label ? `${field.label} ${first}` : (first ?? "");
        return [item];
      });
      if (items.length + serverOnly.length === 0) {
        shown?.remove();
        return null;
      }
      const summary = shown ?? clone(form, "summary");
      if (!summary) return null;
      if (!shown) form.prepend(summary);
      summary.querySelector("ul")?.replaceChildren(...items, ...serverOnly);
      return summary;
    }

    #followSummaryLink(event: MouseEvent) {
      const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>("[data-error-summary] a[href^='#']");
      const target = link ? document.getElementById(decodeURIComponent(link.hash.slice(1))) : null;
      if (!target) return;
      event.preventDefault();
      focusOn(target, "center");
    }

    async #send(form: HTMLFormElement) {
      this.#sending = true;
      const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
      const status = form.querySelector<HTMLElement>("[data-sending-status]");
      if (button) button.disabled = true;
      if (status) status.textContent = status.dataset.sendingStatus ?? "";
      form.querySelector("[data-send-notice]")?.remove();
      const body = new URLSearchParams(
        [...new FormData(form)].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
      );
      const controller = new AbortController();
      const timer = window.setTimeout(() => controller.abort(), SEND_TIMEOUT_MS);
      let leaving = false;
      try {
        const response = await fetch(form.action, {
          method: "POST",
          body,
          headers: { Accept: "text/html" },
          signal: controller.signal,
        });
        // Stored, and the server sends the visitor on (the saved quote): that page takes this one's place in history.
        if (response.redirected) {
          leaving = true;
          window.location.replace(response.url);
          return;
        }
        const page = new DOMParser().parseFromString(await response.text(), "text/html");
        const answer = page.getElementById(this.id);
        if (!answer) throw new Error("the answer has no form");
        this.replaceChildren(...answer.childNodes);
        this.#showAnswer();
      } catch {
        this.#unsent(form);
      } finally {
        window.clearTimeout(timer);
        if (!leaving) {
          this.#sending = false;
          if (button) button.disabled = false;
          if (status) status.textContent = "";
        }
      }
    }

    /** The server's answer is in place: the focus goes to what it says. */
    #showAnswer() {
      const thanks = this.querySelector<HTMLElement>("[role=status]");
      const summary = this.querySelector<HTMLElement>("[data-error-summary]");
      const notice = this.querySelector<HTMLElement>("[data-send-notice]");
      this.#checking = summary !== null;
      if (thanks) focusOn(thanks, "start");
      else if (summary) focusOn(summary, "start");
      else if (notice) focusOn(notice, "center");
    }

    #unsent(form: HTMLFormElement) {
      const notice = clone(form, "notice");
      const button = form.querySelector("button[type=submit]");
      if (!notice || !button) return;
      button.before(notice);
      focusOn(notice, "center");
    }
  }
  if (!customElements.get(SUBMISSION_FORM.tag)) customElements.define(SUBMISSION_FORM.tag, SubmissionFormElement);
}

/**
 * The forms' schemas in the browser: app/domain/forms.ts, the module the
 * route actions validate with, fetched when the visitor first touches a form
 * (its focus or a tap) rather than with the page. Zod is most of a form's
 * script, and the form is usable (typing, and a submit that waits for the
 * schema) before it arrives; a visitor who only reads never fetches it.
 */
export type FormSchemas = typeof import("~/domain/forms");

let loaded: FormSchemas | undefined;
let loading: Promise<FormSchemas> | undefined;

export function loadSchemas(): Promise<FormSchemas> {
  loading ??= import("~/domain/forms").then(
    (forms) => {
      loaded = forms;
      return forms;
    },
    (error: unknown) => {
      // The network failed: the next touch of a form tries again.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The schemas once they are here; undefined before. */
export const loadedSchemas = (): FormSchemas | undefined => loaded;

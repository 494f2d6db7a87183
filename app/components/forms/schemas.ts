/**
 * The forms' schemas in the browser: app/domain/forms.ts, the module the
 * route actions validate with, fetched as soon as a form island has hydrated
 * rather than with the page. Zod is most of a form's script, and the form is
 * usable (typing, and a submit that waits for the schema) before it arrives;
 * the page's first load stays small.
 */
export type FormSchemas = typeof import("~/domain/forms");

let loaded: FormSchemas | undefined;
let loading: Promise<FormSchemas> | undefined;

export function loadSchemas(): Promise<FormSchemas> {
  loading ??= import("~/domain/forms").then((forms) => {
    loaded = forms;
    return forms;
  });
  return loading;
}

/** The schemas once they are here; undefined before. */
export const loadedSchemas = (): FormSchemas | undefined => loaded;

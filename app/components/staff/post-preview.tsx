/**
 * The blog editor's preview follows the typing. Without JavaScript the
 * editor's Preview button posts the form and the page comes back with the
 * preview; with it, the Markdown alone is posted the same way (the action's
 * "preview" intent, which stores nothing) through a fetcher, a moment after
 * the typing stops, and the answer's preview replaces the one shown.
 */
import { type FormEvent, useEffect, useRef } from "react";
import { type ShouldRevalidateFunction, useFetcher } from "react-router";
import { revalidateAfterSave } from "./edit";

/** Typing pauses this long before the preview is asked for, so a burst of keys makes one request. */
const PREVIEW_DELAY_MS = 300;

/** The preview's posts change nothing stored, so the page's data is not read again after each; saves as any editor's. */
export const skipRevalidationAfterPreview: ShouldRevalidateFunction = (args) =>
  args.formData?.get("intent") === "preview" ? false : revalidateAfterSave(args);

/**
 * `onInput` goes on an element around the Markdown text box (`name`); `html`
 * is the latest preview, or undefined before the first. A fetcher shows only
 * its latest answer, whichever order they come back in.
 */
export function useLivePreview(name = "markdown") {
  const fetcher = useFetcher<{ preview?: string }>({ key: "post-preview" });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onInput = (event: FormEvent<HTMLElement>) => {
    const box = event.target;
    if (!(box instanceof HTMLTextAreaElement) || box.name !== name) return;
    clearTimeout(timer.current);
    const markdown = box.value;
    timer.current = setTimeout(() => {
      // Multipart, as the editor's own form posts (its action takes photos).
      const body = new FormData();
      body.set("intent", "preview");
      body.set("markdown", markdown);
      void fetcher.submit(body, { method: "post", encType: "multipart/form-data" });
    }, PREVIEW_DELAY_MS);
  };
  /**
   * A save or the Preview button: a preview still waiting or on its way is
   * given up. One answered while a new post's save is being redirected to
   * its own address would finish that navigation with the empty form's data.
   * One already answered is left alone: giving it up while the page's data
   * is read again after it leaves the save's own redirect never finishing.
   */
  const cancel = () => {
    clearTimeout(timer.current);
    if (fetcher.state === "submitting") fetcher.reset();
  };
  return { onInput, cancel, html: fetcher.data?.preview };
}

import { defineElement, selector } from "../define-element";

/** The markup `<post-preview>` works on (app/routes/staff/content-blog-post.tsx renders it). */
export const POST_PREVIEW = {
  tag: "post-preview",
  /** Around the Markdown text box whose typing the preview follows. */
  source: "data-preview-source",
  /** What the server's page puts in the preview: replaced by the same part of each answer. */
  output: "data-preview-output",
} as const;

/** Typing pauses this long before the preview is asked for, so a burst of keys makes one request. */
export const PREVIEW_DELAY_MS = 300;

/**
 * `<post-preview>`: the blog editor's preview follows the typing. Without
 * JavaScript the editor's Preview button posts the form and the page comes
 * back with the preview; this posts the Markdown alone the same way (the
 * action's "preview" intent, which stores nothing) and takes the preview out
 * of the page that answers.
 */
export function definePostPreview() {
  defineElement(
    POST_PREVIEW.tag,
    (Base) =>
      class PostPreviewElement extends Base {
        #timer: ReturnType<typeof setTimeout> | undefined;
        /** Only the answer to the latest request is shown, whichever order they come back in. */
        #latest = 0;

        override connect(signal: AbortSignal) {
          const source = this.querySelector(selector(POST_PREVIEW.source));
          const output = this.querySelector(selector(POST_PREVIEW.output));
          const form = source?.closest("form");
          if (!source || !output || !form) return;
          source.addEventListener(
            "input",
            (event) => {
              const markdown = (event.target as HTMLTextAreaElement).value;
              clearTimeout(this.#timer);
              this.#timer = setTimeout(() => void this.#preview(form.action, markdown, output), PREVIEW_DELAY_MS);
            },
            { signal },
          );
          // A preview still waiting to be asked for must not race the save that follows the typing.
          form.addEventListener("submit", () => clearTimeout(this.#timer), { signal });
        }

        override disconnect() {
          clearTimeout(this.#timer);
        }

        async #preview(action: string, markdown: string, output: Element) {
          const request = ++this.#latest;
          const body = new FormData();
          body.set("intent", "preview");
          body.set("markdown", markdown);
          try {
            const response = await fetch(action, { method: "POST", body });
            if (!response.ok) return;
            const page = new DOMParser().parseFromString(await response.text(), "text/html");
            const answer = page.querySelector(selector(POST_PREVIEW.output));
            // The server rendered and sanitised this HTML, as it does for the page itself.
            if (answer && request === this.#latest) output.innerHTML = answer.innerHTML;
          } catch {
            // Offline or gone: the preview stays as it was, and the Preview button still works.
          }
        }
      },
  );
}

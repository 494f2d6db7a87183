// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { part } from "../define-element";
import { renderIntoDocument } from "../testing/render";
import { definePostPreview, POST_PREVIEW, PREVIEW_DELAY_MS } from "./post-preview";

/** The editor's shape (app/routes/staff/content-blog-post.tsx): the text box in the form, the preview beside it. */
function mount() {
  definePostPreview();
  renderIntoDocument(
    <post-preview>
      <form method="post" action="/staff/content/blog/3">
        <div {...part(POST_PREVIEW.source)}>
          <textarea name="markdown" />
        </div>
        <button type="submit">Save the post</button>
      </form>
      <div {...part(POST_PREVIEW.output)}>
        <p>Write the post</p>
      </div>
    </post-preview>,
  );
  const box = document.querySelector("textarea") as HTMLTextAreaElement;
  const output = document.querySelector(`[${POST_PREVIEW.output}]`) as HTMLElement;
  return { box, output, form: document.querySelector("form") as HTMLFormElement };
}

const type = (box: HTMLTextAreaElement, text: string) => {
  box.value = text;
  box.dispatchEvent(new Event("input", { bubbles: true }));
};

/** The page the server answers a preview with: the rendered Markdown in the same part. */
const pageWith = (html: string) =>
  new Response(`<html><body><main><div ${POST_PREVIEW.output}="">${html}</div></main></body></html>`);

afterEach(() => {
  document.body.replaceChildren();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("<post-preview>", () => {
  it("asks once for a burst of typing, with the Markdown alone, and shows the preview from the answer", async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(async () => pageWith("<h2>Keep it glossy</h2>"));
    vi.stubGlobal("fetch", fetch);
    const { box, output } = mount();
    type(box, "## Keep");
    type(box, "## Keep it glossy");
    await vi.advanceTimersByTimeAsync(PREVIEW_DELAY_MS);
    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(new URL(url).pathname).toBe("/staff/content/blog/3");
    expect(init.method).toBe("POST");
    expect(Object.fromEntries(init.body as FormData)).toEqual({ intent: "preview", markdown: "## Keep it glossy" });
    await vi.waitFor(() => expect(output.innerHTML).toBe("<h2>Keep it glossy</h2>"));
  });

  it("shows only the latest answer, whichever comes back first", async () => {
    vi.useFakeTimers();
    const answers: ((r: Response) => void)[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>((resolve) => answers.push(resolve))),
    );
    const { box, output } = mount();
    type(box, "old");
    await vi.advanceTimersByTimeAsync(PREVIEW_DELAY_MS);
    type(box, "new");
    await vi.advanceTimersByTimeAsync(PREVIEW_DELAY_MS);
    answers[1]?.(pageWith("<p>new</p>"));
    await vi.waitFor(() => expect(output.innerHTML).toBe("<p>new</p>"));
    answers[0]?.(pageWith("<p>old</p>"));
    await vi.advanceTimersByTimeAsync(10);
    expect(output.innerHTML).toBe("<p>new</p>");
  });

  it("asks for no preview once the form is sent", async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(async () => pageWith(""));
    vi.stubGlobal("fetch", fetch);
    const { box, form } = mount();
    type(box, "typed just before saving");
    form.dispatchEvent(new Event("submit", { cancelable: true }));
    await vi.advanceTimersByTimeAsync(PREVIEW_DELAY_MS * 2);
    expect(fetch).not.toHaveBeenCalled();
  });
});

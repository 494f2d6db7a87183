// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { ShareLink } from "~/components/share-link";
import { defineShareLink, SHARE_LINK } from "./share-link";
import { renderIntoDocument } from "./testing/render";

function mount() {
  defineShareLink();
  renderIntoDocument(<ShareLink title="Keratin smoothing" path="/offers/keratin" />);
  const link = document.querySelector<HTMLAnchorElement>(`${SHARE_LINK.tag} a[href]`);
  const status = document.querySelector(`${SHARE_LINK.tag} [role=status]`);
  if (!link || !status) throw new Error("ShareLink did not render the parts <share-link> needs");
  return { link, status };
}

/** Clicks the link and says whether the browser would still have followed it. */
function click(link: HTMLAnchorElement): boolean {
  const event = new MouseEvent("click", { bubbles: true, cancelable: true });
  return link.dispatchEvent(event);
}

afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("<share-link>", () => {
  it("opens the phone's share sheet with the page's title and full address", () => {
    const share = vi.fn(() => Promise.resolve());
    vi.stubGlobal("navigator", { ...navigator, share });
    const { link } = mount();
    expect(click(link)).toBe(false);
    expect(share).toHaveBeenCalledWith({
      title: "Keratin smoothing",
      url: new URL("/offers/keratin", window.location.origin).href,
    });
  });

  it("copies the address and says so where there is no share sheet", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal("navigator", { ...navigator, share: undefined, clipboard: { writeText } });
    const { link, status } = mount();
    expect(click(link)).toBe(false);
    await vi.waitFor(() => expect(status.textContent).toBe("Link copied"));
    expect(writeText).toHaveBeenCalledWith(new URL("/offers/keratin", window.location.origin).href);
  });

  it("shows the address to copy by hand when copying is refused", async () => {
    vi.stubGlobal("navigator", {
      ...navigator,
      share: undefined,
      clipboard: { writeText: () => Promise.reject(new Error("denied")) },
    });
    const { link, status } = mount();
    click(link);
    await vi.waitFor(() => expect(status.textContent).toMatch(/^Copy this link: http.*\/offers\/keratin$/));
  });

  it("leaves the plain share link alone when the browser can do neither", () => {
    vi.stubGlobal("navigator", { ...navigator, share: undefined, clipboard: undefined });
    const { link } = mount();
    expect(link.href).toContain("facebook.com/sharer");
    expect(click(link)).toBe(true);
  });
});

// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EditForm, EditPicture, photoRefusal, TextFileInto } from "./edit";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;

async function mount(node: React.ReactNode) {
  const container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root?.render(node));
  return container;
}

afterEach(() => {
  act(() => root?.unmount());
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

/** Chooses `file` in a file field, as the browser does: the field's files, then its change event. */
async function choose(input: HTMLInputElement, file: File) {
  Object.defineProperty(input, "files", { value: [file], configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

describe("photoRefusal", () => {
  it("refuses a photo over the limit in words, and takes one at the limit", () => {
    expect(photoRefusal(16 * 1024 * 1024, 15 * 1024 * 1024)).toBe(
      "That photo is 16.0 MB: please choose one of up to 15 MB.",
    );
    expect(photoRefusal(15 * 1024 * 1024, 15 * 1024 * 1024)).toBe("");
  });
});

describe("TextFileInto", () => {
  it("reads a chosen CSV file into the text box the import posts, as if typed", async () => {
    const container = await mount(
      <>
        <TextFileInto id="csv-file" accept=".csv" into="box" />
        <textarea id="box" maxLength={1000} />
      </>,
    );
    const box = container.querySelector("textarea") as HTMLTextAreaElement;
    const typed = vi.fn();
    box.addEventListener("input", typed);
    await choose(
      container.querySelector("input") as HTMLInputElement,
      new File(["review,client,stylist\nLovely,Ann,Isla\n"], "r.csv"),
    );
    await vi.waitFor(() => expect(box.value).toBe("review,client,stylist\nLovely,Ann,Isla\n"));
    expect(typed).toHaveBeenCalled();
  });

  it("reads a file Excel saved on Windows in its encoding, and posts which it was", async () => {
    const container = await mount(
      <form>
        <TextFileInto id="csv-file" accept=".csv" into="box" encodingName="encoding" />
        <textarea id="box" maxLength={1000} />
      </form>,
    );
    // "Price\r\n£16.00\r\n" as Windows-1252 writes it: £ is the one byte A3.
    const bytes = new Uint8Array([
      0x50, 0x72, 0x69, 0x63, 0x65, 0x0d, 0x0a, 0xa3, 0x31, 0x36, 0x2e, 0x30, 0x30, 0x0d, 0x0a,
    ]);
    await choose(container.querySelector("input[type=file]") as HTMLInputElement, new File([bytes], "export.csv"));
    const box = container.querySelector("textarea") as HTMLTextAreaElement;
    await vi.waitFor(() => expect(box.value).toBe("Price\r\n£16.00\r\n"));
    const form = new FormData(container.querySelector("form") as HTMLFormElement);
    expect(form.get("encoding")).toBe("windows-1252");
  });

  it("leaves the box empty for a file longer than it takes, never cut short", async () => {
    const container = await mount(
      <>
        <TextFileInto id="csv-file" accept=".csv" into="box" />
        <textarea id="box" maxLength={10} defaultValue="x" />
      </>,
    );
    await choose(container.querySelector("input") as HTMLInputElement, new File(["a".repeat(50)], "r.csv"));
    await vi.waitFor(() => expect((container.querySelector("textarea") as HTMLTextAreaElement).value).toBe(""));
  });
});

describe("EditPicture", () => {
  async function photoForm() {
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:chosen");
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    const router = createMemoryRouter(
      [
        {
          path: "/",
          element: (
            <EditForm intent="save" version={1} current={{}} submitLabel="Save" encType="multipart/form-data">
              <EditPicture
                name="picture"
                label="Photo"
                current={null}
                fallback={{ src: "/a.svg", width: 3, height: 2 }}
              />
            </EditForm>
          ),
        },
      ],
      { initialEntries: ["/"] },
    );
    const container = await mount(<RouterProvider router={router} />);
    return { container, input: container.querySelector('input[type="file"]') as HTMLInputElement };
  }

  it("shows a chosen photo before it is sent", async () => {
    const { container, input } = await photoForm();
    await choose(input, new File(["jpeg"], "IMG_1.jpg", { type: "image/jpeg" }));
    const preview = container.querySelector<HTMLImageElement>('[data-testid="photo-preview"]');
    expect(preview?.getAttribute("src")).toBe("blob:chosen");
    expect(preview?.alt).toBe("Chosen, not saved yet: IMG_1.jpg");
  });

  it("refuses a photo too large as it is chosen, with a message tied to the field", async () => {
    const { container, input } = await photoForm();
    const big = new File(["x"], "huge.jpg", { type: "image/jpeg" });
    Object.defineProperty(big, "size", { value: 20 * 1024 * 1024 });
    await choose(input, big);
    const message = container.querySelector('[role="alert"]');
    expect(message?.textContent).toBe("That photo is 20.0 MB: please choose one of up to 15 MB.");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toContain(message?.id);
    expect(container.querySelector('[data-testid="photo-preview"]')).toBeNull();
  });
});

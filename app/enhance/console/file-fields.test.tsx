// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { part } from "../define-element";
import { renderIntoDocument } from "../testing/render";
import { enhanceFileFields, FILE_FIELDS } from "./file-fields";

function choose(input: HTMLInputElement, file: File) {
  Object.defineProperty(input, "files", { value: [file], configurable: true });
  input.dispatchEvent(new Event("change", { bubbles: true }));
}

beforeAll(() => enhanceFileFields());
afterEach(() => document.body.replaceChildren());

describe("the console's file fields", () => {
  it("refuses a photo over the limit as soon as it is chosen, and takes one within it", () => {
    renderIntoDocument(<input type="file" {...part(FILE_FIELDS.maxBytes, String(1024 * 1024))} />);
    const input = document.querySelector("input") as HTMLInputElement;
    choose(input, new File([new Uint8Array(1.5 * 1024 * 1024)], "big.jpg"));
    expect(input.validationMessage).toBe("That photo is 1.5 MB: please choose one of up to 1 MB.");
    choose(input, new File([new Uint8Array(1000)], "small.jpg"));
    expect(input.validationMessage).toBe("");
  });

  it("reads a chosen CSV file into the text box the import posts", async () => {
    renderIntoDocument(
      <>
        <input type="file" {...part(FILE_FIELDS.textInto, "csv")} />
        <textarea id="csv" maxLength={100} />
      </>,
    );
    const box = document.getElementById("csv") as HTMLTextAreaElement;
    choose(document.querySelector("input") as HTMLInputElement, new File(["name,text\nAda,Lovely"], "r.csv"));
    await expect.poll(() => box.value).toBe("name,text\nAda,Lovely");
  });
});

import { selector } from "../define-element";

/** What the console's file fields carry for this script (app/components/staff/edit.tsx, the reviews import). */
export const FILE_FIELDS = {
  /** On a photo field: the largest file the server takes, in bytes, refused before the upload rather than after. */
  maxBytes: "data-max-bytes",
  /** On a text file field: the id of the text box the file's text goes into, to be posted as text. */
  textInto: "data-text-into",
} as const;

/**
 * The console's file fields, helped along: a photo too large is refused as
 * soon as it is chosen, and a chosen CSV file is read into the text box the
 * import posts (pasting into it works without a script). The listener sits on
 * the document, so fields rendered later are covered too.
 */
export function enhanceFileFields(doc: Document = document) {
  doc.addEventListener("change", async (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.type !== "file") return;
    const chosen = input.files?.[0];
    if (input.matches(selector(FILE_FIELDS.maxBytes))) {
      const max = Number(input.getAttribute(FILE_FIELDS.maxBytes));
      input.setCustomValidity(
        chosen && chosen.size > max
          ? `That photo is ${(chosen.size / 1024 / 1024).toFixed(1)} MB: please choose one of up to ${max / 1024 / 1024} MB.`
          : "",
      );
      input.reportValidity();
    }
    const target = doc.getElementById(input.getAttribute(FILE_FIELDS.textInto) ?? "");
    if (chosen && target instanceof HTMLTextAreaElement) {
      // A file longer than the box takes leaves it empty (and the import refused as such), never cut short.
      target.value = target.maxLength > 0 && chosen.size > target.maxLength ? "" : await chosen.text();
    }
  });
}

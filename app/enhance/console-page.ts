import { enhanceFileFields } from "./console/file-fields";
import { definePasskeyButton } from "./console/passkey-button";
import { definePostPreview } from "./console/post-preview";
import { enhanceSaveOnce } from "./console/save-once";

/**
 * The staff console's script, beside the page script on every console page
 * (decision 020): what its pages do in the browser, with no framework.
 */
definePasskeyButton();
definePostPreview();
enhanceFileFields();
enhanceSaveOnce();

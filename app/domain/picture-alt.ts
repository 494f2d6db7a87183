/**
 * The rule an upload's description must meet. Apart from pictures.ts, which
 * the pages' scripts import to show pictures, so that they do not carry the
 * schema library for a check only the server makes.
 */
import { z } from "./zod";

/** Alt text: what the picture shows, for someone who cannot see it. Required at upload. */
export const altText = z
  .string({ error: "Please describe the picture for people who cannot see it." })
  .trim()
  .min(1, "Please describe the picture for people who cannot see it.")
  .max(250, "Please keep the description to 250 characters or fewer.");

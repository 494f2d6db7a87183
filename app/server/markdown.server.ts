/**
 * Blog posts are written in Markdown in the console. The server renders it
 * (marked) and keeps only what the blog's sanitiser allows, so whatever an
 * author types, raw HTML and scripts included, the stored and shown HTML is
 * the same small, safe set of tags as every other post.
 */
import { Marked } from "marked";
import { sanitizeBlogHtml } from "./sanitize.server";

/**
 * A bullet as word processors and phones paste one ("• ", "◦ ", "▪ ", "● ") at the start of a line: a list item,
 * as "- " is. Otherwise a pasted list runs together into one paragraph.
 */
const PASTED_BULLET = /^([ \t]*)[•◦▪●‣⁃][ \t]+/gm;

const markdown = new Marked({
  gfm: true,
  async: false,
  hooks: { preprocess: (source: string) => source.replace(PASTED_BULLET, "$1- ") },
});

export function renderMarkdown(source: string, origin: string): string {
  return sanitizeBlogHtml(markdown.parse(source, { async: false }), origin);
}

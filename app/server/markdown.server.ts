/**
 * Blog posts are written in Markdown in the console. The server renders it
 * (marked) and keeps only what the blog's sanitiser allows, so whatever an
 * author types, raw HTML and scripts included, the stored and shown HTML is
 * the same small, safe set of tags as every other post.
 */
import { Marked } from "marked";
import { sanitizeBlogHtml } from "./sanitize.server";

const markdown = new Marked({ gfm: true, async: false });

export function renderMarkdown(source: string, origin: string): string {
  return sanitizeBlogHtml(markdown.parse(source, { async: false }), origin);
}

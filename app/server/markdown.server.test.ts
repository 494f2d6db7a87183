import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown.server";

const ORIGIN = "https://maisonivy.example";

describe("a post's Markdown", () => {
  it("becomes the blog's HTML: paragraphs, headings, lists, emphasis and links", () => {
    const html = renderMarkdown(
      "## Wash less\n\nKeep it **cool** and *gentle*.\n\n- once a week\n- rinse well\n\n[Book](/prices) or [read more](https://example.org/x).",
      ORIGIN,
    );
    expect(html).toContain("<h2>Wash less</h2>");
    expect(html).toContain("<p>Keep it <strong>cool</strong> and <em>gentle</em>.</p>");
    expect(html).toContain("<ul>\n<li>once a week</li>\n<li>rinse well</li>\n</ul>");
    expect(html).toContain('<a href="/prices">Book</a>');
    expect(html).toContain('<a href="https://example.org/x" rel="noopener">read more</a>');
  });

  it("reads a list pasted from another app, its bullets typed as •, as a list", () => {
    const html = renderMarkdown(
      "What you need:\n\n• A sulphate-free shampoo\n• A purple mask\n  ◦ once a week\n• A heat protector\n\nNot • this.",
      ORIGIN,
    );
    expect(html).toContain("<li>A sulphate-free shampoo</li>");
    expect(html).toContain("<li>A heat protector</li>");
    expect(html).toMatch(/<li>A purple mask\s*<ul>\s*<li>once a week<\/li>/);
    expect(html).toContain("<p>Not • this.</p>");
  });

  it("keeps the page's one h1: a top-level heading becomes h2, deeper ones h3", () => {
    expect(renderMarkdown("# Big\n\n#### Small", ORIGIN)).toBe("<h2>Big</h2>\n<h3>Small</h3>\n");
  });

  it("drops scripts, event handlers, javascript: links and embedded frames written into it", () => {
    const html = renderMarkdown(
      'Hello <script>alert("x")</script> there.\n\n<img src=x onerror="alert(1)">\n\n[click](javascript:alert(1))\n\n<iframe src="https://evil.example"></iframe>\n\n<a href="/ok" onclick="steal()">ok</a>',
      ORIGIN,
    );
    expect(html).not.toMatch(/script|onerror|onclick|javascript:|iframe|<img/i);
    expect(html).toContain("Hello  there.");
    expect(html).toContain('<a href="/ok">ok</a>');
    expect(html).toContain("<p><span>click</span></p>");
  });

  it("shows code and other tags it does not allow as their plain text", () => {
    expect(renderMarkdown("Use `toner` weekly.", ORIGIN)).toBe("<p>Use toner weekly.</p>\n");
  });
});

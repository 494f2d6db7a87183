import { describe, expect, it } from "vitest";
import { htmlExcerpt, htmlToPlainText, sanitizeBlogHtml } from "./sanitize.server";

const ORIGIN = "https://maisonivy.example";
const clean = (html: string) => sanitizeBlogHtml(html, ORIGIN);

describe("sanitizeBlogHtml", () => {
  it("keeps the formatting a post needs", () => {
    const html =
      "<h2>Title</h2><h3>Sub</h3><p>Some <strong>bold</strong> and <em>soft</em> text.</p><ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote>";
    expect(clean(html)).toBe(html);
  });

  it("drops a script element with its content", () => {
    expect(clean('<p>Hello</p><script>alert("x")</script><p>World</p>')).toBe("<p>Hello</p><p>World</p>");
  });

  it("drops style, iframes, forms and images", () => {
    const out = clean(
      '<style>p{color:red}</style><iframe src="https://evil.example"></iframe><form><input name="a"></form><img src="x" onerror="alert(1)"><p>ok</p>',
    );
    expect(out).toBe("<p>ok</p>");
  });

  it("strips event handlers and every other attribute", () => {
    const out = clean(
      '<p onclick="alert(1)" style="color:red" class="x" id="y">Hi <a href="/prices" onmouseover="alert(2)" target="_blank">prices</a></p>',
    );
    expect(out).toBe('<p>Hi <a href="/prices">prices</a></p>');
    expect(out).not.toMatch(/on\w+=/);
  });

  it("turns javascript: and data: links into their words, which no longer look like a link", () => {
    expect(clean('<a href="javascript:alert(1)">x</a>')).toBe("<span>x</span>");
    expect(clean('<a href="JaVaScRiPt:alert(1)">x</a>')).toBe("<span>x</span>");
    expect(clean('<a href="java&#x09;script:alert(1)">x</a>')).toBe("<span>x</span>");
    expect(clean('<a href="data:text/html,<script>alert(1)</script>">x</a>')).toBe("<span>x</span>");
    expect(clean('<a name="top">no address</a>')).toBe("<span>no address</span>");
  });

  it("leaves the links after a refused one whole", () => {
    expect(
      clean('<p><a href="javascript:alert(1)">bad <strong>b</strong></a> then <a href="/prices">prices</a>.</p>'),
    ).toBe('<p><span>bad <strong>b</strong></span> then <a href="/prices">prices</a>.</p>');
  });

  it("adds rel=noopener to links that leave the site, and only to those", () => {
    expect(clean('<a href="https://other.example/page">out</a>')).toBe(
      '<a href="https://other.example/page" rel="noopener">out</a>',
    );
    expect(clean('<a href="/team-info">in</a>')).toBe('<a href="/team-info">in</a>');
    expect(clean(`<a href="${ORIGIN}/blog-info">in</a>`)).toBe(`<a href="${ORIGIN}/blog-info">in</a>`);
    expect(clean('<a href="https://other.example" rel="opener author">out</a>')).toBe(
      '<a href="https://other.example" rel="noopener">out</a>',
    );
    expect(clean('<a href="/x" rel="nofollow">in</a>')).toBe('<a href="/x">in</a>');
  });

  it("refuses protocol-relative links", () => {
    expect(clean('<a href="//evil.example/x">x</a>')).toBe("<span>x</span>");
    expect(clean('<a href=" \\\\evil.example/x">x</a>')).toBe("<span>x</span>");
  });

  it("keeps mailto and tel links", () => {
    expect(clean('<a href="mailto:hello@maisonivy.example">mail</a>')).toContain(
      'href="mailto:hello@maisonivy.example"',
    );
    expect(clean('<a href="tel:01632960214">call</a>')).toContain('href="tel:01632960214"');
  });

  it("turns headings outside h2–h3 into h2 or h3 so the page keeps one h1", () => {
    expect(clean("<h1>Big</h1><h4>Small</h4>")).toBe("<h2>Big</h2><h3>Small</h3>");
  });

  it("escapes text that looks like markup after decoding", () => {
    expect(clean("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>")).toBe("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>");
  });

  it("closes unclosed tags", () => {
    expect(clean("<p><strong>open")).toBe("<p><strong>open</strong></p>");
  });
});

describe("htmlToPlainText", () => {
  it("separates blocks and collapses whitespace", () => {
    expect(
      htmlToPlainText("<h2>Wash less</h2><p>Every wash\n  lifts toner.</p><ul><li>one</li><li>two</li></ul>"),
    ).toBe("Wash less Every wash lifts toner. one two");
  });

  it("decodes entities and drops scripts", () => {
    expect(htmlToPlainText("<p>Salt &amp; pepper at 180&nbsp;°C &lt;3</p><script>x()</script>")).toBe(
      "Salt & pepper at 180 °C <3",
    );
  });
});

describe("htmlExcerpt", () => {
  it("cuts the plain text and adds an ellipsis only when it cut", () => {
    expect(htmlExcerpt("<p>Short &amp; sweet</p>", 50)).toBe("Short & sweet");
    expect(htmlExcerpt("<p>Every wash lifts toner.</p>", 12)).toBe("Every wash…");
    expect(htmlExcerpt("<p>Wash less, every day</p>", 10)).toBe("Wash less…");
    expect(htmlExcerpt("<p>Supercalifragilistic</p>", 10)).toBe("Supercalif…");
  });

  it("opens on the post's own sentences, its headings left out", () => {
    expect(htmlExcerpt("<h2>Wash less</h2><p>Every wash lifts toner.</p>", 15)).toBe("Every wash…");
    expect(
      htmlExcerpt(
        "<H1>Keep it <em>glossy</em></H1><p>Zoë’s tip: a <strong>toner</strong>.</p><h3>Why</h3><ul><li>Shine</li></ul>",
        180,
      ),
    ).toBe("Zoë’s tip: a toner. Shine");
    expect(
      htmlExcerpt("<h4>Deep</h4><div>Gloss<br>and tone</div><script>alert(1)</script><style>p{}</style>", 180),
    ).toBe("Gloss and tone");
  });

  it("gives a body of headings alone their words", () => {
    expect(htmlExcerpt("<h2>Wash less</h2><h3>Tone more</h3>", 180)).toBe("Wash less Tone more");
  });
});

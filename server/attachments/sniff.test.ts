import { describe, expect, it } from "vitest";
import { sniffType } from "./sniff.ts";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...Buffer.from(p)] : p)));
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];

describe("sniffType reads the type from the bytes, not from the name or the browser", () => {
  it("knows the images a page shows, whatever they were called", () => {
    expect(sniffType(bytes(PNG), "text/plain")).toBe("image/png");
    expect(sniffType(bytes([0xff, 0xd8, 0xff, 0xe0]), "application/pdf")).toBe("image/jpeg");
    expect(sniffType(bytes("GIF89a", [1, 0]), "image/png")).toBe("image/gif");
    expect(sniffType(bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 "), "image/png")).toBe("image/webp");
  });

  it("calls an image's name a lie when the bytes are HTML or SVG", () => {
    expect(sniffType(bytes("<!DOCTYPE html><script>alert(1)</script>"), "image/png")).toBe(
      "text/html",
    );
    expect(
      sniffType(bytes('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'), "image/png"),
    ).toBe("image/svg+xml");
    expect(sniffType(bytes('<?xml version="1.0"?>\n<!-- x -->\n<svg>'), "image/svg+xml")).toBe(
      "image/svg+xml",
    );
  });

  it("keeps a text type the browser named once the bytes are text, and plain text otherwise", () => {
    expect(sniffType(bytes("a,b\n1,2\n"), "text/csv")).toBe("text/csv");
    expect(sniffType(bytes("héllo"), "application/octet-stream")).toBe("text/plain");
    expect(sniffType(bytes("hello"), "text/html")).toBe("text/plain");
  });

  it("keeps an office document's type, which is a zip inside", () => {
    const docx = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
    expect(sniffType(bytes([0x50, 0x4b, 0x03, 0x04, 1]), docx)).toBe(docx);
    expect(sniffType(bytes([0x50, 0x4b, 0x03, 0x04, 1]), "image/png")).toBe("application/zip");
    expect(sniffType(bytes("%PDF-1.7"), "application/pdf")).toBe("application/pdf");
  });

  it("serves anything else as bytes to download", () => {
    expect(sniffType(bytes([0x00, 0x01, 0x02, 0xfe]), "image/png")).toBe(
      "application/octet-stream",
    );
    expect(sniffType(bytes([0xc3, 0x28]), "text/plain")).toBe("application/octet-stream");
  });

  it("does not call text binary because the sample cut a character in two", () => {
    expect(sniffType(bytes("é".repeat(3), [0xc3]), "text/plain")).toBe("text/plain");
  });
});

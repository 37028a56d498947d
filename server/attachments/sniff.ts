/**
 * The content type of a file, read from its first bytes rather than from its name or from
 * what the browser said (which the uploader controls). What is not recognised is served as
 * bytes to download, never as something a browser would render or run.
 */

/** How many leading bytes `sniffType` looks at. */
export const SNIFF_BYTES = 4096;

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const SIGNATURES: { type: string; test: (b: Uint8Array) => boolean }[] = [
  {
    type: "image/png",
    test: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  { type: "image/jpeg", test: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  {
    type: "image/gif",
    test: (b) => startsWith(b, ascii("GIF87a")) || startsWith(b, ascii("GIF89a")),
  },
  {
    type: "image/webp",
    test: (b) => startsWith(b, ascii("RIFF")) && startsWith(b, ascii("WEBP"), 8),
  },
  { type: "image/bmp", test: (b) => startsWith(b, ascii("BM")) && b.length > 14 },
  { type: "image/x-icon", test: (b) => startsWith(b, [0x00, 0x00, 0x01, 0x00]) },
  { type: "application/pdf", test: (b) => startsWith(b, ascii("%PDF-")) },
  { type: "application/zip", test: (b) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]) },
  { type: "application/gzip", test: (b) => startsWith(b, [0x1f, 0x8b]) },
  {
    type: "application/x-7z-compressed",
    test: (b) => startsWith(b, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]),
  },
  { type: "audio/mpeg", test: (b) => startsWith(b, ascii("ID3")) },
  {
    type: "audio/wav",
    test: (b) => startsWith(b, ascii("RIFF")) && startsWith(b, ascii("WAVE"), 8),
  },
  { type: "video/webm", test: (b) => startsWith(b, [0x1a, 0x45, 0xdf, 0xa3]) },
  { type: "video/mp4", test: (b) => startsWith(b, ascii("ftyp"), 4) },
];

/** Office documents are zip files: the browser's type is kept when it names one of them. */
const ZIP_BASED =
  /^application\/(vnd\.openxmlformats-officedocument\.[a-z.]+|vnd\.oasis\.opendocument\.[a-z.]+|epub\+zip|java-archive)$/;
/** Text types kept as the browser named them once the bytes are known to be text. */
const TEXT_KEPT =
  /^(text\/(plain|csv|markdown|x-[a-z0-9.+-]+)|application\/(json|x-ndjson|yaml|x-yaml|toml))$/;

export function sniffType(bytes: Uint8Array, declared: string): string {
  for (const { type, test } of SIGNATURES) {
    if (!test(bytes)) continue;
    if (type === "application/zip" && ZIP_BASED.test(declared)) return declared;
    return type;
  }
  const text = asText(bytes);
  if (text === null) return "application/octet-stream";
  const head = text.trimStart().slice(0, 1024).toLowerCase();
  if (/<svg[\s>]/.test(head) || (head.startsWith("<?xml") && head.includes("<svg"))) {
    return "image/svg+xml";
  }
  if (/^(<!doctype html|<html|<head|<body|<script|<iframe)/.test(head)) return "text/html";
  if (head.startsWith("<?xml")) return "application/xml";
  return TEXT_KEPT.test(declared) ? declared : "text/plain";
}

/** The bytes as UTF-8 text, or null when they hold a NUL or are not UTF-8. */
function asText(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    // A character cut at the end of the sample is not a reason to call it binary.
    return new TextDecoder("utf-8", { fatal: true }).decode(trimPartialCharacter(bytes));
  } catch {
    return null;
  }
}

function trimPartialCharacter(bytes: Uint8Array): Uint8Array {
  let end = bytes.length;
  for (let back = 1; back <= 3 && end - back >= 0; back++) {
    const byte = bytes[end - back]!;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: look further back
    const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    if (need > back) end -= back;
    break;
  }
  return bytes.subarray(0, end);
}

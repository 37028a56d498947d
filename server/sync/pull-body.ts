/**
 * A pull's answer as bytes (issue 19, the crowd). The clients of a wave (pull-waves.ts) are
 * mostly sent the same rows: a change pokes them all, and their pulls read one snapshot and
 * share its reads. What depends on nobody is therefore written and compressed once per wave,
 * not once per client:
 *
 * - A list of rows read for the wave (`sharedPuts`) becomes one list of put operations, the
 *   same objects in every answer that carries it (a run). Each row's operation is serialised
 *   once (`putJson`), and each run once more as a whole.
 * - A gzip answer (`pullGzip`) is one gzip stream built from pieces: the answer's own parts
 *   (its cookie, its lastMutationIDChanges, the person's notices…) are deflated for it, and
 *   each run's deflated bytes are computed once and reused by every answer that carries it.
 *   Each piece is deflated on its own and ends with a sync flush (byte-aligned, not final), or
 *   goes as a stored block when it is small, so the pieces put together are one valid deflate
 *   stream; an empty final block, the CRC-32 of
 *   the whole and its length close it. This is what `compression` did for each of 200
 *   answers, done for one.
 *
 * Deflating runs off the event loop (zlib's thread pool), as `compression` did.
 */
import { promisify } from "node:util";
import { constants, crc32, deflateRaw } from "node:zlib";
import type { PatchOperation, PullResponseV1 } from "replicache";
import type { Row } from "./rows/scope-rows.ts";

type PullResult = PullResponseV1;
type Put = Extract<PatchOperation, { op: "put" }>;

/** A run's text and, once asked for, its deflated bytes. */
type Run = { ops: readonly Put[]; json?: Buffer; deflated?: Promise<Buffer> };

const deflated = promisify(deflateRaw);
const COMMA = Buffer.from(",");
/** gzip's header: deflate, no name, no time, unknown system (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** Own pieces up to this size go uncompressed (a stored block holds at most 65,535 bytes). */
const STORED_MAX_BYTES = 4096;
/** A final, empty deflate block (fixed codes, end of block). */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** The put operations of a list of rows, one list per list of rows. */
const runOfRows = new WeakMap<readonly Row[], Run>();
/** The run each shared operation starts or belongs to. */
const runOfOp = new WeakMap<PatchOperation, Run>();
/** Each row's operation as JSON (UTF-8), kept while the row is. */
const putJson = new WeakMap<object, Buffer>();

/**
 * The put operations of `rows`, the same objects for every caller with the same list: an
 * answer that carries them whole, in this order, reuses their text and compressed bytes.
 */
export function sharedPuts(rows: readonly Row[]): readonly Put[] {
  let run = runOfRows.get(rows);
  if (!run) {
    run = { ops: rows.map((row) => ({ op: "put", key: row.key, value: row.value })) };
    runOfRows.set(rows, run);
    for (const op of run.ops) runOfOp.set(op, run);
  }
  return run.ops;
}

/** A pull's answer as JSON (UTF-8). */
export function pullJson(result: PullResult): Buffer {
  return Buffer.concat(answerPieces(result).flatMap((piece) => piece.own ?? [runJson(piece.run)]));
}

/**
 * A pull's answer as gzip, with the runs it carries compressed once for every answer. Equal,
 * once decompressed, to `pullJson(result)`.
 */
export async function pullGzip(result: PullResult): Promise<Buffer> {
  const pieces = answerPieces(result);
  const parts = await Promise.all(
    pieces.map((piece) =>
      piece.own ? deflatedPiece(Buffer.concat(piece.own)) : runDeflated(piece.run),
    ),
  );
  let crc = 0;
  let length = 0;
  for (const piece of pieces) {
    for (const bytes of piece.own ?? [runJson(piece.run)]) {
      crc = crc32(bytes, crc);
      length += bytes.length;
    }
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  // ISIZE is the length modulo 2^32.
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, ...parts, FINAL_BLOCK, trailer]);
}

/** An answer's text in order: its own parts, and the runs it carries whole. */
type Piece = { own: Buffer[]; run?: undefined } | { own?: undefined; run: Run };

function answerPieces(result: PullResult): Piece[] {
  if (!("patch" in result)) return [{ own: [Buffer.from(JSON.stringify(result))] }];
  let own: Buffer[] = [
    Buffer.from(
      `{"cookie":${JSON.stringify(result.cookie)},` +
        `"lastMutationIDChanges":${JSON.stringify(result.lastMutationIDChanges)},"patch":[`,
    ),
  ];
  const pieces: Piece[] = [{ own }];
  const patch = result.patch;
  for (let i = 0; i < patch.length;) {
    if (i > 0) own.push(COMMA);
    const op = patch[i]!;
    const run = runOfOp.get(op);
    if (run && run.ops[0] === op && carriesWhole(patch, i, run.ops)) {
      pieces.push({ run });
      own = [];
      pieces.push({ own });
      i += run.ops.length;
      continue;
    }
    own.push(opJson(op));
    i++;
  }
  own.push(Buffer.from("]}"));
  return pieces;
}

function carriesWhole(patch: readonly PatchOperation[], at: number, ops: readonly Put[]) {
  if (patch.length - at < ops.length) return false;
  for (let j = 0; j < ops.length; j++) if (patch[at + j] !== ops[j]) return false;
  return true;
}

function opJson(op: PatchOperation): Buffer {
  if (op.op !== "put" || typeof op.value !== "object" || op.value === null) {
    return Buffer.from(JSON.stringify(op));
  }
  let json = putJson.get(op.value);
  if (json === undefined) {
    json = Buffer.from(JSON.stringify(op));
    putJson.set(op.value, json);
  }
  return json;
}

function runJson(run: Run): Buffer {
  run.json ??= Buffer.concat(
    run.ops.flatMap((op, i) => (i > 0 ? [COMMA, opJson(op)] : [opJson(op)])),
  );
  return run.json;
}

function runDeflated(run: Run): Promise<Buffer> {
  run.deflated ??= deflatedPiece(runJson(run));
  return run.deflated;
}

/**
 * Deflated on its own and flushed to a byte boundary, not final: pieces follow it. A small
 * piece (a cookie, a notice) goes as a stored block: compressing it would save a few bytes for
 * the cost of a compressor.
 */
function deflatedPiece(bytes: Buffer): Promise<Buffer> {
  if (bytes.length === 0) return Promise.resolve(Buffer.alloc(0));
  if (bytes.length <= STORED_MAX_BYTES) return Promise.resolve(storedBlock(bytes));
  return deflated(bytes, { finishFlush: constants.Z_SYNC_FLUSH });
}

/** A stored (uncompressed) deflate block, not final: a zero header byte, LEN, NLEN, the bytes. */
function storedBlock(bytes: Buffer): Buffer {
  const block = Buffer.alloc(5 + bytes.length);
  block.writeUInt16LE(bytes.length, 1);
  block.writeUInt16LE(~bytes.length & 0xffff, 3);
  bytes.copy(block, 5);
  return block;
}

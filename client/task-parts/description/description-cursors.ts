import type * as Y from "yjs";
import { z } from "zod";
import { MAX_PRESENCE_CURSOR_LENGTH } from "../../../shared/presence.ts";
import { avatarColour } from "../../ui/avatar-fallback.ts";

/**
 * Remote cursors in the description editor. y-tiptap (Tiptap's CollaborationCaret) draws other
 * people's selections from a y-protocols Awareness and writes the person's own selection into
 * it; here that Awareness is a small object of the same shape, fed by the presence channel
 * (which carries one opaque `cursor` string per person and task) rather than by a Yjs provider
 * of its own.
 */

/**
 * Another person's selection in this task's description, as presence carries it: one per tab
 * (`clientId`), coloured by the person.
 */
type RemoteCursor = { userId: string; clientId: string; name: string; cursor: string };

/** What the editor needs of presence: the others' cursors here, and a way to publish one's own. */
export type DescriptionCursors = {
  others: readonly RemoteCursor[];
  /** The person's selection as an opaque string, null once they leave the editor. */
  publish: (cursor: string | null) => void;
};

/** A selection as y-tiptap keeps it: two Yjs relative positions, as JSON. */
const idJson = z.object({
  client: z.number().int().nonnegative(),
  clock: z.number().int().nonnegative(),
});
const relativePositionJson = z.object({
  type: idJson.nullish(),
  tname: z.string().max(100).nullish(),
  item: idJson.nullish(),
  assoc: z.number().int().nullish(),
});
const selectionJson = z.object({ anchor: relativePositionJson, head: relativePositionJson });

type Selection = z.infer<typeof selectionJson>;
type AwarenessState = {
  /** `color` as y-tiptap takes it (#rrggbb), `colorLight` the same behind a selection. */
  user?: { name: string; color: string; colorLight: string };
  cursor: Selection | null;
};
type Change = { added: number[]; updated: number[]; removed: number[] };
type Listener = (change: Change, origin: unknown) => void;

/** Another person's cursor as y-tiptap reads it; null for a string that is no selection. */
function remoteState(person: RemoteCursor): AwarenessState | null {
  let json: unknown;
  try {
    json = JSON.parse(person.cursor);
  } catch {
    return null;
  }
  const selection = selectionJson.safeParse(json);
  if (!selection.success) return null;
  const colour = avatarHex(avatarColour(person.userId));
  return {
    user: { name: person.name, color: colour, colorLight: `${colour}4d` },
    cursor: selection.data,
  };
}

/** The avatar colour `index` of the theme as #rrggbb (y-tiptap warns about anything else). */
function avatarHex(index: number): string {
  const value =
    typeof document === "undefined"
      ? ""
      : getComputedStyle(document.documentElement)
          .getPropertyValue(`--color-avatar-${index}`)
          .trim();
  return /^#[0-9a-f]{6}$/i.test(value) ? value : "#4a5568";
}

/** A Yjs client id for another tab: stable, and never the local document's own. */
function tabClientId(clientId: string, own: number): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < clientId.length; index++) {
    hash ^= clientId.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  const id = hash >>> 0;
  return id === own ? id ^ 1 : id;
}

/** The part of y-protocols' Awareness that y-tiptap and CollaborationCaret use. */
export class CursorAwareness {
  private local: AwarenessState | null = { cursor: null };
  private remote = new Map<number, AwarenessState>();
  private readonly listeners = new Set<Listener>();
  private published: string | null = null;

  constructor(
    readonly doc: Y.Doc,
    private readonly publish: (cursor: string | null) => void,
  ) {}

  getLocalState(): AwarenessState | null {
    return this.local;
  }

  /** y-tiptap sets `cursor` as the person's selection moves (and Tiptap `user`, unused here). */
  setLocalStateField(field: string, value: unknown) {
    if (field !== "cursor" || !this.local) return;
    // Relative positions are class instances: read them as the JSON they travel as.
    const plain: unknown = value == null ? null : JSON.parse(JSON.stringify(value));
    const selection = selectionJson.safeParse(plain);
    this.local = { ...this.local, cursor: selection.success ? selection.data : null };
    const json = this.local.cursor ? JSON.stringify(this.local.cursor) : null;
    // Presence carries at most so much; a selection never comes near it.
    const cursor = json !== null && json.length <= MAX_PRESENCE_CURSOR_LENGTH ? json : null;
    if (cursor === this.published) return;
    this.published = cursor;
    this.publish(cursor);
  }

  get states(): Map<number, AwarenessState> {
    return this.getStates();
  }

  getStates(): Map<number, AwarenessState> {
    const states = new Map(this.remote);
    if (this.local) states.set(this.doc.clientID, this.local);
    return states;
  }

  /** The others' cursors now: those that changed are redrawn. */
  setRemote(others: readonly RemoteCursor[]) {
    const next = new Map<number, AwarenessState>();
    for (const person of others) {
      const state = remoteState(person);
      if (state) next.set(tabClientId(person.clientId, this.doc.clientID), state);
    }
    const change: Change = { added: [], updated: [], removed: [] };
    for (const [id, state] of next) {
      const before = this.remote.get(id);
      if (!before) change.added.push(id);
      else if (JSON.stringify(before) !== JSON.stringify(state)) change.updated.push(id);
    }
    for (const id of this.remote.keys()) if (!next.has(id)) change.removed.push(id);
    this.remote = next;
    if (change.added.length + change.updated.length + change.removed.length === 0) return;
    for (const listener of this.listeners) listener(change, "presence");
  }

  /** "change" and "update" alike: only the others' cursors change here. */
  on(_event: "change" | "update", listener: Listener) {
    this.listeners.add(listener);
  }

  off(_event: "change" | "update", listener: Listener) {
    this.listeners.delete(listener);
  }

  /** The person left the editor: others stop seeing their cursor. */
  destroy() {
    this.local = null;
    this.listeners.clear();
    if (this.published !== null) this.publish(null);
  }
}

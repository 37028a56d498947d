/**
 * Ticking a task list's checkbox in rendered markdown changes the text it came from: the n-th
 * checkbox of the rendered HTML is the n-th task item line of the text (as marked's GFM reads
 * them, `- [ ] text`, `1. [x] text`, also inside a quote), code fences excepted.
 */

const TASK_ITEM = /^([ \t]*(?:>[ \t]?)*[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+)\[([ xX])\](?=[ \t]+\S)/;
const FENCE = /^[ \t]{0,3}(?:>[ \t]?)*[ \t]*(`{3,}|~{3,})/;

/** The text with its `index`-th task item ticked or unticked as `checked` says; else unchanged. */
export function setTaskItem(text: string, index: number, checked: boolean): string {
  const lines = text.split("\n");
  let fence: string | null = null;
  let seen = 0;
  for (const [at, line] of lines.entries()) {
    const opening = FENCE.exec(line)?.[1];
    if (opening) {
      if (fence === null) fence = opening;
      else if (opening[0] === fence[0] && opening.length >= fence.length) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const item = TASK_ITEM.exec(line);
    if (!item) continue;
    if (seen++ !== index) continue;
    const marker = item[1] ?? "";
    lines[at] = `${marker}[${checked ? "x" : " "}]${line.slice(marker.length + 3)}`;
    return lines.join("\n");
  }
  return text;
}

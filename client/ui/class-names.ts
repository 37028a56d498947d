/** Joins the class names that are set: `classNames("ui-button", className)`. */
export function classNames(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(" ");
}

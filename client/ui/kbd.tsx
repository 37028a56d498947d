import "./kbd.css";

type KbdProps = {
  /** The keys as they read on this keyboard, e.g. `["⌘", "K"]` or `["G", "B"]`. */
  keys: readonly string[];
};

/** A keyboard shortcut: one key cap per key, read out as the keys in order. */
export function Kbd({ keys }: KbdProps) {
  return (
    <kbd className="ui-kbd">
      {keys.map((key, index) => (
        <kbd key={`${index}-${key}`} className="ui-kbd-key">
          {key}
        </kbd>
      ))}
    </kbd>
  );
}

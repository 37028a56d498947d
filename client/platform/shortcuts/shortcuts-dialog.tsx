import { Fragment, useId, useRef } from "react";
import { Button } from "../../ui/button.tsx";
import { Dialog, DialogClose, DialogContent } from "../../ui/dialog.tsx";
import { usePreferences } from "../preferences/use-preferences.ts";
import { keyLabels, shortcutList, shortcutScopes } from "./shortcut-list.ts";
import { isMac, modKeyLabel } from "./use-shortcuts.ts";

type ShortcutsDialogProps = { open: boolean; onClose: () => void };

const entries = Object.values(shortcutList);

/**
 * `?`: every shortcut of the app, by where it works, written for this keyboard. It opens at its
 * top with the focus on the list itself: on the close button, the button's tooltip would show
 * and take the first Esc.
 */
export function ShortcutsDialog({ open, onClose }: ShortcutsDialogProps) {
  const titleId = useId();
  const { singleKeyShortcuts } = usePreferences();
  const list = useRef<HTMLDivElement>(null);

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent
        title="Keyboard shortcuts"
        className="shortcuts-dialog"
        footer={<DialogClose render={<Button>Close</Button>} />}
        initialFocus={list}
      >
        <div ref={list} tabIndex={-1} className="shortcuts-content">
          {!singleKeyShortcuts && (
            <p>
              Single-key shortcuts are off in your preferences: only the ones with {modKeyLabel}{" "}
              work.
            </p>
          )}
          {shortcutScopes.map((scope) => (
            <section
              key={scope}
              className="shortcuts-group"
              aria-labelledby={`${titleId}-${scope}`}
            >
              <h3 id={`${titleId}-${scope}`}>{scope}</h3>
              <dl className="shortcuts-list">
                {entries
                  .filter((entry) => entry.scope === scope)
                  .map((entry) => (
                    <div key={entry.label} className="shortcut-row">
                      <dt>{entry.label}</dt>
                      <dd>
                        {entry.keys.map((keys, index) => (
                          <Fragment key={keys}>
                            {index > 0 && <span className="shortcut-or"> or </span>}
                            <KeySteps keys={keys} />
                          </Fragment>
                        ))}
                      </dd>
                    </div>
                  ))}
              </dl>
            </section>
          ))}
          <p className="shortcuts-note">
            Shortcuts wait while you type in a field; {modKeyLabel} shortcuts work there too.
            Two-key shortcuts: press the second key within 2 seconds. On a task page <kbd>p</kbd> is
            the priority, so New project is in the command palette there.
          </p>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** `t c` reads "t then c"; `Mod+K` reads "Ctrl K". */
function KeySteps({ keys }: { keys: string }) {
  const steps = keys.split(" ");
  return (
    <span className="shortcut-keys">
      {steps.map((step, index) => (
        <Fragment key={step}>
          {index > 0 && <span className="shortcut-then"> then </span>}
          {keyLabels(step, isMac).map((label) => (
            <kbd key={label}>{label}</kbd>
          ))}
        </Fragment>
      ))}
    </span>
  );
}

import { useEffect } from "react";
import { toast } from "sonner";
import { useRegisterSW } from "virtual:pwa-register/react";

const UPDATE_TOAST_ID = "app-update";

/** Set when the person chose "Reload" on the update toast. */
let reloadAsked = false;

/**
 * Registers the service worker (the app shell and every route chunk are precached, so the app
 * opens with no network). A new version never switches under the person's feet: it waits
 * behind an 'Update available' toast until they choose to reload.
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    // A worker can also take control without being asked (one installed from another tab, or
    // the first visit's worker claiming the page): workbox-window would then reload the page,
    // in the middle of whatever the person was typing. Only their "Reload" reloads.
    onNeedReload: () => {
      if (reloadAsked) window.location.reload();
    },
  });

  useEffect(() => {
    if (!needRefresh) return;
    toast.info("Update available", {
      id: UPDATE_TOAST_ID,
      description: "A new version of Tasks is ready.",
      duration: Infinity,
      action: {
        label: "Reload",
        onClick: () => {
          reloadAsked = true;
          void updateServiceWorker(true);
        },
      },
    });
  }, [needRefresh, updateServiceWorker]);

  return null;
}

import { useEffect } from "react";
import { toast } from "sonner";
import { useRegisterSW } from "virtual:pwa-register/react";

const UPDATE_TOAST_ID = "app-update";

/**
 * Registers the service worker (the app shell and every route chunk are precached, so the app
 * opens with no network). A new version never switches under the person's feet: it waits
 * behind an 'Update available' toast until they choose to reload.
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW();

  useEffect(() => {
    if (!needRefresh) return;
    toast.info("Update available", {
      id: UPDATE_TOAST_ID,
      description: "A new version of Tasks is ready.",
      duration: Infinity,
      action: { label: "Reload", onClick: () => void updateServiceWorker(true) },
    });
  }, [needRefresh, updateServiceWorker]);

  return null;
}

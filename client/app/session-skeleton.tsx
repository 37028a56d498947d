import { AppSkeleton } from "../ui/app-skeleton.tsx";
import { useSessionLoading } from "../platform/session/session-store.ts";

/**
 * The skeleton over the whole window while the first session request of a page load runs
 * (SPEC.md section 2): the router's own pending skeleton only appears after a delay, and
 * nothing renders before the route guards have their answer.
 */
export function SessionSkeleton() {
  return useSessionLoading() ? <AppSkeleton /> : null;
}

/** The router's pending skeleton, left out while the session skeleton already shows one. */
export function RoutePendingSkeleton() {
  return useSessionLoading() ? null : <AppSkeleton />;
}

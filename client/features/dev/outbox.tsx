import { createLazyRoute } from "@tanstack/react-router";

export const Route = createLazyRoute("/dev/outbox")({ component: DevOutbox });

function DevOutbox() {
  return (
    <section className="page">
      <h1>Dev outbox</h1>
    </section>
  );
}

import { createLazyRoute } from "@tanstack/react-router";
import { useCallback, useState } from "react";
import { z } from "zod";
import { getJson } from "../../platform/http/get-json.ts";
import { useApiData } from "../../platform/http/use-api-data.ts";
import { Button } from "../../ui/button.tsx";

/** The mails the server would have sent, while running without SMTP (server/mail/mailer.ts). */
export const Route = createLazyRoute("/dev/outbox")({ component: DevOutbox });

const outboxSchema = z.object({
  mails: z.array(
    z.object({
      id: z.union([z.string(), z.number()]),
      kind: z.string(),
      to: z.string(),
      subject: z.string(),
      body: z.string(),
      url: z.string().nullable(),
      createdAt: z.coerce.date(),
    }),
  ),
});

function DevOutbox() {
  const [filter, setFilter] = useState("");
  const [to, setTo] = useState("");
  const load = useCallback(
    () =>
      getJson(`/api/dev/outbox${to ? `?to=${encodeURIComponent(to)}` : ""}`, outboxSchema).then(
        (outbox) =>
          // Newest first, whatever order the server keeps.
          [...outbox.mails].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()),
      ),
    [to],
  );
  const mails = useApiData(load, "Failed to load the dev outbox");

  return (
    <main className="page dev-outbox">
      <h1>Dev outbox</h1>
      <p className="notice">
        Exists only in development and only on the server's own machine: with no{" "}
        <code>SMTP_URL</code> set, the server keeps every mail here instead of sending it. It is off
        in production.
      </p>
      <form
        className="form form-inline"
        onSubmit={(event) => {
          event.preventDefault();
          setTo(filter.trim());
        }}
      >
        <div className="field field-grow">
          <label htmlFor="outbox-to">Recipient</label>
          <input
            id="outbox-to"
            className="input"
            type="search"
            placeholder="Everyone"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
        </div>
        <Button type="submit" size="lg">
          Filter
        </Button>
        <Button size="lg" onClick={mails.reload}>
          Refresh
        </Button>
      </form>
      {!mails.data ? (
        <p className="muted">{mails.failed ? "The outbox could not be loaded." : "Loading…"}</p>
      ) : mails.data.length === 0 ? (
        <p className="muted">No mails yet.</p>
      ) : (
        <ol className="item-list" aria-label="Mails, newest first">
          {mails.data.map((mail) => (
            <li key={mail.id} className="mail">
              <p className="item-title">{mail.subject}</p>
              <p className="item-detail">
                To {mail.to} · <span className="badge">{mail.kind}</span> ·{" "}
                <time dateTime={mail.createdAt.toISOString()}>
                  {mail.createdAt.toLocaleString()}
                </time>
              </p>
              {mail.url && (
                <p>
                  <a href={mail.url}>{mail.url}</a>
                </p>
              )}
              <pre className="mail-body">{mail.body}</pre>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}

import type express from "express";
import { z } from "zod";
import type { SandboxContext } from "./context.ts";
import { sendError } from "./http/errors.ts";
import { storedMail, storedMessage, type StoredMailRow } from "./mail-server.ts";
import { parseMail } from "./mail-parse.ts";
import { escapeHtml } from "./notification-templates.ts";

/**
 * What the sandbox's SMTP server received, on the control interface (loopback only):
 *
 *   GET    /__sandbox/mail[?to=address]   newest first: an HTML page, or JSON (`Accept: application/json` or `?format=json`)
 *   GET    /__sandbox/mail/:id            one message, readable (headers, plain text, the HTML part as sent)
 *   GET    /__sandbox/mail/:id/raw        the message exactly as it arrived (text/plain)
 *   POST   /__sandbox/mail/refuse         { refuse: boolean }: the server refuses every recipient (a sending failure)
 *   DELETE /__sandbox/mail                forgets every message
 */

function toJson(row: StoredMailRow) {
  const parsed = parseMail(row.raw);
  return {
    id: row.id,
    receivedAt: row.received_at,
    envelope: { from: row.envelope_from, to: JSON.parse(row.envelope_to) as string[] },
    subject: parsed.subject,
    from: parsed.from,
    to: parsed.to,
    headers: parsed.headers,
    text: parsed.text,
    html: parsed.html,
  };
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:sans-serif;margin:2rem;line-height:1.4}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3rem .6rem;text-align:left;vertical-align:top}pre{white-space:pre-wrap;background:#f5f5f5;padding:1rem}</style>
</head><body>${body}</body></html>`;
}

const RefuseRequest = z.object({ refuse: z.boolean() });

export function mailRoutes(router: express.Router, context: SandboxContext): void {
  router.get("/mail", (req, res) => {
    const to = typeof req.query.to === "string" ? req.query.to : undefined;
    const rows = storedMail(context.db, { to });
    if (req.query.format === "json" || req.accepts(["html", "json"]) === "json") {
      res.json({ smtpPort: context.mailServer.port, messages: rows.map(toJson) });
      return;
    }
    const list = rows
      .map((row) => {
        const mail = toJson(row);
        return `<tr><td>${escapeHtml(mail.receivedAt)}</td><td>${escapeHtml(mail.envelope.to.join(", "))}</td><td><a href="/__sandbox/mail/${mail.id}">${escapeHtml(mail.subject || "(no subject)")}</a></td><td><a href="/__sandbox/mail/${mail.id}/raw">raw</a></td></tr>`;
      })
      .join("\n");
    res.type("html").send(
      page(
        "Mail received",
        `<h1>Mail received by the sandbox</h1><p>SMTP server on port ${context.mailServer.port}; the newest first (at most 200).</p>
${rows.length ? `<table><thead><tr><th>Received</th><th>To</th><th>Subject</th><th>Message</th></tr></thead><tbody>${list}</tbody></table>` : "<p>No mail yet.</p>"}`,
      ),
    );
  });

  router.get("/mail/:id/raw", (req, res) => {
    const row = storedMessage(context.db, Number(req.params.id));
    if (!row) return sendError(res, 404, "No such message", "NOT_FOUND");
    res.type("text/plain; charset=utf-8").send(row.raw);
  });

  router.get("/mail/:id", (req, res) => {
    const row = storedMessage(context.db, Number(req.params.id));
    if (!row) return sendError(res, 404, "No such message", "NOT_FOUND");
    const mail = toJson(row);
    if (req.query.format === "json" || req.accepts(["html", "json"]) === "json") {
      res.json(mail);
      return;
    }
    const headers = mail.headers.map(([name, value]) => `<tr><th>${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`).join("");
    res.type("html").send(
      page(
        mail.subject,
        `<p><a href="/__sandbox/mail">All mail</a> · <a href="/__sandbox/mail/${mail.id}/raw">Raw message</a></p>
<h1>${escapeHtml(mail.subject)}</h1><table>${headers}</table>
<h2>Plain text</h2><pre>${escapeHtml(mail.text ?? "")}</pre>
<h2>HTML</h2><iframe title="The HTML part" sandbox="" style="width:100%;height:20rem;border:1px solid #ccc" srcdoc="${escapeHtml(mail.html ?? "")}"></iframe>`,
      ),
    );
  });

  router.post("/mail/refuse", (req, res) => {
    const parsed = RefuseRequest.safeParse(req.body ?? {});
    if (!parsed.success) return sendError(res, 400, "Expected { refuse: boolean }", "VALIDATION_ERROR");
    context.mailServer.refusing = parsed.data.refuse;
    res.json({ refusing: context.mailServer.refusing });
  });

  router.delete("/mail", (_req, res) => {
    context.db.exec("DELETE FROM sandbox_mail");
    res.status(204).end();
  });
}

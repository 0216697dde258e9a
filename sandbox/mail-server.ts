import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import type { Database } from "./db.ts";

/**
 * The sandbox's own SMTP server: the notification service sends every e-mail
 * over real SMTP (nodemailer), and this server takes them in and keeps each
 * message as it arrived, so that the control interface can list them
 * (`/__sandbox/mail`). It accepts any sender and recipient without
 * authentication, on loopback only, like a developer's catch-all mailbox.
 */

/** The largest message taken: far above what a notification e-mail weighs. */
const MAX_MESSAGE_BYTES = 1024 * 1024;

export type MailServer = {
  port: number;
  /** While true the server refuses every recipient: the sending side's failure, for tests. */
  refusing: boolean;
  close(): Promise<void>;
};

export type StoredMailRow = { id: number; received_at: string; envelope_from: string; envelope_to: string; raw: string };

export async function startMailServer(db: Database, options: { port: number; host: string }): Promise<MailServer> {
  const state = { refusing: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    banner: "Marketplace sandbox mail",
    onRcptTo(_address, _session, callback) {
      if (state.refusing) {
        const error = new Error("Mailbox unavailable (refused by the sandbox's control interface)") as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if ((stream as { sizeExceeded?: boolean }).sizeExceeded) {
          const error = new Error("Message too large") as Error & { responseCode: number };
          error.responseCode = 552;
          callback(error);
          return;
        }
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        const to = session.envelope.rcptTo.map((recipient) => recipient.address);
        db.prepare("INSERT INTO sandbox_mail (received_at, envelope_from, envelope_to, raw) VALUES (?, ?, ?, ?)").run(
          new Date().toISOString(),
          from,
          JSON.stringify(to),
          Buffer.concat(chunks).toString("utf8"),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.on("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  // A client's broken connection is its own business: never the sandbox's end.
  server.on("error", (error) => console.error("[sandbox] smtp:", error.message));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    get refusing() {
      return state.refusing;
    },
    set refusing(value: boolean) {
      state.refusing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function storedMail(db: Database, options: { to?: string } = {}): StoredMailRow[] {
  const rows = db.prepare("SELECT * FROM sandbox_mail ORDER BY id DESC LIMIT 200").all() as StoredMailRow[];
  const to = options.to?.trim().toLowerCase();
  return to ? rows.filter((row) => (JSON.parse(row.envelope_to) as string[]).some((address) => address.toLowerCase() === to)) : rows;
}

export function storedMessage(db: Database, id: number): StoredMailRow | undefined {
  return db.prepare("SELECT * FROM sandbox_mail WHERE id = ?").get(id) as StoredMailRow | undefined;
}

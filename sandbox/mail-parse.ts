/**
 * Just enough MIME to show the messages the sandbox's SMTP server received:
 * the headers (unfolded, encoded words decoded) and the plain-text and HTML
 * parts of a multipart message (quoted-printable and base64 decoded, UTF-8).
 * The raw message stays as it arrived; this is only its readable view.
 */

export type ParsedMail = {
  /** Every header line as received, names lower-cased, values unfolded and decoded; repeated names keep each value. */
  headers: [string, string][];
  subject: string;
  from: string;
  to: string;
  text: string | null;
  html: string | null;
};

function splitHead(raw: string): { head: string; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { head: raw, body: "" };
  return { head: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) };
}

function parseHeaders(head: string): [string, string][] {
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  return unfolded
    .split(/\r?\n/)
    .filter((line) => line.includes(":"))
    .map((line) => {
      const colon = line.indexOf(":");
      return [line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim())] as [string, string];
    });
}

/** RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`); whitespace between two encoded words goes. */
export function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, "$1$2")
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

export function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const source = text.replace(/=\r?\n/g, "");
  for (let index = 0; index < source.length; index++) {
    const char = source[index]!;
    const hex = source.slice(index + 1, index + 3);
    if (char === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(char, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function header(headers: [string, string][], name: string): string {
  return headers.find(([key]) => key === name)?.[1] ?? "";
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.trim().toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    case "quoted-printable":
      return decodeQuotedPrintable(body);
    default:
      return body;
  }
}

function collectParts(raw: string, into: { text: string | null; html: string | null }): void {
  const { head, body } = splitHead(raw);
  const headers = parseHeaders(head);
  const type = header(headers, "content-type") || "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith("--")) break;
      collectParts(part.replace(/^\r?\n/, ""), into);
    }
    return;
  }
  const decoded = decodeBody(body, header(headers, "content-transfer-encoding")).replace(/\r\n/g, "\n");
  if (/^text\/html/i.test(type)) into.html ??= decoded;
  else if (/^text\/plain/i.test(type)) into.text ??= decoded;
}

export function parseMail(raw: string): ParsedMail {
  const { head } = splitHead(raw);
  const headers = parseHeaders(head);
  const parts = { text: null as string | null, html: null as string | null };
  collectParts(raw, parts);
  return { headers, subject: header(headers, "subject"), from: header(headers, "from"), to: header(headers, "to"), ...parts };
}

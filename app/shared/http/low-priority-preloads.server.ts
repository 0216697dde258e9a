import { Transform } from "node:stream";

const HEAD_END = Buffer.from("</head>");
const PRELOAD = '<link rel="modulepreload"';

/**
 * React Router's <Scripts /> preloads every module of the page with the browser's high priority, the stylesheet's
 * rank: a phone on a slow network then shares its first seconds between the styles that hold up the first paint and
 * some 300 KB of scripts the page does not need to show (every page works without JavaScript). Marked low, they are
 * fetched as soon as the styles leave room. React Router passes no attributes to these links, so the head is rewritten
 * on its way out: it is held until `</head>` (React writes it at once, a few KB), the rest streams untouched.
 */
export function lowPriorityModulePreloads(): Transform {
  // Bytes, not text: a chunk may end inside a character (a German title), so the head is decoded once it is whole.
  let head: Buffer[] | undefined = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (head === undefined) return callback(null, chunk);
      head.push(chunk);
      const held = Buffer.concat(head);
      const end = held.indexOf(HEAD_END);
      if (end === -1) return callback();
      head = undefined;
      const marked = held.toString("utf8", 0, end).replaceAll(PRELOAD, `${PRELOAD} fetchpriority="low"`);
      callback(null, Buffer.concat([Buffer.from(marked), held.subarray(end)]));
    },
    flush(callback) {
      callback(null, head?.length ? Buffer.concat(head) : null);
    },
  });
}

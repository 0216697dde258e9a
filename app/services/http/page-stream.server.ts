import { Transform, type TransformCallback } from "node:stream";

const HEAD_END = Buffer.from("</head>");
const PRELOAD = '<link rel="modulepreload"';

/**
 * A page's HTML on its way from React to the response.
 *
 * - **One piece per flush.** React writes in 4 kB views and calls `flush()` once it has written all that is ready;
 *   every piece passed on goes through the web stream, is written to the response and flushed through the
 *   compression on its own, so a page in six pieces cost six of each. Held until React's flush, it goes as one.
 * - **Module preloads at low priority.** React Router's `<Scripts />` preloads every module of the page at the
 *   browser's high priority, the stylesheet's rank: a phone on a slow network then shares its first seconds between
 *   the styles that hold up the first paint and some 300 KB of scripts the page does not need to show (every page
 *   works without JavaScript). Marked low, they are fetched as soon as the styles leave room. React Router passes no
 *   attributes to these links, so the head is rewritten: nothing is passed on before `</head>` (React writes the head
 *   at once, a few KB), and the head is decoded whole, as a piece may end inside a character (a German title).
 */
export class PageStream extends Transform {
  #held: Buffer[] = [];
  #headWritten = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.#held.push(chunk);
    callback();
  }

  /** Called by React when what is ready has been written. */
  flush() {
    if (this.#held.length === 0) return;
    let piece = this.#held.length === 1 ? this.#held[0]! : Buffer.concat(this.#held);
    if (!this.#headWritten) {
      const end = piece.indexOf(HEAD_END);
      if (end === -1) {
        this.#held = [piece];
        return;
      }
      const head = piece.toString("utf8", 0, end).replaceAll(PRELOAD, `${PRELOAD} fetchpriority="low"`);
      piece = Buffer.concat([Buffer.from(head), piece.subarray(end)]);
      this.#headWritten = true;
    }
    this.#held = [];
    this.push(piece);
  }

  override _flush(callback: TransformCallback) {
    this.flush();
    // A document that never closed its head goes as it came.
    if (this.#held.length > 0) this.push(Buffer.concat(this.#held));
    this.#held = [];
    callback();
  }
}

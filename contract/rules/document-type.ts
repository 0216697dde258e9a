/**
 * The type of an uploaded document, from its first bytes rather than its name
 * or the browser's claim: a renamed .exe stays an .exe.
 */
export const documentContentTypes = ["application/pdf", "image/jpeg", "image/png"] as const;
export type DocumentContentType = (typeof documentContentTypes)[number];

/** Each document may be at most this large. */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

const SIGNATURES: { type: DocumentContentType; bytes: number[] }[] = [
  { type: "application/pdf", bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: "image/jpeg", bytes: [0xff, 0xd8, 0xff] },
  { type: "image/png", bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

export function detectDocumentType(head: Uint8Array): DocumentContentType | null {
  const match = SIGNATURES.find(({ bytes }) => bytes.every((byte, index) => head[index] === byte));
  return match?.type ?? null;
}

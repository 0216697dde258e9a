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

const EXTENSIONS: Record<DocumentContentType, string> = { "application/pdf": "pdf", "image/jpeg": "jpg", "image/png": "png" };

function isDocumentContentType(value: string): value is DocumentContentType {
  return (documentContentTypes as readonly string[]).includes(value);
}

/**
 * What a stored document is downloaded as: the type its bytes showed, and
 * the name it was uploaded with under that type's extension. A PDF uploaded
 * as "scan.html" downloads as "scan.pdf", so no browser or desktop opens it
 * by the name's claim. Anything that is not one of the document types goes
 * out as opaque bytes.
 */
export function documentDownload(fileName: string, contentType: string): { fileName: string; contentType: string } {
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  const base = fileName.replace(/\.[^./\\]{1,10}$/, "") || "document";
  return isDocumentContentType(type)
    ? { fileName: `${base}.${EXTENSIONS[type]}`, contentType: type }
    : { fileName: `${base}.bin`, contentType: "application/octet-stream" };
}

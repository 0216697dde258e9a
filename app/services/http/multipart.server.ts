import { unreadableForm } from "./form-body.server.ts";

/**
 * Reading a multipart form with a limit enforced as the bytes arrive: a
 * declared Content-Length over the limit is refused before reading, and a
 * body that grows past it (chunked, or lying about its length) is cut off.
 */
export async function readFormDataWithin(request: Request, maxBytes: number): Promise<FormData | null> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) return null;
  if (!request.body) return new FormData();
  let received = 0;
  const limited = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received > maxBytes) controller.error(new RangeError("body over the limit"));
        else controller.enqueue(chunk);
      },
    }),
  );
  try {
    return await new Response(limited, { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData();
  } catch (error) {
    if (received > maxBytes) return null;
    throw unreadableForm(request, error);
  }
}

/**
 * A multipart body with one file field whose bytes stream from `pieces` as
 * they are pulled: uploads of any size without holding them in memory.
 */
export function streamedFileForm(boundary: string, fileName: string, contentType: string, pieces: AsyncIterator<Uint8Array>): ReadableStream<Uint8Array> {
  let stage: "head" | "body" | "done" = "head";
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (stage === "head") {
        controller.enqueue(
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`),
        );
        stage = "body";
        return;
      }
      if (stage === "done") return controller.close();
      const next = await pieces.next();
      if (next.done) {
        controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
        stage = "done";
      } else controller.enqueue(next.value);
    },
  });
}

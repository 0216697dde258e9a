/** Where the catalogue team's screen shows a catalogue update, and where it downloads one of its files (server code and components alike). */
const SCREEN = "/product-catalogue-integration";

export function integrationUpdateScreen(updateId: string): string {
  return `${SCREEN}?updateId=${encodeURIComponent(updateId)}`;
}

/** One file of an update: the download checks that the file belongs to the update, and the update to the seller. */
export function updateFileDownload(update: { id: string; sellerId: string }, fileId: string): string {
  const query = new URLSearchParams({ sellerId: update.sellerId, updateId: update.id, fileId });
  return `${SCREEN}/download?${query.toString()}`;
}

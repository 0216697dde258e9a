/**
 * The longest file name the portal accepts for an upload (a catalogue file, a
 * document): what common file systems keep. A longer name is refused where
 * it arrives, with a message, rather than stored and shown in every list,
 * message and download.
 */
export const MAX_FILE_NAME_LENGTH = 255;

export function fileNameTooLong(name: string): boolean {
  return name.length > MAX_FILE_NAME_LENGTH;
}

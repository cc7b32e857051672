/** Non-empty lines of pasted or read card text (what the import counts against its 100,000 limit). */
export function countCardLines(text: string): number {
  if (!text) return 0;
  let n = 0;
  for (const line of text.split(/\r\n|\r|\n/)) if (line.trim()) n++;
  return n;
}

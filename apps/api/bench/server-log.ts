/**
 * The messages of the server's log as the benches read them from its output: one JSON object per
 * line (pino), whose `msg` is the text; a line that is not JSON (a crash's stack) is kept as it is.
 */
export function logMessages(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      if (!line.startsWith('{')) return line;
      try {
        const msg = (JSON.parse(line) as { msg?: unknown }).msg;
        return typeof msg === 'string' ? msg : line;
      } catch {
        return line;
      }
    });
}

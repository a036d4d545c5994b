/** What the key looks like while hidden: enough to tell two keys apart, not enough to use one. */
export function maskKey(key: string): string {
  return key ? `${key.slice(0, 10)}${'•'.repeat(16)}` : '';
}

/** Single-quoted for a POSIX shell, so a URL or key is passed as one word, never run. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

export interface ProbeCommands {
  /** A probe imports the enabled nodes it should look at. */
  importNodes: string;
  /** A probe reports what it measured; an empty report just asks for the ports and interval. */
  report: string;
}

/**
 * The calls a probe makes with the platform key (ADR 0023), as commands to copy. The URLs come
 * from the server, built from the public console URL; without them there is no command.
 */
export function probeCommands(
  urls: { importUrl: string; reportUrl: string },
  key: string,
): ProbeCommands | undefined {
  if (!urls.importUrl || !urls.reportUrl || !key) return undefined;
  const auth = shellQuote(`authorization: Bearer ${key}`);
  return {
    importNodes: `curl -fsS -H ${auth} ${shellQuote(urls.importUrl)}`,
    report: [
      `curl -fsS -X POST -H ${auth} -H 'content-type: application/json'`,
      `-d '{"probe":"probe-1","results":[]}' ${shellQuote(urls.reportUrl)}`,
    ].join(' \\\n  '),
  };
}

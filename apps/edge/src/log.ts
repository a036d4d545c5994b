/** One line per event on stdout (journald or the nohup log keep it); never a token. */
export type Log = (line: string) => void;

export const log: Log = (line) => {
  process.stdout.write(`${new Date().toISOString()} ${line}\n`);
};

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

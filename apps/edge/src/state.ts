import { readFileIfExists, writeFileAtomic } from './fs-atomic';

/** What survives a restart: the version this node last confirmed serving. */
export interface AgentState {
  appliedVersion: number;
}

export async function readState(file: string): Promise<AgentState> {
  const text = await readFileIfExists(file);
  if (text === undefined) return { appliedVersion: 0 };
  try {
    const parsed = JSON.parse(text) as Partial<AgentState>;
    const version = parsed.appliedVersion;
    return { appliedVersion: Number.isInteger(version) && version! >= 0 ? version! : 0 };
  } catch {
    // Only an outside hand can break it (writes are atomic); nginx.conf still says what runs.
    return { appliedVersion: 0 };
  }
}

export async function writeState(file: string, state: AgentState): Promise<void> {
  await writeFileAtomic(file, `${JSON.stringify(state)}\n`);
}

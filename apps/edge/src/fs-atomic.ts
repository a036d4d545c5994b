import fs from 'node:fs/promises';

/**
 * Writes a file so that readers (and a restart after `kill -9` or power loss) see either the old
 * or the new content, never half of it: write beside it, flush, rename over it.
 */
export async function writeFileAtomic(
  file: string,
  content: string | Uint8Array,
  mode = 0o644,
): Promise<void> {
  // One fixed name: the agent is the only writer, and a crash leaves one stale file, not one per run.
  const tmp = `${file}.tmp`;
  const handle = await fs.open(tmp, 'w', mode);
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(tmp, file);
}

export async function readFileIfExists(file: string): Promise<string | undefined> {
  try {
    return await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

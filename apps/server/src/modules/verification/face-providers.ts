import { FACE_PROVIDERS, type FaceProviderName } from '@nimbus/contract';
import type { FaceProvider } from '../../integrations/certification/face-provider';
import type { DbOrTx } from '../../platform/db/database';
import { readConfigEntry } from '../config/config.read';

export type FaceRegistry = Readonly<Partial<Record<FaceProviderName, FaceProvider<unknown>>>>;

/** The first face provider switched on with a complete configuration, if any. */
export async function enabledFaceProvider(db: DbOrTx, providers: FaceRegistry) {
  for (const name of Object.keys(FACE_PROVIDERS) as FaceProviderName[]) {
    const adapter = providers[name];
    const entry = await readConfigEntry<unknown>(db, FACE_PROVIDERS[name].configKey);
    if (!adapter || entry?.status !== 1) continue;
    try {
      return { name, adapter, config: adapter.parseConfig(entry.value) };
    } catch {
      // Switched on but incomplete: as good as off.
    }
  }
  return undefined;
}

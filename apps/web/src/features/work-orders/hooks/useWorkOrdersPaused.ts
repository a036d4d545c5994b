import { useWebConfig } from '@/shared/config/useWebConfig';

/** Web config power.stopWork = 1: new work orders are paused (the server refuses them too). */
export function useWorkOrdersPaused(): boolean {
  return useWebConfig().config.power.stopWork === 1;
}

import type { FaceProviderName } from '@nimbus/contract';

/**
 * A face verification provider (issue 8 §3): Tencent Cloud FaceID or Alipay certification, one
 * adapter each under this folder. `start` registers a check of this person and returns where the
 * browser goes; `result` asks the provider how it ended (never trusting the browser's word).
 */
export interface FaceCheck {
  /** Ours, unique per attempt (the provider's outer order / extra field). */
  outerId: string;
  name: string;
  idNumber: string;
  /** Where the provider sends the browser back (our verification page). */
  returnUrl: string;
}

export interface FaceProvider<Config> {
  name: FaceProviderName;
  parseConfig(value: unknown): Config;
  start(config: Config, check: FaceCheck): Promise<{ url: string; ref: string }>;
  /** `passed` only when the provider says the face matched this name and ID number. */
  result(config: Config, ref: string): Promise<{ done: boolean; passed: boolean; reason: string }>;
}

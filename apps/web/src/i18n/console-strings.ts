import { FRAME_STRING_FEATURES, loadFeatureStrings } from './feature-strings';

/** The words the frame itself shows (menu, message bell), before it first renders. */
export function loadFrameStrings(): Promise<void> {
  return loadFeatureStrings(FRAME_STRING_FEATURES);
}

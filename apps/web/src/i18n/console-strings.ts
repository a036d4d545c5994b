import { messages, publicMessages } from '@nimbus/contract';
import { FRAME_STRING_FEATURES, loadFeatureStrings } from './feature-strings';
import { addStrings } from './index';

// Loaded with the console frame: the rest of the contract's catalogue (the first load already
// has the public part, see index.ts); each feature's own strings come with its pages.
addStrings(
  {},
  Object.fromEntries(Object.entries(messages).filter(([key]) => !Object.hasOwn(publicMessages, key))),
);

/** The words the frame itself shows (menu, message bell), before it first renders. */
export function loadFrameStrings(): Promise<void> {
  return loadFeatureStrings(FRAME_STRING_FEATURES);
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A signing key of `length` letters and digits (the contract's key shape), from the browser's
 * CSPRNG. Bytes of 248 and more are thrown away so every character is equally likely.
 */
export function randomKey(length = 24): string {
  let key = '';
  while (key.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < 248 && key.length < length) key += ALPHABET[byte % ALPHABET.length];
    }
  }
  return key;
}

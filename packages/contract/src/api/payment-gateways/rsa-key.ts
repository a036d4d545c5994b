/**
 * An RSA key pasted as the providers' tools print it: PEM, or the bare base64 of its DER (the
 * Alipay key tool and the Allinpay console show that form). The server parses it for real; this
 * only catches a wrong paste, so the form names the field.
 */
const KEY_TEXT = /^(?:-----BEGIN [A-Z ]+-----[A-Za-z0-9+/=\s]+-----END [A-Z ]+-----|[A-Za-z0-9+/=\s]{64,})$/;

export const isRsaKeyText = (text: string): boolean => KEY_TEXT.test(text);

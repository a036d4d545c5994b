import type { SslProduct, SslProductSave } from '@nimbus/contract';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import type { SecretBox } from '../../platform/crypto/secret-box';
import { sslProducts } from './certificate.schema';

export type SslProductRow = typeof sslProducts.$inferSelect;

/**
 * A certificate product's terms as answered: the HMAC key never (only whether one is stored);
 * customers do not see which CA account the seller holds either.
 */
export function toSslProduct(row: SslProductRow, audience: 'admin' | 'customer'): SslProduct {
  const admin = audience === 'admin';
  return {
    ca: row.ca,
    directoryUrl: admin ? row.directoryUrl : '',
    eabKid: admin ? row.eabKid : '',
    eabHmacKey: '',
    eabHmacKeySet: row.eabHmacSealed !== '',
    maxDomains: row.maxDomains,
  };
}

/** Certificate products' terms (contract api/ssl-product.ts), kept beside the product row. */
export function sslProductRepository(db: DbOrTx) {
  return {
    async byIds(productIds: readonly number[]): Promise<Map<number, SslProductRow>> {
      if (productIds.length === 0) return new Map();
      const rows = await db
        .select()
        .from(sslProducts)
        .where(inArray(sslProducts.productId, [...productIds]));
      return new Map(rows.map((row) => [row.productId, row]));
    },

    async byId(productId: number): Promise<SslProductRow | undefined> {
      const [row] = await db.select().from(sslProducts).where(eq(sslProducts.productId, productId));
      return row;
    },

    /** Writes the terms; an empty HMAC key keeps the stored one, a free CA keeps none. */
    async save(productId: number, terms: SslProductSave, secrets: SecretBox): Promise<void> {
      const paid = terms.ca === 'paid';
      const hmac = terms.eabHmacKey ?? '';
      const values = {
        ca: terms.ca,
        directoryUrl: paid ? (terms.directoryUrl ?? '') : '',
        eabKid: paid ? (terms.eabKid ?? '') : '',
        maxDomains: terms.maxDomains,
        ...(!paid ? { eabHmacSealed: '' } : hmac !== '' ? { eabHmacSealed: secrets.seal(hmac) } : {}),
      };
      await db
        .insert(sslProducts)
        .values({ productId, ...values })
        .onConflictDoUpdate({ target: sslProducts.productId, set: values });
    },
  };
}

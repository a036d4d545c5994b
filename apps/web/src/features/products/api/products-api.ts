import {
  PRODUCT_PATHS,
  type AdminProductListRequest,
  type Page,
  type Product,
  type ProductSaveRequest,
} from '@nimbus/contract';
import { api } from '@/shared/api/client';

export const productsQueryKey = ['products'] as const;

export const productsApi = {
  adminList: (body: AdminProductListRequest, signal?: AbortSignal) =>
    api.post<Page<Product>>(PRODUCT_PATHS.adminList, body, signal),
  save: (body: ProductSaveRequest) => api.post<Product>(PRODUCT_PATHS.save, body),
  setOnSale: (body: { id: number; onSale: boolean }) => api.post<Product>(PRODUCT_PATHS.status, body),
};

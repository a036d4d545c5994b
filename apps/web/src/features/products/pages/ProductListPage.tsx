import { ProductList } from '@/features/products/components/ProductList';

/** Admin route `/product/list`. */
export function ProductListPage() {
  return <ProductList />;
}

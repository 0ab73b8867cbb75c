/** Shop categories (docs/product.md §2 /shop). Plain data, so pages that only filter do not load zod. */
export const PRODUCT_CATEGORIES = ['Hair Growth', 'Hair Color', 'Hair Extensions', 'LLLT Devices'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

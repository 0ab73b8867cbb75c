import { ExternalLink, Search, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { filterProducts, PRODUCTS, SHOP_CATEGORIES } from '@shared/content/products';
import type { ProductCategory } from '@shared/content/categories';
import { MSG } from '@shared/messages';
import { Button } from '@web/components/ui/button';
import { PageTitle } from '@web/components/ui/page-title';
import { ColourTag } from '../components/colour-tag';
import { ContentImage } from '../components/content-image';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Spec §2 /shop: category filter, search over name, description and category, 'No products found', Buy Now in a new tab. */
export default function ShopPage() {
  const [category, setCategory] = useState<'All' | ProductCategory>('All');
  const [search, setSearch] = useState('');
  const shown = useMemo(() => filterProducts(PRODUCTS, category, search), [category, search]);
  const clear = () => {
    setCategory('All');
    setSearch('');
  };
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14">
      <PageTitle sub="Colour care, extensions, growth treatments and laser devices we would recommend to a friend, matched to the looks you try. Buy Now opens the retailer in a new tab.">
        Shop The Look
      </PageTitle>
      <div className="mb-8 flex flex-col gap-4 rounded-3xl bg-white p-4 ring-1 ring-stone-200 sm:p-5 lg:flex-row lg:items-center">
        <div role="radiogroup" aria-label="Category" className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1 lg:pb-0">
          {SHOP_CATEGORIES.map((c) => (
            <button
              key={c}
              type="button"
              role="radio"
              aria-checked={category === c}
              onClick={() => setCategory(c)}
              className={`shrink-0 rounded-full px-4 py-2 text-sm font-semibold transition ${category === c ? 'bg-stone-900 text-white' : 'bg-stone-100 text-stone-700 hover:bg-stone-200'}`}
            >
              {c}
            </button>
          ))}
        </div>
        <div className="relative lg:ml-auto lg:w-80">
          <label htmlFor="shop-search" className="sr-only">
            Search products
          </label>
          <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-stone-500" aria-hidden />
          <input
            id="shop-search"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Search products"
            className="w-full rounded-full border border-stone-300 bg-white py-2.5 pr-4 pl-9 text-sm text-stone-900 placeholder:text-stone-500"
          />
        </div>
      </div>
      <p className="sr-only" role="status">
        {shown.length} products
      </p>
      {shown.length === 0 ? (
        <div className="rounded-3xl bg-white px-6 py-16 text-center ring-1 ring-stone-200">
          <p className="font-display text-2xl font-semibold text-stone-900">{MSG.noProducts}</p>
          <p className="mt-2 text-stone-600">Try another word or category.</p>
          <Button variant="secondary" onClick={clear} className="mt-6">
            <X className="h-4 w-4" aria-hidden /> Clear filters
          </Button>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Products">
          {shown.map((p, i) => (
            <li key={p.id} data-testid="product-card" className="flex flex-col overflow-hidden rounded-3xl bg-white ring-1 ring-stone-200">
              <ContentImage img={p.img} alt={p.imgAlt} sizes="(min-width: 1024px) 400px, (min-width: 640px) 46vw, 92vw" priority={i < 3} />
              <div className="flex flex-1 flex-col p-5">
                <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{p.category}</p>
                <h2 className="mt-1 font-display text-lg font-semibold text-stone-900">{p.name}</h2>
                <p className="mt-2 flex-1 text-sm leading-relaxed text-stone-600">{p.description}</p>
                {p.colours.length > 0 && (
                  <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Suits">
                    {p.colours.slice(0, 3).map((c) => (
                      <li key={c}>
                        <ColourTag colour={c} />
                      </li>
                    ))}
                    {p.colours.length > 3 && <li className="self-center text-xs text-stone-500">+{p.colours.length - 3} more</li>}
                  </ul>
                )}
                <div className="mt-5 flex items-center justify-between gap-3">
                  <p>
                    <span className="text-lg font-semibold text-stone-900">{usd.format(p.price)}</span>
                    <span className="block text-xs text-stone-500">at {p.retailer}</span>
                  </p>
                  <a
                    href={p.affiliateLink}
                    target="_blank"
                    rel="sponsored noopener"
                    className="inline-flex items-center gap-2 rounded-full bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
                    aria-label={`Buy Now: ${p.name} at ${p.retailer} (opens in a new tab)`}
                  >
                    Buy Now <ExternalLink className="h-4 w-4" aria-hidden />
                  </a>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-10 text-xs text-stone-500">
        Tress earns a commission from qualifying purchases made through these links. Prices are indicative and set by the retailer.
      </p>
    </div>
  );
}

import { ExternalLink, ShoppingBag } from 'lucide-react';
import { useState } from 'react';
import { DISPLAY } from '@shared/constants';
import { COLOUR_WORDS } from '@shared/hair/colour-words';
import { imageUrl } from '@shared/content/images';
import { productsForColours } from '@shared/content/products';
import { MSG } from '@shared/messages';

const label = (id: string) => COLOUR_WORDS.find((c) => c.id === id)?.label ?? id;

/**
 * Spec §2/§8 Shop the Look: products for each of the 21 colour words the prompt asks for, two per colour,
 * from the shop catalogue's colour tags. `colourIds` come from the engine's parser (the studio's), so
 * "pelo rojo" and "coper" find their colour and "no blonde" shows no blonde products.
 */
export function ShopTheLook({ colourIds }: { colourIds: readonly string[] }) {
  const asked = new Set(colourIds);
  const colours = COLOUR_WORDS.filter((c) => asked.has(c.id)).map((c) => c.id);
  const groups = productsForColours(colours, DISPLAY.productsPerColour).filter((g) => g.products.length > 0);
  return (
    <section aria-labelledby="shop-title" className="rounded-3xl bg-white p-5 ring-1 ring-stone-200">
      <h2 id="shop-title" className="flex items-center gap-2 font-display text-lg font-semibold text-stone-900">
        <ShoppingBag className="h-5 w-5 text-brand-700" aria-hidden />
        Shop the look
      </h2>
      {colours.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">Name a colour in your prompt, like “copper” or “honey blonde”, to see products that suit it.</p>
      ) : groups.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">{MSG.noProductsForColours}</p>
      ) : (
        <div className="mt-3 space-y-4">
          {groups.map((g) => (
            <div key={g.colour}>
              <p className="text-xs font-semibold uppercase tracking-wide text-stone-500">For {label(g.colour).toLowerCase()}</p>
              <ul className="mt-2 space-y-2">
                {g.products.map((p) => (
                  <li key={p.id}>
                    <a
                      href={p.affiliateLink}
                      target="_blank"
                      rel="noopener noreferrer sponsored"
                      className="flex items-center gap-3 rounded-2xl p-2 ring-1 ring-stone-100 transition hover:bg-stone-50 hover:ring-stone-200"
                    >
                      <ProductThumb src={imageUrl(p.img, 120)} alt={p.imgAlt} />
                      <span className="min-w-0 flex-1">
                        <span className="line-clamp-2 text-sm font-semibold leading-snug text-stone-900">{p.name}</span>
                        <span className="line-clamp-2 text-xs text-stone-600">{p.note}</span>
                      </span>
                      <span className="flex flex-none flex-col items-end gap-1 text-sm font-semibold tabular-nums text-stone-900">
                        ${p.price.toFixed(2)}
                        <ExternalLink className="h-3.5 w-3.5 text-stone-400" aria-label="opens in a new tab" />
                      </span>
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}

/** A product picture that falls back to a neutral tile if the file is missing. */
function ProductThumb({ src, alt }: { src: string; alt: string }) {
  const [broken, setBroken] = useState(false);
  if (broken) {
    return (
      <span
        className="flex h-14 w-14 flex-none items-center justify-center rounded-xl bg-gradient-to-br from-brand-50 to-stone-100 text-brand-700"
        role="img"
        aria-label={alt}
      >
        <ShoppingBag className="h-5 w-5" aria-hidden />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={56}
      height={56}
      loading="lazy"
      onError={() => setBroken(true)}
      className="h-14 w-14 flex-none rounded-xl bg-stone-100 object-cover"
    />
  );
}

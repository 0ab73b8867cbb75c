// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DISPLAY } from '@shared/constants';
import { COLOUR_WORDS, type ColourWord } from '@shared/hair/colour-words';
import { productsForColours } from '@shared/content/products';
import { parseHairPrompt } from '@shared/hair/prompt';
import { ShopTheLook } from './shop-the-look';

afterEach(cleanup);

const hasProducts = (id: ColourWord) => productsForColours([id], DISPLAY.productsPerColour).some((g) => g.products.length > 0);

describe('Shop the look under a result', () => {
  it('asks for a colour when the prompt names none', () => {
    render(<ShopTheLook colourIds={parseHairPrompt('a shorter layered cut').colourIds} />);
    expect(screen.getByText(/Name a colour in your prompt/)).toBeTruthy();
  });

  it('reads "no blonde" as no blonde', () => {
    render(<ShopTheLook colourIds={parseHairPrompt('copper, no blonde').colourIds} />);
    expect(screen.queryByText(/For .*blonde/i)).toBeNull();
    expect(screen.getByText(/For copper/i)).toBeTruthy();
  });

  it('offers two products for a colour the shop carries', () => {
    const stocked = COLOUR_WORDS.find((c) => hasProducts(c.id))!;
    render(<ShopTheLook colourIds={parseHairPrompt(stocked.label).colourIds} />);
    expect(screen.getAllByRole('link').length).toBeLessThanOrEqual(DISPLAY.productsPerColour);
    expect(screen.getAllByRole('link').length).toBeGreaterThan(0);
  });

  // 'No products found for the specified colors.' (docs/product.md §8) shows only for a colour the shop lacks; the
  // catalogue stocks every colour word, which is what keeps it from being seen
  it('finds products for every colour word a prompt can name', () => {
    expect(COLOUR_WORDS.filter((c) => !hasProducts(c.id)).map((c) => c.id)).toEqual([]);
  });
});

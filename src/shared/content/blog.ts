import { BLOG_META } from './blog-meta';
import type { BlogPost } from './schemas';

/**
 * The blog (docs/product.md §2 /blog, §3 Blog post: slug, title, author, publishDate, img, excerpt, content).
 * Content is Markdown; the web renders it to React elements, so raw HTML in it is shown as text
 * (features/content/components/markdown.tsx). Heroes: scripts/images/scenes.ts.
 */
const CONTENT: Record<string, string> = {
  'choosing-hair-colour-for-your-skin-tone': `Most advice about hair colour starts with "fair skin, go light; dark skin, go dark". That rule is the reason so many new colours look flat. What decides whether a shade lights up your face is your **undertone**: the colour under the surface of your skin, which stays the same whether you are pale in winter or tanned in August.

## Find your undertone in five minutes

Stand by a window in daylight, without make-up, and try three quick checks:

1. **Veins.** Look at the inside of your wrist. Mostly blue or purple veins suggest a cool undertone, mostly green a warm one. If you cannot decide, you are probably neutral.
2. **Metals.** Hold silver and gold jewellery against your face in turn. The one that makes your skin look clearer (not greyer, not sallow) points the same way: silver for cool, gold for warm.
3. **White.** Bright optic white flatters cool undertones; cream or ivory flatters warm ones.

Two out of three is enough. Write it down, because it is the single most useful thing to tell a colourist.

## Shades that usually work

These are starting points, not rules. Depth (how light or dark) is a matter of taste and upkeep; tone (warm or cool) is where undertone matters.

- **Cool undertones:** ash and beige blonde, platinum, cool brown, blue black, burgundy and cherry cola, pastel pink, lavender and silver. Avoid strong golden or orange tones close to the face, which can make pink skin look red.
- **Warm undertones:** honey and golden blonde, caramel, copper, ginger, auburn, chestnut and warm chocolate brown. Very ashy shades can make warm skin look tired or green-grey.
- **Neutral undertones:** you can go either way. Soft shades sit in the middle (beige blonde, mushroom brown, strawberry blonde), so they are the safest choice if you want to change a lot at once.

Deep skin of any undertone carries rich, saturated colour beautifully: think violet, burgundy, copper or honey pieces against dark brown. Very fair skin often looks best when the new shade is no more than two or three levels away from your natural colour at the root.

## Consider your eyes and brows

Colour that repeats something already in your face looks intentional. Copper and auburn make green and hazel eyes stand out; ash and platinum sharpen grey and blue eyes; warm browns deepen brown eyes. If you go much lighter, ask for your brows to be tinted a shade or two lighter as well, or the contrast will look harsh.

## Think about upkeep before you fall in love

- **Roots grow about 1.25 cm a month.** The further your new colour is from your natural one, the sooner the line shows. Balayage and root shadows grow out softly; all-over platinum needs a root touch-up every four to six weeks.
- **Reds fade fastest**, because red dye molecules are larger and wash out of the hair more easily. Plan on a gloss every six weeks.
- **Pastels last two to six washes.** Wonderful for a season; they need a lightened base to show at all.

## Try it before you book

Seeing the shade on your own face is the fastest way to rule things out. Upload a selfie taken in daylight to the [Tress studio](/app), type the colour in plain words ("soft copper", "ash blonde balayage", "cherry cola") and compare two or three options side by side. Save the one you like and take it to your appointment: a picture of *you* in the colour is clearer than any description. If you need someone to do it, the [directory](/professionals) lets you search by technique and city.

A last tip: book a strand test for anything more than two levels lighter. Ten minutes of testing saves months of growing out a colour that was never going to work.`,
  'balayage-ombre-highlights-explained': `"I want it lighter, but natural" is the sentence every colourist hears ten times a week, and it can mean four different services. Knowing what each technique does to your hair is the quickest way to get the result in your head, and to understand the price on the menu.

## Highlights

**What it is:** fine sections of hair woven out and lightened, usually in foils, from close to the root to the ends.

**What it looks like:** brightness spread evenly through the whole head. Very fine "babylights" mimic the way a child's hair lightens in the sun; chunkier slices give visible stripes.

**Upkeep:** because the colour starts at the root, regrowth shows as a line after 8–10 weeks. Most people book a partial (top and sides) between full heads.

**Ask for:** "fine babylights, two levels lighter than my base" or "a partial highlight around the parting". Say how often you want to come back.

## Balayage

**What it is:** the colourist paints lightener onto the surface of the hair by hand (balayage is French for "sweeping"), heavier towards the ends and softer towards the root.

**What it looks like:** a lived-in, sun-kissed graduation with no hard line. Each painted section is different, so it reads as natural.

**Upkeep:** low. It grows out softly, so many clients refresh it two to four times a year with a toner in between.

**Ask for:** "soft balayage starting at mid-lengths" and name the end shade: honey, caramel, beige. If you want it bright around the face, add "with a money piece", two slightly brighter front sections.

## Ombré and sombré

**What it is:** a gradient from a darker root to clearly lighter ends, applied all the way around rather than in sections. Sombré ("soft ombré") uses a smaller jump in colour and a wider blend.

**What it looks like:** a deliberate two-tone effect. Ombré can be dramatic (dark brown to pale blonde, black to silver, brown to copper) or done with fashion colours such as silver to lavender.

**Upkeep:** very low at the root, but the ends take the most lightener, so they need bond-building treatments and regular trims.

**Ask for:** "ombré from my natural root to [shade] at the ends, blend starting at the jaw".

## Dip-dye and root shadow

Two relatives worth knowing. **Dip-dye** is ombré with a sharp line: only the tips are coloured, often in a vivid shade such as electric blue or emerald green. **Root shadow** (or root smudge) is the reverse: a darker tone melted over the roots after lightening, so the regrowth line never appears.

## How to get the result you want

1. **Bring pictures in your own colouring.** A photo of a stranger with different skin and a different starting colour is a guess. Try the looks on your own photo in the [studio](/app) first; the [Style Library](/styles) has ready-made prompts for every technique here.
2. **Say what you do not want.** "No stripes", "nothing brassy" and "no visible root line" are as useful as the thing you do want.
3. **Be honest about your history.** Box dye and henna from two years ago are still in your lengths and change how lightener behaves.
4. **Agree the maintenance plan** before the first foil goes in: how often, how much, and what you will do at home.

## What it costs and why

Prices follow time. Balayage and full-head highlights are two to four hours in the chair and are priced accordingly; a partial or a money piece is often half that. A toner or gloss at the end is usually extra and always worth it: it is what turns "lightened" into "honey" or "beige". When you compare salons, compare what is included, not only the headline price. The [Tress directory](/professionals) lets you search colourists by technique so you can compare portfolios first.`,
  'keep-hair-colour-from-fading': `A new colour is at its best the day you leave the salon and loses the most in the next four weeks. The good news: most of that loss is avoidable with a few habits that cost almost nothing.

## Days 1–3: let it settle

Wait **48–72 hours** before the first wash. The cuticle, the outer layer of each hair, needs time to close fully after colouring, and until it does, every wash rinses pigment away. Dry shampoo is your friend.

## How to wash

- **Wash less often.** Two or three times a week is plenty for most hair. Every wash removes some colour, especially reds, coppers and fashion shades.
- **Use lukewarm or cool water.** Hot water opens the cuticle. Finish with a cool rinse.
- **Choose a sulphate-free, colour-safe shampoo** and concentrate it on the scalp; the suds that run through the lengths are enough to clean them.
- **Condition every time.** A closed, smooth cuticle holds colour better and reflects more light, so the shade looks richer.

## Products that are worth it

1. **A gloss or colour-depositing conditioner** in your shade. It adds back a little pigment every time you use it: brilliant for copper, burgundy, cherry cola and pastel shades. You will find a few in [Shop The Look](/shop).
2. **Violet or blue shampoo** if you are blonde, platinum, silver or grey. Once a week is enough; leave it on for two or three minutes. Used daily it can leave a lilac cast.
3. **A heat protectant** before any tool over 150 °C. Heat fades colour and can turn blonde yellow.
4. **A bond-building treatment** after lightening, once a week for the first month.

## The three habits that fade colour fastest

- **Sun.** UV breaks down pigment, and it is why beach holidays turn brunettes brassy. Wear a hat or use a leave-in with UV filters.
- **Chlorine and hard water.** Wet your hair with tap water and apply conditioner before swimming; in hard-water areas a shower filter makes a visible difference.
- **Hot tools every day.** Air-dry when you can and lower the temperature when you cannot.

## Weeks 4–6: plan the refresh

Fashion colours and reds usually need a top-up gloss around week six. Balayage and lived-in blonde can go longer, with a toner in between. If you are not sure the shade is still right for you, try the refreshed version, or a new one, on your own photo in the [studio](/app) before the appointment.

## When to see a professional

If your colour has gone green after swimming, patchy after a box dye, or orange after lightening at home, book a colour correction rather than layering more dye on top. It is a specialist service; the [directory](/professionals) lists colourists by technique, with portfolios and reviews.`,
};

export const BLOG_POSTS: BlogPost[] = BLOG_META.map((m) => ({ ...m, content: CONTENT[m.slug] ?? '' }));

export function postBySlug(slug: string): BlogPost | undefined {
  return BLOG_POSTS.find((p) => p.slug === slug);
}

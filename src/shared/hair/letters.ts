/**
 * Letters of the Latin-script languages prompts are read in, as the body of a regex character class, for
 * telling words apart. Spelled out instead of `\p{L}`: a Unicode property class costs about a millisecond to
 * compile, and V8 drops a regex's compiled code a few collections after its last use, so in the engine (one
 * prompt per photo, a collection or more between them) the parser's regexes were compiled again for every
 * photo: ~25 ms of its time instead of ~0.3.
 */
export const LETTER = 'A-Za-z\\u00AA\\u00B5\\u00BA\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u024F\\u1E00-\\u1EFF';
export const UPPER = 'A-Z\\u00C0-\\u00D6\\u00D8-\\u00DE';
export const LOWER = 'a-z\\u00DF-\\u00F6\\u00F8-\\u00FF';
/** Combining accents (a prompt typed with decomposed characters). */
export const MARK = '\\u0300-\\u036F';

import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable';

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('counts a server without a free connection slot as a moment to wait out, as Drizzle wraps it', () => {
    const refused = pgError('53300', 'sorry, too many clients already');
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('Failed query: select 1'), { cause: refused }))).toBe(true);
  });

  it('leaves a wrong query and a lost race to their own answers', () => {
    expect(isDatabaseUnavailable(pgError('42P01', 'relation "nope" does not exist'))).toBe(false);
    expect(isDatabaseUnavailable(pgError('23P01', 'conflicting key value violates exclusion constraint'))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { ApiError } from '@web/lib/api';
import { uploadError } from './upload-image';

describe('what an upload failure shows', () => {
  it('is the message alone for a rule the person broke', () => {
    expect(uploadError(new ApiError('invalid-argument', MSG.portfolioFull, 400, { limit: 6 }))).toEqual({ message: MSG.portfolioFull });
    expect(uploadError(new ApiError('invalid-argument', MSG.imageTooLarge, 413, { limit: 3 }))).toEqual({ message: MSG.imageTooLarge });
  });

  it('adds the code and details for a failure nobody expected', () => {
    expect(uploadError(new ApiError('internal', 'Storage is unavailable.', 500, { storage: 'timeout' }))).toEqual({
      message: 'Storage is unavailable.',
      code: 'internal',
      details: '{"storage":"timeout"}',
    });
    expect(uploadError(new ApiError('internal', 'Network error', 0))).toEqual({ message: 'Network error', code: 'internal' });
  });
});

import { ERROR_STATUS, WIRE_STATUS, type ErrorBody, type ErrorCode } from '@shared/errors';

/**
 * The one error type of the server. `message` is safe to show the user; `details` is optional
 * structured context (a field name, a storage code). Thrown anywhere, rendered in one place.
 */
export class AppError extends Error {
  constructor(
    readonly code: Exclude<ErrorCode, 'unknown'>,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  toBody(): ErrorBody {
    return { error: { status: WIRE_STATUS[this.code], message: this.message, ...(this.details === undefined ? {} : { details: this.details }) } };
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

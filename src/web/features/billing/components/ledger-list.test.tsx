// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { LedgerList } from './ledger-list';

afterEach(cleanup);

describe('the billing history', () => {
  it(`says '${MSG.noTransactions}' when there is none`, () => {
    render(<LedgerList entries={[]} />);
    expect(screen.getByText(MSG.noTransactions)).toBeTruthy();
  });
});

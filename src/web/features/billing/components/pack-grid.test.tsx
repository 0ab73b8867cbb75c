// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CREDIT_PACKS, formatUsd } from '@shared/billing/catalogue';
import { PackGrid } from './pack-grid';

afterEach(cleanup);

describe('the credit packs a buyer chooses from', () => {
  it('shows each pack with its price and credits, the best value marked, and the terms', () => {
    render(<PackGrid pending={null} onBuy={() => undefined} />);
    for (const pack of CREDIT_PACKS) {
      const card = screen.getByRole('article', { name: pack.name });
      expect(within(card).getByText(formatUsd(pack.amount))).toBeTruthy();
      expect(within(card).getByText(String(pack.credits))).toBeTruthy();
      expect(within(card).queryByText('Best Value') !== null).toBe(Boolean(pack.isBestValue));
    }
    expect(screen.getByText(/never expire/i)).toBeTruthy();
  });

  it('asks for the pack that was chosen', async () => {
    const onBuy = vi.fn();
    render(<PackGrid pending={null} onBuy={onBuy} />);
    const pack = CREDIT_PACKS[1];
    await userEvent.click(screen.getByRole('button', { name: `Buy ${pack.name}` }));
    expect(onBuy).toHaveBeenCalledExactlyOnceWith(pack.id);
  });

  it('while checkout starts, says Redirecting… on that pack and lets no other be bought', () => {
    const pack = CREDIT_PACKS[0];
    render(<PackGrid pending={pack.id} onBuy={() => undefined} />);
    const buttons = screen.getAllByRole('button') as HTMLButtonElement[];
    expect(buttons.every((b) => b.disabled)).toBe(true);
    expect(within(screen.getByRole('article', { name: pack.name })).getByRole('button').textContent).toBe('Redirecting…');
  });
});

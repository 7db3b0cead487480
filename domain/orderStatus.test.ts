import { canTransition, ORDER_STATUSES, ORDER_TRANSITIONS, restoresStock } from './orderStatus';

describe('order state machine', () => {
  it('allows exactly the documented moves', () => {
    const allowed = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.filter((to) => canTransition(from, to)).map((to) => `${from}>${to}`));
    expect(allowed.sort()).toEqual(
      [
        'pending>confirmed',
        'confirmed>shipped',
        'shipped>delivered',
        'pending>cancelled',
        'confirmed>cancelled',
        'delivered>returned',
        // A company's held order is only placed by an owner's approval (not a move of the table).
        'awaiting_approval>cancelled',
      ].sort(),
    );
  });

  it('ends in cancelled and returned, which put stock back', () => {
    expect(ORDER_TRANSITIONS.cancelled).toEqual([]);
    expect(ORDER_TRANSITIONS.returned).toEqual([]);
    expect(restoresStock('cancelled') && restoresStock('returned')).toBe(true);
    expect(restoresStock('shipped')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  canReturn,
  clabeProblem,
  isBusinessDay,
  mexicanHolidays,
  RETURN_MESSAGES,
  returnDeadline,
  returnDeadlineText,
  returnLastDay,
  returnRequestProblems,
  type ReturnableLine,
} from '../src/returns.js';

// Mexico City is UTC-6 all year (no daylight saving time since 2022).
const mx = (local: string) => new Date(`${local}-06:00`);

describe('business days in Mexico City (LFT art. 74)', () => {
  it('the federal holidays of a year: fixed days and the Mondays', () => {
    expect(mexicanHolidays(2026)).toEqual([
      '2026-01-01',
      '2026-02-02',
      '2026-03-16',
      '2026-05-01',
      '2026-09-16',
      '2026-11-16',
      '2026-12-25',
    ]);
    expect(mexicanHolidays(2027)).toContain('2027-02-01');
    expect(mexicanHolidays(2027)).toContain('2027-03-15');
    expect(mexicanHolidays(2027)).toContain('2027-11-15');
  });

  it('1 October is a holiday every six years, the presidential inauguration (2024, 2030…)', () => {
    expect(mexicanHolidays(2024)).toContain('2024-10-01');
    expect(mexicanHolidays(2030)).toContain('2030-10-01');
    expect(mexicanHolidays(2026)).not.toContain('2026-10-01');
    expect(mexicanHolidays(2018)).toContain('2018-12-01');
  });

  it('weekends and holidays are not business days', () => {
    expect(isBusinessDay('2026-11-13')).toBe(true); // Friday
    expect(isBusinessDay('2026-11-14')).toBe(false); // Saturday
    expect(isBusinessDay('2026-11-15')).toBe(false); // Sunday
    expect(isBusinessDay('2026-11-16')).toBe(false); // Revolution day (third Monday)
    expect(isBusinessDay('2026-12-25')).toBe(false);
  });

  it('counts business days after a day, never the day itself', () => {
    expect(addBusinessDays('2026-11-12', 1)).toBe('2026-11-13');
    expect(addBusinessDays('2026-11-13', 1)).toBe('2026-11-17');
    expect(addBusinessDays('2026-12-23', 5)).toBe('2026-12-31');
  });
});

describe('the return window: five business days from delivery (LFPC art. 56)', () => {
  // Delivered Thursday 12 November 2026; Friday 13 is the 1st business day, the weekend and
  // Monday 16 (a holiday) are skipped, Friday 20 is the 5th, Monday 23 the 6th.
  const delivered = mx('2026-11-12T15:00:00');

  it('returnDeadline is the end of the 5th business day, across a weekend and a holiday', () => {
    expect(returnLastDay(delivered)).toBe('2026-11-20');
    expect(returnDeadline(delivered).toISOString()).toBe('2026-11-21T06:00:00.000Z');
  });

  it('canReturn on the 5th business day, to its last minute in Mexico City', () => {
    expect(canReturn(mx('2026-11-20T09:00:00'), delivered)).toBe(true);
    expect(canReturn(mx('2026-11-20T23:59:59'), delivered)).toBe(true);
  });

  it('canReturn is false on the 6th business day, and from midnight after the 5th', () => {
    expect(canReturn(mx('2026-11-21T00:00:00'), delivered)).toBe(false);
    expect(canReturn(mx('2026-11-23T10:00:00'), delivered)).toBe(false);
  });

  it('the delivery day is the one in Mexico City, not in UTC', () => {
    // 23:30 on Thursday there is already Friday in UTC.
    const lateDelivery = mx('2026-11-12T23:30:00');
    expect(lateDelivery.toISOString().slice(0, 10)).toBe('2026-11-13');
    expect(returnLastDay(lateDelivery)).toBe('2026-11-20');
  });

  it('an order not delivered cannot be returned', () => {
    expect(canReturn(new Date(), null)).toBe(false);
  });

  it('says until when, and why the option is gone, in Spanish', () => {
    const deadline = returnDeadline(delivered);
    expect(returnDeadlineText(deadline)).toBe('viernes 20 de noviembre de 2026');
    expect(RETURN_MESSAGES.windowClosed(deadline)).toBe(
      'El plazo para devolver o cambiar este pedido terminó el viernes 20 de noviembre de 2026 (5 días hábiles desde la entrega).',
    );
  });
});

describe('CLABE for a transfer refund', () => {
  it('a CLABE is required', () => {
    expect(clabeProblem('  ')).toEqual({
      field: 'clabe',
      reason: 'REQUIRED',
      message: 'Escribe la CLABE a la que se hará la transferencia.',
    });
  });

  it('18 digits with the check digit of weights 3, 7, 1', () => {
    expect(clabeProblem('002010077777777771')).toBeUndefined();
    expect(clabeProblem('002 010 077777777771')).toBeUndefined();
    expect(clabeProblem('002010077777777772')?.reason).toBe('INVALID_CLABE');
    expect(clabeProblem('00201007777777777')?.message).toBe(
      'La CLABE debe tener 18 dígitos y un dígito verificador válido.',
    );
  });
});

describe('a return request', () => {
  const order: ReturnableLine[] = [
    { productId: 1, size: '26', bought: 2, alreadyReturned: 0, productSizes: ['25', '26', '27'] },
    { productId: 2, size: 'M', bought: 1, alreadyReturned: 1, productSizes: ['M', 'G'] },
  ];
  const line = { productId: 1, size: '26', quantity: 1, reason: 'Me quedó chico' };

  it('a good return and a good exchange have no problems', () => {
    expect(returnRequestProblems([line], order)).toEqual([]);
    expect(returnRequestProblems([{ ...line, quantity: 2, newSize: '27' }], order)).toEqual([]);
  });

  it('needs at least one line', () => {
    expect(returnRequestProblems([], order)).toEqual([
      { field: 'lines', reason: 'REQUIRED', message: RETURN_MESSAGES.noLines },
    ]);
  });

  it('quantity cannot pass what was bought minus what was already returned', () => {
    expect(returnRequestProblems([{ ...line, quantity: 3 }], order)).toEqual([
      {
        field: 'lines.0.quantity',
        reason: 'RETURN_QUANTITY',
        message: 'La cantidad debe ser un número entero entre 1 y 2.',
      },
    ]);
    expect(
      returnRequestProblems([{ productId: 2, size: 'M', quantity: 1, reason: 'x' }], order),
    ).toEqual([
      {
        field: 'lines.0.quantity',
        reason: 'RETURN_QUANTITY',
        message: 'Ya pediste devolver todas las piezas de este producto.',
      },
    ]);
    expect(returnRequestProblems([{ ...line, quantity: 0 }], order)[0]?.reason).toBe(
      'RETURN_QUANTITY',
    );
    expect(returnRequestProblems([{ ...line, quantity: 1.5 }], order)[0]?.reason).toBe(
      'RETURN_QUANTITY',
    );
  });

  it('reason required', () => {
    expect(returnRequestProblems([{ ...line, reason: '   ' }], order)).toEqual([
      { field: 'lines.0.reason', reason: 'REQUIRED', message: RETURN_MESSAGES.reasonRequired },
    ]);
    expect(returnRequestProblems([{ ...line, reason: 'x'.repeat(501) }], order)[0]?.reason).toBe(
      'TOO_LONG',
    );
  });

  it('the new size must exist for the product, and differ from the one bought', () => {
    expect(returnRequestProblems([{ ...line, newSize: '30' }], order)).toEqual([
      {
        field: 'lines.0.newSize',
        reason: 'INVALID_SIZE',
        message: 'Este producto no tiene la talla 30.',
      },
    ]);
    expect(returnRequestProblems([{ ...line, newSize: '26' }], order)[0]?.message).toBe(
      RETURN_MESSAGES.newSizeSame,
    );
  });

  it('a line not in the order, or twice, is refused', () => {
    expect(returnRequestProblems([{ ...line, productId: 9 }], order)[0]).toEqual({
      field: 'lines.0.productId',
      reason: 'NOT_BOUGHT',
      message: RETURN_MESSAGES.notBought,
    });
    expect(returnRequestProblems([line, line], order)[0]?.reason).toBe('DUPLICATE_LINE');
  });
});

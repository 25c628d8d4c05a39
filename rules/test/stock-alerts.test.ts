import { describe, expect, it } from 'vitest';
import { STOCK_ALERT_MESSAGES, stockAlertEmailProblem } from '../src/stock-alerts.js';

describe("'Avísame cuando llegue' rules", () => {
  it('a visitor must write an address', () => {
    expect(stockAlertEmailProblem('  ')).toEqual({
      field: 'email',
      reason: 'REQUIRED',
      message: 'El email es obligatorio.',
    });
  });

  it('the address must be well formed', () => {
    expect(stockAlertEmailProblem('ana@')).toEqual({
      field: 'email',
      reason: 'INVALID_EMAIL',
      message: 'El email no es válido.',
    });
    expect(stockAlertEmailProblem(' ana@example.com ')).toBeUndefined();
  });

  it('says what happens next in Spanish', () => {
    expect(STOCK_ALERT_MESSAGES.offer).toBe('Avísame cuando llegue');
    expect(STOCK_ALERT_MESSAGES.subscribed('ana@example.com', '27')).toBe(
      'Listo: te escribiremos a ana@example.com cuando llegue la talla 27.',
    );
    expect(STOCK_ALERT_MESSAGES.confirmationSent('ana@example.com')).toBe(
      'Te enviamos un correo a ana@example.com. Abre el enlace para confirmar el aviso.',
    );
    expect(STOCK_ALERT_MESSAGES.confirmed('Tenis Nike', '27')).toBe(
      'Listo: te avisaremos cuando llegue la talla 27 de Tenis Nike.',
    );
  });
});

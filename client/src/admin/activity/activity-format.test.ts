import { describe, expect, it } from 'vitest';
import { actionLabel, fieldLabel, formatValue } from './activity-format';

describe('fieldLabel', () => {
  it("an order shipped unpaid shows the admin's reason as 'Motivo (envío sin pago)'", () => {
    expect(fieldLabel('overrideReason')).toBe('Motivo (envío sin pago)');
    expect(fieldLabel('tracking')).toBe('Guía');
  });

  it("the console's account changes read 'Email', 'Rol' and 'Verificación en dos pasos'", () => {
    expect(fieldLabel('email')).toBe('Email');
    expect(fieldLabel('role')).toBe('Rol');
    expect(fieldLabel('twoFactor')).toBe('Verificación en dos pasos');
  });
});

describe('actionLabel', () => {
  it("the operator's command line's actions: 'Usuario creado', 'Contraseña restablecida', 'Usuario editado'", () => {
    expect(actionLabel('user.create', 'user')).toBe('Usuario creado');
    expect(actionLabel('user.password', 'user')).toBe('Contraseña restablecida');
    expect(actionLabel('user.update', 'user')).toBe('Usuario editado');
  });
});

describe('formatValue', () => {
  it("a role reads 'Administrador' or 'Cliente', not its code", () => {
    expect(formatValue('role', '"admin"')).toBe('Administrador');
    expect(formatValue('role', '"user"')).toBe('Cliente');
  });
});

import { problem, type Problem } from './problem.js';

/**
 * The legal pages a Mexican online shop publishes (issue 25, item 7): the integral privacy notice
 * (LFPDPPP), the terms and conditions (LFPC art. 76 Bis) and the returns policy (LFPC art. 56,
 * PROFECO). Each is Markdown the admin may edit; an empty text means the default below. Their
 * placeholders (`{razonSocial}`…) are filled from the shop's settings when a page is shown, so a
 * change of address in Ajustes reaches every page at once.
 */
export const LEGAL_TEXT_KINDS = ['privacy', 'terms', 'returns'] as const;
export type LegalTextKind = (typeof LEGAL_TEXT_KINDS)[number];

/** Each page's title (its h1, the footer's link). */
export const LEGAL_TEXT_TITLES: Record<LegalTextKind, string> = {
  privacy: 'Aviso de privacidad',
  terms: 'Términos y condiciones',
  returns: 'Devoluciones y cambios',
};

/** Each page's hash route (`#/aviso-de-privacidad`…). */
export const LEGAL_TEXT_PATHS: Record<LegalTextKind, string> = {
  privacy: '/aviso-de-privacidad',
  terms: '/terminos-y-condiciones',
  returns: '/devoluciones-y-cambios',
};

/** The longest a text may be (characters, once trimmed). */
export const LEGAL_TEXT_MAX_LENGTH = 20_000;

/** The shop's details the placeholders stand for (from the settings). */
export interface LegalShopDetails {
  name: string;
  legalName: string;
  address: string;
  phone: string;
  email: string;
}

/** Every placeholder a text may hold, and what fills it. */
export const LEGAL_PLACEHOLDERS = {
  razonSocial: (s: LegalShopDetails) => s.legalName || s.name,
  nombreTienda: (s: LegalShopDetails) => s.name,
  direccion: (s: LegalShopDetails) => s.address || '(por indicar)',
  telefono: (s: LegalShopDetails) => (s.phone ? spacedPhone(s.phone) : '(por indicar)'),
  email: (s: LegalShopDetails) => s.email || '(por indicar)',
} as const satisfies Record<string, (s: LegalShopDetails) => string>;

export type LegalPlaceholder = keyof typeof LEGAL_PLACEHOLDERS;

/** How the admin's screen lists the placeholders. */
export const LEGAL_PLACEHOLDER_HELP: Record<LegalPlaceholder, string> = {
  razonSocial: 'la razón social (o el nombre de la tienda si no hay)',
  nombreTienda: 'el nombre de la tienda',
  direccion: 'la dirección',
  telefono: 'el teléfono',
  email: 'el correo de contacto',
};

export const LEGAL_TEXT_MESSAGES = {
  tooLong: (kind: LegalTextKind) =>
    `El texto de "${LEGAL_TEXT_TITLES[kind]}" no puede tener más de ${LEGAL_TEXT_MAX_LENGTH.toLocaleString('es-MX')} caracteres`,
  controlChars: (kind: LegalTextKind) =>
    `El texto de "${LEGAL_TEXT_TITLES[kind]}" no puede contener caracteres de control`,
  unknownPlaceholder: (name: string) =>
    `El marcador {${name}} no existe: usa ${Object.keys(LEGAL_PLACEHOLDERS)
      .map((p) => `{${p}}`)
      .join(', ')}`,
} as const;

// Tabs and line breaks are text; any other control character is not.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const PLACEHOLDER = /\{([A-Za-z]+)\}/g;

export function isLegalTextKind(value: string): value is LegalTextKind {
  return (LEGAL_TEXT_KINDS as readonly string[]).includes(value);
}

/** The text as stored: line breaks as `\n`, trimmed. */
export function normalizeLegalText(markdown: string): string {
  return markdown.replace(/\r\n?/g, '\n').trim();
}

/**
 * A text the admin sends: within LEGAL_TEXT_MAX_LENGTH, free of control characters, and naming
 * only known placeholders. Empty is allowed: the page then shows its default.
 */
export function legalTextProblems(kind: LegalTextKind, markdown: string): Problem<'markdown'>[] {
  const text = normalizeLegalText(markdown);
  const M = LEGAL_TEXT_MESSAGES;
  if ([...text].length > LEGAL_TEXT_MAX_LENGTH) {
    return [problem('markdown', 'TOO_LONG', M.tooLong(kind))];
  }
  if (CONTROL_CHARS.test(text)) {
    return [problem('markdown', 'CONTROL_CHARACTERS', M.controlChars(kind))];
  }
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1]!;
    if (!(name in LEGAL_PLACEHOLDERS)) {
      return [problem('markdown', 'UNKNOWN_PLACEHOLDER', M.unknownPlaceholder(name))];
    }
  }
  return [];
}

/** '5512345678' → '55 1234 5678'. */
function spacedPhone(phone: string): string {
  return /^\d{10}$/.test(phone)
    ? `${phone.slice(0, 2)} ${phone.slice(2, 6)} ${phone.slice(6)}`
    : phone;
}

/** A setting put into Markdown as plain text: its Markdown punctuation escaped. */
function asMarkdownText(value: string): string {
  return value.replace(/[\\`*_[\]{}()<>#+!|~]/g, (c) => `\\${c}`).replace(/\s+/g, ' ');
}

/**
 * The Markdown a page shows: the stored text (or the default when there is none) with every
 * known placeholder replaced by the shop's detail, escaped so a setting never becomes a link or
 * markup. An unknown `{name}` stays as written.
 */
export function fillLegalText(markdown: string, shop: LegalShopDetails): string {
  return markdown.replace(PLACEHOLDER, (whole, name: string) =>
    name in LEGAL_PLACEHOLDERS
      ? asMarkdownText(LEGAL_PLACEHOLDERS[name as LegalPlaceholder](shop))
      : whole,
  );
}

/** The text a page shows: the stored one, or its default when the admin left it empty. */
export function effectiveLegalText(kind: LegalTextKind, stored: string | null | undefined): string {
  const text = normalizeLegalText(stored ?? '');
  return text === '' ? DEFAULT_LEGAL_TEXTS[kind] : text;
}

/**
 * The simplified privacy notice (LFPDPPP art. 3, fr. I and the Lineamientos' simplified form):
 * shown where personal data is collected (registration, the address form), with the link to the
 * integral one.
 */
export function simplifiedPrivacyNotice(
  shop: Pick<LegalShopDetails, 'name' | 'legalName'>,
): string {
  const responsible = shop.legalName || shop.name;
  return (
    `${responsible} es responsable del tratamiento de tus datos personales. Los usamos para ` +
    'crear tu cuenta, atender y enviar tus pedidos y cobrarlos (finalidades necesarias) y, solo ' +
    'si no te opones, para enviarte promociones (finalidad voluntaria; puedes negarte escribiéndonos). ' +
    'Conoce el aviso de privacidad integral, tus derechos ARCO y cómo ejercerlos.'
  );
}

/** The default texts: sensible Spanish wording a shop can publish as is, then adapt. */
export const DEFAULT_LEGAL_TEXTS: Record<LegalTextKind, string> = {
  privacy: `## Identidad y domicilio del responsable

**{razonSocial}** ("{nombreTienda}"), con domicilio en {direccion}, es responsable del tratamiento de tus datos personales conforme a la Ley Federal de Protección de Datos Personales en Posesión de los Particulares (LFPDPPP). Contacto: {email}, teléfono {telefono}.

## Datos personales que recabamos

- Identificación y contacto: nombre, correo electrónico y teléfono.
- Domicilio de entrega: calle, número, colonia, código postal, municipio o alcaldía, estado y referencias.
- Datos de tus pedidos: productos, tallas, importes, forma de pago y comprobantes que nos envíes.
- Datos fiscales, solo si pides factura: RFC, nombre o razón social, régimen fiscal, uso del CFDI y código postal fiscal.

No recabamos datos personales sensibles. Los pagos con tarjeta los procesa Mercado Pago: no conocemos ni guardamos el número de tu tarjeta.

## Finalidades necesarias (primarias)

Usamos tus datos para las finalidades que dan origen a la relación contigo:

1. Crear y administrar tu cuenta.
2. Procesar, cobrar, enviar y dar seguimiento a tus pedidos.
3. Atender devoluciones, cambios, aclaraciones y quejas.
4. Emitir las facturas (CFDI) que solicites y cumplir obligaciones legales y fiscales.

## Finalidades voluntarias (secundarias)

Solo si no te opones, también usamos tus datos para:

1. Enviarte promociones, novedades y avisos de productos.
2. Conocer tu opinión sobre nuestros productos y servicio.

**Cómo negarte:** si no deseas que tus datos se usen para estas finalidades, escríbenos a {email} con el asunto "Finalidades secundarias". Tu negativa no será motivo para negarte nuestros productos ni servicios.

## Transferencias

No vendemos tus datos. Los compartimos solo con quien los necesita para cumplir tu pedido, sin requerir tu consentimiento (art. 37 LFPDPPP): la paquetería que entrega tus compras, el procesador de pagos, el proveedor autorizado de certificación (PAC) que timbra tus facturas y las autoridades que lo requieran conforme a la ley.

## Derechos ARCO

Tienes derecho a **acceder** a tus datos, **rectificarlos** si son inexactos, **cancelarlos** cuando consideres que no se requieren para las finalidades señaladas y **oponerte** a su uso para fines específicos.

Para ejercerlos envía tu solicitud a {email} con: tu nombre y un correo para responderte; una identificación oficial (o la de tu representante y el documento que lo acredite); la descripción clara de los datos y del derecho que quieres ejercer; y cualquier documento que ayude a localizarlos. Te responderemos en un plazo máximo de 20 días hábiles y, si procede, lo haremos efectivo dentro de los 15 días hábiles siguientes.

## Revocación del consentimiento

Puedes revocar en cualquier momento el consentimiento que nos diste, con el mismo procedimiento de los derechos ARCO. No siempre podremos atenderla de inmediato cuando una obligación legal nos exija conservar tus datos (por ejemplo, las fiscales).

## Cookies y tecnologías similares

Usamos cookies y almacenamiento local del navegador para mantener tu sesión, recordar tu carrito y proteger tu cuenta. No usamos cookies de publicidad. Puedes borrarlas desde tu navegador; sin ellas no podrás iniciar sesión.

## Cambios a este aviso

Cualquier cambio a este aviso de privacidad se publicará en esta misma página del sitio de {nombreTienda}.`,

  terms: `## Quién te vende

**{razonSocial}** ("{nombreTienda}")

- Domicilio: {direccion}
- Teléfono: {telefono}
- Correo: {email}

**Quejas y aclaraciones:** escríbenos a {email} o llámanos al {telefono}; te responderemos en un máximo de 3 días hábiles. También puedes acudir a la Procuraduría Federal del Consumidor (PROFECO) o a su servicio Concilianet.

## Precios

Todos los precios están en pesos mexicanos (MXN) e **incluyen el IVA**. El precio que pagas es el que se muestra al confirmar tu pedido, con los descuentos que apliquen. Si un precio se publicó por un error evidente, te avisaremos y podrás cancelar el pedido con la devolución íntegra de lo pagado.

## Pedidos y disponibilidad

Tu pedido queda confirmado cuando recibimos el pago. Los productos se apartan por el tiempo que se indica en la página de pago; si no se recibe el pago en ese plazo, el pedido se cancela.

## Formas de pago

- Transferencia o depósito bancario a la cuenta que se muestra en la página de pago (envíanos tu comprobante).
- Tarjeta de crédito o débito a través de Mercado Pago, cuando esté disponible; el cargo adicional por pago con tarjeta se muestra antes de pagar.

## Envíos

Enviamos a todo México por paquetería. El costo del envío se muestra antes de confirmar el pedido y te enviamos el número de guía por correo cuando tu pedido sale. Revisa el paquete al recibirlo.

## Devoluciones, cambios y garantía

Puedes devolver o cambiar tu compra en los plazos y condiciones de la página "Devoluciones y cambios".

## Tus datos

Tratamos tus datos personales según nuestro aviso de privacidad.

## Legislación aplicable

Estos términos se rigen por las leyes de México, en particular la Ley Federal de Protección al Consumidor.`,

  returns: `## Tu derecho a devolver

Conforme al artículo 56 de la Ley Federal de Protección al Consumidor, tienes **cinco días hábiles a partir de la entrega** de tu pedido para devolverlo o cambiarlo, sin necesidad de explicar el motivo y sin costo de penalización. Los días hábiles no cuentan sábados, domingos ni días de descanso obligatorio.

## Cómo pedirlo

1. Escríbenos a {email} o llámanos al {telefono} dentro del plazo, con tu número de pedido, los productos y las cantidades que devuelves.
2. Te diremos cómo enviarnos el paquete a {direccion}.
3. Los productos deben estar sin uso, con sus etiquetas y en su empaque.

## Cambios de talla

Si la talla no te quedó, puedes cambiarla por otra talla del mismo producto, sujeto a existencias. Te enviamos la nueva talla sin costo adicional.

## Reembolsos

- Reembolsamos lo que pagaste por los productos devueltos, con los descuentos que se les aplicaron, en un máximo de 10 días hábiles desde que recibimos la devolución.
- Si pagaste con tarjeta, el reembolso se hace a la misma tarjeta; si pagaste por transferencia, a la cuenta CLABE que nos indiques.
- El costo del envío se reembolsa cuando devuelves el pedido completo por un error nuestro (producto defectuoso o distinto al pedido).

## Productos defectuosos

Si recibes un producto defectuoso o distinto al que pediste, avísanos en cuanto lo notes: lo cambiamos o te devolvemos tu dinero, incluido el envío.

**{razonSocial}** · {direccion} · {telefono} · {email}`,
};

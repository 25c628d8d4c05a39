import {
  checkProduct,
  MAX_PRODUCT_PHOTOS,
  PRODUCT_MESSAGES,
  type ProductField,
  productPhotosProblem,
  type ValidProduct,
} from '@tienda/rules';

/**
 * Products by spreadsheet (issue 26 item 4): the CSV's columns, as the spec's product form and
 * the REST facade name them, and one row read into a product the admin form's rules
 * (@tienda/rules `checkProduct`, `productPhotosProblem`) have checked. Pure: what needs the
 * database (ids, names, lookups, photos) is product-import.ts's.
 *
 * Prices are pesos with a decimal point ('1299.00'); sizes and quantities are lists in the same
 * order, as in the form ('S, M, L' and '3, 0, 5': written with a space after each comma, so a
 * spreadsheet never reads '5,100' as five thousand one hundred); photos are file names of photos
 * already uploaded, comma-separated; booleans 'sí' or 'no'.
 */
export const CSV_COLUMNS = [
  'id',
  'nombre',
  'descripcion',
  'precio',
  'promocion',
  'precioPromocion',
  'especial',
  'tipo',
  'marca',
  'color',
  'tallas',
  'cantidad',
  'imagenes',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** The rules' field → the column that holds it. */
const FIELD_COLUMN: Record<ProductField, CsvColumn> = {
  name: 'nombre',
  description: 'descripcion',
  priceCents: 'precio',
  promotionPriceCents: 'precioPromocion',
  sizes: 'tallas',
  quantities: 'cantidad',
  typeId: 'tipo',
  photos: 'imagenes',
};

/** The import's own messages (Spanish, each naming its column through `inColumn`). */
export const CSV_MESSAGES = {
  badId: 'El id debe ser un número entero',
  unknownId: (id: number) => `No existe un producto con id ${id}`,
  repeatedId: (id: number, line: number) => `El producto ${id} ya está en la fila ${line}`,
  repeatedName: (line: number) => `El nombre ya está en la fila ${line}`,
  badFlag: 'Escribe sí o no',
  columnCount: (found: number) =>
    `La fila tiene ${found} columnas; se esperaban ${CSV_COLUMNS.length}`,
  lookupMissing: {
    tipo: 'El tipo no existe',
    marca: 'La marca no existe',
    color: 'El color no existe',
  },
  photoUrl: 'Las fotos por URL aún no se admiten: sube la foto y escribe su nombre de archivo',
  photoName: (name: string) => `«${name}» no es un nombre de archivo de foto`,
  photoRepeated: (name: string) => `La foto ${name} está repetida`,
  photoMissing: (name: string) => `No hay ninguna foto subida con el nombre ${name}`,
  photoOfAnother: (name: string) => `La foto ${name} es de otro producto`,
  missingColumns: (names: readonly string[]) =>
    `Al archivo le falta${names.length === 1 ? ' la columna' : 'n las columnas'} ${names.join(', ')}`,
  unknownColumns: (names: readonly string[]) =>
    `El archivo tiene columna${names.length === 1 ? '' : 's'} que no se reconoce${names.length === 1 ? '' : 'n'}: ${names.join(', ')}`,
  repeatedColumn: (name: string) => `La columna ${name} está repetida`,
  empty: 'El archivo no tiene filas de productos',
  noFile: 'Elige un archivo CSV (campo archivo)',
  notCsv: (detail: string) => `El archivo no es un CSV válido: ${detail}`,
  tooManyRows: (max: number) =>
    `El archivo tiene más de ${max.toLocaleString('es-MX')} filas: divídelo en varios`,
  tooLarge: (mb: number) => `El archivo pesa más de ${mb} MB: divídelo en varios`,
  hasErrors: (count: number, first: { fila: number; mensaje: string }) =>
    `${count === 1 ? 'Una fila tiene' : `${count.toLocaleString('es-MX')} filas tienen`} errores (fila ${first.fila}: ${first.mensaje}); no se importó nada. Corrígelas o elige importar las filas válidas`,
  gone: (id: number) => `El producto ${id} ya no existe`,
  nameTakenNow: 'Otro producto tomó este nombre mientras se importaba',
} as const;

/** 'El precio no es válido (columna precio)'. */
export const inColumn = (message: string, column: CsvColumn) => `${message} (columna ${column})`;

/** A row's problem: its message already names the column. */
export class RowProblem extends Error {}

const fail = (message: string, column: CsvColumn): never => {
  throw new RowProblem(inColumn(message, column));
};

/** Cells that a spreadsheet would run as a formula are written with a leading apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell as written to the file (formula-looking text made inert). */
export function safeCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A text cell as read back: the apostrophe `safeCell` added is dropped. */
export function readCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** Centavos as the file writes them: '1299.00'. */
export const pesosCell = (cents: number): string =>
  `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export const flagCell = (value: boolean): string => (value ? 'sí' : 'no');

/** A list cell: 'S, M, L'. */
export const listCell = (items: readonly (string | number)[]): string => items.join(', ');

const YES = ['sí', 'si', 'true', '1', 'x', 'yes'];
const NO = ['no', 'false', '0', ''];

function readFlag(value: string, column: CsvColumn): boolean {
  const v = value.trim().toLowerCase();
  if (YES.includes(v)) return true;
  if (NO.includes(v)) return false;
  return fail(CSV_MESSAGES.badFlag, column);
}

/** '1299', '1299.5', '1299.00', '$1,299.00' → centavos; '' → null. */
function readPesos(value: string, column: CsvColumn): number | null {
  const v = value
    .trim()
    .replace(/^\$/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  if (v === '') return null;
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(v)) return fail(PRODUCT_MESSAGES.badPrice, column);
  const [whole, fraction = ''] = v.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

const readList = (value: string): string[] =>
  value.trim() === '' ? [] : value.split(',').map((item) => item.trim());

/** A row as read: the product checked by the form's rules, and what the database must check. */
export interface CsvRow {
  /** The product it updates; null: a new product. */
  id: number | null;
  product: ValidProduct;
  /** Lookup names as written ('' when empty: the brand and colour then come from the name). */
  type: string;
  brand: string;
  color: string;
  /** Photo file names, in display order (1 to 3, distinct, not URLs). */
  photos: string[];
}

/**
 * One record (cells in CSV_COLUMNS order, as `columnOrder` maps them) to a checked row, or a
 * RowProblem naming the first problem and its column, in the form's order of checks.
 */
export function readCsvRow(cells: readonly string[], columnOrder: readonly number[]): CsvRow {
  if (cells.length !== columnOrder.length) {
    throw new RowProblem(CSV_MESSAGES.columnCount(cells.length));
  }
  const cell = (column: CsvColumn) =>
    readCell(cells[columnOrder[CSV_COLUMNS.indexOf(column)]!] ?? '');
  const idText = cell('id').trim();
  if (idText !== '' && !/^[1-9]\d{0,8}$/.test(idText)) fail(CSV_MESSAGES.badId, 'id');
  const promotion = readFlag(cell('promocion'), 'promocion');
  const special = readFlag(cell('especial'), 'especial');
  const priceCents = readPesos(cell('precio'), 'precio');
  const promotionPriceCents = promotion
    ? readPesos(cell('precioPromocion'), 'precioPromocion')
    : null;
  const type = cell('tipo').trim();
  const checked = checkProduct({
    special,
    name: cell('nombre'),
    description: cell('descripcion'),
    priceCents,
    promotion,
    promotionPriceCents,
    sizes: readList(cell('tallas')),
    quantities: readList(cell('cantidad')).map((q) =>
      q === '' ? null : /^\d{1,9}$/.test(q) ? Number(q) : NaN,
    ),
    hasType: type !== '',
  });
  if (!checked.ok) fail(checked.problem.message, FIELD_COLUMN[checked.problem.field]);
  const product = (checked as { product: ValidProduct }).product;
  const photos = readList(cell('imagenes')).filter((name) => name !== '');
  const id = idText === '' ? null : Number(idText);
  const photoProblem = productPhotosProblem(
    id === null
      ? { kept: 0, added: photos.length, mode: 'create' }
      : { kept: photos.length, added: 0, mode: 'update' },
  );
  if (photoProblem) fail(photoProblem.message, 'imagenes');
  const seen = new Set<string>();
  for (const name of photos) {
    if (/^https?:\/\//i.test(name)) fail(CSV_MESSAGES.photoUrl, 'imagenes');
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/.test(name) || name.includes('..')) {
      fail(CSV_MESSAGES.photoName(name), 'imagenes');
    }
    if (seen.has(name)) fail(CSV_MESSAGES.photoRepeated(name), 'imagenes');
    seen.add(name);
  }
  return {
    id,
    product,
    type,
    brand: cell('marca').trim(),
    color: cell('color').trim(),
    photos: photos.slice(0, MAX_PRODUCT_PHOTOS),
  };
}

/**
 * Where each column is in the file's header (any order, case and spaces aside), or the
 * problem with the header: a column missing, one repeated, one the import does not know.
 */
export function headerOrder(header: readonly string[]): number[] | string {
  const names = header.map((h) => h.trim().replace(/^\uFEFF/, ''));
  const lowered = names.map((n) => n.toLowerCase());
  for (const [i, name] of lowered.entries()) {
    if (lowered.indexOf(name) !== i) return CSV_MESSAGES.repeatedColumn(names[i]!);
  }
  const known = CSV_COLUMNS.map((c) => c.toLowerCase());
  const unknown = names.filter((_n, i) => !known.includes(lowered[i]!));
  if (unknown.length > 0) return CSV_MESSAGES.unknownColumns(unknown);
  const missing = CSV_COLUMNS.filter((c) => !lowered.includes(c.toLowerCase()));
  if (missing.length > 0) return CSV_MESSAGES.missingColumns(missing);
  return CSV_COLUMNS.map((c) => lowered.indexOf(c.toLowerCase()));
}

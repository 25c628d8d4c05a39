import { Migration20261122000000Initial } from './Migration20261122000000Initial.js';
import { Migration20261123000000Accounts } from './Migration20261123000000Accounts.js';
import { Migration20261123010000CartAddresses } from './Migration20261123010000CartAddresses.js';
import { Migration20261123020000Checkout } from './Migration20261123020000Checkout.js';
import { Migration20261123030000Payments } from './Migration20261123030000Payments.js';
import { Migration20261123040000OrdersAdmin } from './Migration20261123040000OrdersAdmin.js';
import { Migration20261123050000CatalogChanges } from './Migration20261123050000CatalogChanges.js';
import { Migration20261123060000ProductHidden } from './Migration20261123060000ProductHidden.js';
import { Migration20261125000000MailOutbox } from './Migration20261125000000MailOutbox.js';
import { Migration20261125010000ProductImageChanges } from './Migration20261125010000ProductImageChanges.js';
import { Migration20261127000000SecondFactor } from './Migration20261127000000SecondFactor.js';
import { Migration20261127040000AdminAudit } from './Migration20261127040000AdminAudit.js';
import { Migration20261127050000OrderFlow } from './Migration20261127050000OrderFlow.js';
import { Migration20261127060000OrderAdjustments } from './Migration20261127060000OrderAdjustments.js';
import { Migration20261127070000Coupons } from './Migration20261127070000Coupons.js';
import { Migration20261127090000ShopSettings } from './Migration20261127090000ShopSettings.js';
import { Migration20261127091000AuditConsole } from './Migration20261127091000AuditConsole.js';
import { Migration20261127100000ProductImport } from './Migration20261127100000ProductImport.js';
import { Migration20261127110000StockAlerts } from './Migration20261127110000StockAlerts.js';
import { Migration20261127120000Summary } from './Migration20261127120000Summary.js';
import { Migration20261127130000AddressInterior } from './Migration20261127130000AddressInterior.js';
import { Migration20261127130500CartNotices } from './Migration20261127130500CartNotices.js';
import { Migration20261127200000FiscalData } from './Migration20261127200000FiscalData.js';
import { Migration20261127200100Invoices } from './Migration20261127200100Invoices.js';
import { Migration20261127200500Returns } from './Migration20261127200500Returns.js';
import { Migration20261127201000LegalTexts } from './Migration20261127201000LegalTexts.js';
import { Migration20261127203000GlobalInvoices } from './Migration20261127203000GlobalInvoices.js';
import { Migration20261127210000CreditNotes } from './Migration20261127210000CreditNotes.js';
import { Migration20261127211000OrderRefunds } from './Migration20261127211000OrderRefunds.js';
import { Migration20261127212000SynonymChanges } from './Migration20261127212000SynonymChanges.js';
import { Migration20261127201500SearchSynonyms } from './Migration20261127201500SearchSynonyms.js';

/** Every migration, in order. Listed explicitly so the built server needs no file discovery. */
export const migrationsList = [
  { name: 'Migration20261122000000Initial', class: Migration20261122000000Initial },
  { name: 'Migration20261123000000Accounts', class: Migration20261123000000Accounts },
  { name: 'Migration20261123010000CartAddresses', class: Migration20261123010000CartAddresses },
  { name: 'Migration20261123020000Checkout', class: Migration20261123020000Checkout },
  { name: 'Migration20261123030000Payments', class: Migration20261123030000Payments },
  { name: 'Migration20261123040000OrdersAdmin', class: Migration20261123040000OrdersAdmin },
  { name: 'Migration20261123050000CatalogChanges', class: Migration20261123050000CatalogChanges },
  { name: 'Migration20261123060000ProductHidden', class: Migration20261123060000ProductHidden },
  { name: 'Migration20261125000000MailOutbox', class: Migration20261125000000MailOutbox },
  {
    name: 'Migration20261125010000ProductImageChanges',
    class: Migration20261125010000ProductImageChanges,
  },
  { name: 'Migration20261127000000SecondFactor', class: Migration20261127000000SecondFactor },
  { name: 'Migration20261127040000AdminAudit', class: Migration20261127040000AdminAudit },
  { name: 'Migration20261127050000OrderFlow', class: Migration20261127050000OrderFlow },
  {
    name: 'Migration20261127060000OrderAdjustments',
    class: Migration20261127060000OrderAdjustments,
  },
  { name: 'Migration20261127070000Coupons', class: Migration20261127070000Coupons },
  { name: 'Migration20261127090000ShopSettings', class: Migration20261127090000ShopSettings },
  { name: 'Migration20261127091000AuditConsole', class: Migration20261127091000AuditConsole },
  { name: 'Migration20261127100000ProductImport', class: Migration20261127100000ProductImport },
  { name: 'Migration20261127110000StockAlerts', class: Migration20261127110000StockAlerts },
  { name: 'Migration20261127120000Summary', class: Migration20261127120000Summary },
  {
    name: 'Migration20261127130000AddressInterior',
    class: Migration20261127130000AddressInterior,
  },
  { name: 'Migration20261127130500CartNotices', class: Migration20261127130500CartNotices },
  { name: 'Migration20261127200000FiscalData', class: Migration20261127200000FiscalData },
  { name: 'Migration20261127200100Invoices', class: Migration20261127200100Invoices },
  { name: 'Migration20261127200500Returns', class: Migration20261127200500Returns },
  { name: 'Migration20261127201000LegalTexts', class: Migration20261127201000LegalTexts },
  {
    name: 'Migration20261127201500SearchSynonyms',
    class: Migration20261127201500SearchSynonyms,
  },
  {
    name: 'Migration20261127203000GlobalInvoices',
    class: Migration20261127203000GlobalInvoices,
  },
  { name: 'Migration20261127210000CreditNotes', class: Migration20261127210000CreditNotes },
  { name: 'Migration20261127211000OrderRefunds', class: Migration20261127211000OrderRefunds },
  { name: 'Migration20261127212000SynonymChanges', class: Migration20261127212000SynonymChanges },
];

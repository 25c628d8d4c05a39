import { Migration20261122000000Initial } from './Migration20261122000000Initial.js';
import { Migration20261123000000Accounts } from './Migration20261123000000Accounts.js';
import { Migration20261123010000CartAddresses } from './Migration20261123010000CartAddresses.js';

/** Every migration, in order. Listed explicitly so the built server needs no file discovery. */
export const migrationsList = [
  { name: 'Migration20261122000000Initial', class: Migration20261122000000Initial },
  { name: 'Migration20261123000000Accounts', class: Migration20261123000000Accounts },
  { name: 'Migration20261123010000CartAddresses', class: Migration20261123010000CartAddresses },
];

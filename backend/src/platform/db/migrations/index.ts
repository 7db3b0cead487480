// Every migration, in order, listed rather than read from a folder, so the built server (one
// bundled file, scripts/build-server.mjs) carries them too. A new migration: add its file here.
// The names are those knex recorded when it still read the folder (with .ts): keep them.
import type { Knex } from 'knex';
import * as schema from './20261122000000_schema';
import * as contactSearch from './20261122100000_contact_search';
import * as orderListIndexes from './20261123000000_order_list_indexes';
import * as mailQueue from './20261123150000_mail_queue';
import * as couriers from './20261123170000_couriers';
import * as productSearchIndex from './20261123190000_product_search_index';
import * as paymentCurrency from './20261123200000_payment_currency';
import * as refundsAndRestock from './20261123210000_refunds_and_restock';
import * as invoices from './20261123220000_invoices';
import * as securityRoundTwo from './20261124140000_security_round_two';
import * as productKindsAndFlavourLists from './20261124160000_product_kinds_and_flavour_lists';
import * as partialCreditNotes from './20261126140000_partial_credit_notes';
import * as faultHardening from './20261126141000_fault_hardening';
import * as variantGtinPrivacy from './20261126150000_variant_gtin_privacy';
import * as contactSubject from './20261126151000_contact_subject';
import * as tradeChannel from './20261126200000_trade_channel';
import * as companySearch from './20261126201000_company_search';
import * as emailVerification from './20261128100000_email_verification';
import * as stockMovements from './20261128120000_stock_movements';
import * as recordVersions from './20261128130000_record_versions';
import * as idempotencyKeys from './20261128140000_idempotency_keys';
import * as outbox from './20261128150000_outbox';
import * as paymentsReceived from './20261128160000_payments_received';
import * as tobaccoPermitValidity from './20261128161000_tobacco_permit_validity';
import * as tradeBuying from './20261128170000_trade_buying';
import * as companyMembers from './20261128180000_company_members';
import * as quoteRequests from './20261128181000_quote_requests';
import * as variantNicotine from './20261128190000_variant_nicotine';
import * as partialIndexes from './20261129000000_partial_indexes';

const MIGRATIONS: Array<[string, Knex.Migration]> = [
  ['20261122000000_schema.ts', schema],
  ['20261122100000_contact_search.ts', contactSearch],
  ['20261123000000_order_list_indexes.ts', orderListIndexes],
  ['20261123150000_mail_queue.ts', mailQueue],
  ['20261123170000_couriers.ts', couriers],
  ['20261123190000_product_search_index.ts', productSearchIndex],
  ['20261123200000_payment_currency.ts', paymentCurrency],
  ['20261123210000_refunds_and_restock.ts', refundsAndRestock],
  ['20261123220000_invoices.ts', invoices],
  ['20261124140000_security_round_two.ts', securityRoundTwo],
  ['20261124160000_product_kinds_and_flavour_lists.ts', productKindsAndFlavourLists],
  ['20261126140000_partial_credit_notes.ts', partialCreditNotes],
  ['20261126141000_fault_hardening.ts', faultHardening],
  ['20261126150000_variant_gtin_privacy.ts', variantGtinPrivacy],
  ['20261126151000_contact_subject.ts', contactSubject],
  ['20261126200000_trade_channel.ts', tradeChannel],
  ['20261126201000_company_search.ts', companySearch],
  ['20261128100000_email_verification.ts', emailVerification],
  ['20261128120000_stock_movements.ts', stockMovements],
  ['20261128130000_record_versions.ts', recordVersions],
  ['20261128140000_idempotency_keys.ts', idempotencyKeys],
  ['20261128150000_outbox.ts', outbox],
  ['20261128160000_payments_received.ts', paymentsReceived],
  ['20261128161000_tobacco_permit_validity.ts', tobaccoPermitValidity],
  ['20261128170000_trade_buying.ts', tradeBuying],
  ['20261128180000_company_members.ts', companyMembers],
  ['20261128181000_quote_requests.ts', quoteRequests],
  ['20261128190000_variant_nicotine.ts', variantNicotine],
  ['20261129000000_partial_indexes.ts', partialIndexes],
];

export const listedMigrations: Knex.MigrationSource<string> = {
  getMigrations: async () => MIGRATIONS.map(([name]) => name),
  getMigrationName: (name) => name,
  getMigration: async (name) => MIGRATIONS.find(([n]) => n === name)![1],
};

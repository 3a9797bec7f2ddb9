import type { Generated } from 'kysely';

/*
 * Tables of migration 0002: reward receptions, perks, the product catalog, bookings and visits.
 * Same conventions as schema.ts (0/1 booleans, ISO 8601 text timestamps, credits in `*_centi`).
 */

export interface RewardReceptionTable {
  id: Generated<number>;
  uuid: string;
  contact_id: number;
  /** Null once the reward itself was deleted. */
  reward_id: number | null;
  shop_id: number;
  contact_identifier_id: number | null;
  /** The credits spent, negative (its credit_entries row has the same value). */
  credits_centi: number;
  /** Until when a physical reward can be collected; null: no end. */
  expires_at: string | null;
  collected_at: string | null;
  /** The uuid of the current collection (redemption) of a physical reward, or null. */
  collection_uuid: string | null;
  collection_status: 'COLLECTED' | 'REVERSED' | null;
  /** The credit reception that gave the credits back; set once. */
  reversed_by_credit_reception_id: number | null;
  created_at: string;
}

export interface PerkTable {
  id: Generated<number>;
  uuid: string;
  name: string;
  label: string;
  data_type: 'single_select' | 'boolean';
  created_at: string;
}

export interface PerkOptionTable {
  id: Generated<number>;
  perk_id: number;
  label: string;
  /** As text; `true`/`false` for boolean perks. */
  value: string;
  is_default: number;
  position: number;
}

/** The option of a perk that a tier has. */
export interface TierPerkTable {
  tier_id: number;
  perk_id: number;
  perk_option_id: number;
}

export interface ProductCategoryTable {
  id: Generated<number>;
  uuid: string;
  external_identifier: string;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface ProductTable {
  id: Generated<number>;
  uuid: string;
  external_identifier: string;
  name: string;
  description: string | null;
  created_at: string;
  updated_at: string;
}

export interface ProductCategoryLinkTable {
  product_id: number;
  category_id: number;
  /** Order of the categories as the product was given them. */
  position: number;
}

export interface BookingTable {
  id: Generated<number>;
  uuid: string;
  contact_id: number;
  shop_id: number;
  external_id: string | null;
  source: string | null;
  starts_at: string | null;
  ends_at: string | null;
  checked_in_at: string | null;
  number_of_people: number | null;
  company_name: string | null;
  status: string | null;
  /** Cents. */
  prepaid_amount: number | null;
  created_at: string;
  updated_at: string;
}

export interface VisitTable {
  id: Generated<number>;
  uuid: string;
  contact_id: number;
  shop_id: number;
  /** Unique when set. */
  external_id: string | null;
  source: string | null;
  starts_at: string | null;
  ends_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The tables of migration 0002, merged into `Database`. */
export interface CatalogTables {
  reward_receptions: RewardReceptionTable;
  perks: PerkTable;
  perk_options: PerkOptionTable;
  tier_perks: TierPerkTable;
  product_categories: ProductCategoryTable;
  products: ProductTable;
  product_category_links: ProductCategoryLinkTable;
  bookings: BookingTable;
  visits: VisitTable;
}

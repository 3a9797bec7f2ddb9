import type { Generated } from 'kysely';

/** A device paired to one shop for the cashier console (fixture `cashier_devices`), token stored hashed. */
export interface CashierDeviceTable {
  id: Generated<number>;
  token_hash: string;
  shop_id: number;
  name: string;
  /** When a loaded fixture stopped listing the device; null while it may be used. */
  revoked_at: string | null;
  created_at: string;
  /** How the office names the device (migration 0024). */
  uuid: string | null;
}

/** A device's console session: the secret of its httpOnly cookie, stored hashed. */
export interface CashierDeviceSessionTable {
  id: Generated<number>;
  secret_hash: string;
  cashier_device_id: number;
  created_at: string;
  expires_at: string;
  /** The staff member at the till: picked with their passcode, until another is or they leave. */
  staff_id: number | null;
}

/** What a cashier device did (its actor log): `action` with its portal session and details (JSON). */
export interface CashierActionTable {
  id: Generated<number>;
  cashier_device_id: number;
  action:
    | 'paired'
    | 'unpaired'
    | 'contact_found'
    | 'session_started'
    | 'session_cancelled'
    | 'purchase_sent'
    | 'payment_received';
  portal_session_id: number | null;
  data: string;
  created_at: string;
  /** The staff member at the till when it was done (migration 0024); null before anyone signed in. */
  staff_id: number | null;
}

/** The tables of migration 0005, merged into `Database`. */
export interface CashierTables {
  cashier_devices: CashierDeviceTable;
  cashier_device_sessions: CashierDeviceSessionTable;
  cashier_actions: CashierActionTable;
}

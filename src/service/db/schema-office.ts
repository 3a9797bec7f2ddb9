import type { Generated } from 'kysely';

/** The office's roles (docs/office.md "Roles"): what a staff member may do, and where. */
export type StaffRole = 'owner' | 'manager' | 'cashier';

/** A person who runs or works in the shops (migration 0024). */
export interface StaffTable {
  id: Generated<number>;
  uuid: string;
  name: string;
  /** Lower-cased; null for a cashier who only signs in at the till. */
  email: string | null;
  /** Argon2id; null until a password is set (a cashier, or an owner made without one). */
  password_hash: string | null;
  role: StaffRole;
  /** Argon2id of the 4-digit passcode typed at the till; null: cannot sign in at a till. */
  passcode_hash: string | null;
  /** Wrong till passcodes in a row, and until when they lock the person at every till. */
  failed_passcodes: Generated<number>;
  passcode_locked_until: string | null;
  created_at: string;
  updated_at: string;
  removed_at: string | null;
}

/** The shops a manager or cashier works in (an owner works in all). */
export interface StaffShopTable {
  staff_id: number;
  shop_id: number;
}

/** A signed-in office browser: the secret of its httpOnly cookie, stored hashed. */
export interface OfficeSessionTable {
  id: Generated<number>;
  secret_hash: string;
  staff_id: number;
  created_at: string;
  expires_at: string;
}

/** An e-mailed password reset link: its token stored hashed, valid once until `expires_at`. */
export interface PasswordResetTable {
  id: Generated<number>;
  token_hash: string;
  staff_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A one-time code the office shows to pair a device (`device_kind` and `device_uuid` name it). */
export interface PairingCodeTable {
  id: Generated<number>;
  code_hash: string;
  device_kind: 'tablet' | 'console';
  device_uuid: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/**
 * One change made in the office or at a console (docs/office.md "Audit log"): who (kept by name when
 * the staff member is removed), from which device or address, what, and the values before and after
 * (JSON objects, null when made or deleted).
 */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  staff_id: number | null;
  staff_name: string | null;
  device_name: string | null;
  address: string | null;
  action: string;
  subject_type: string;
  subject_uuid: string | null;
  shop_id: number | null;
  contact_id: number | null;
  before: string | null;
  after: string | null;
}

/**
 * Wrong office passwords in a row for one e-mail address, known or not (migration 0025): its
 * SHA-256, and until when it is locked after too many.
 */
export interface SignInFailureTable {
  email_hash: string;
  failures: number;
  locked_until: string | null;
  updated_at: string;
}

/** The tables of migrations 0024 and 0025, merged into `Database`. */
export interface OfficeTables {
  staff: StaffTable;
  staff_shops: StaffShopTable;
  office_sessions: OfficeSessionTable;
  password_resets: PasswordResetTable;
  pairing_codes: PairingCodeTable;
  audit_log: AuditLogTable;
  sign_in_failures: SignInFailureTable;
}

import { z } from 'zod';
import { DEMO } from './examples';
import { emailField, idField } from './fields';
import { brand } from './portal';

/*
 * The office (docs/office.md "The office API"): the web app at /office/ where the people who run the
 * shops sign in, and its calls under /office/api, each made with the httpOnly cookie of an office
 * session and allowed by the caller's role (owner: everything; manager: the shops they are given;
 * cashier: nothing here, the console only). Answers are plain JSON (no envelope); errors are the
 * service's error body. Shared by the service and the page (which imports types only).
 */

/** The cookie of an office session: httpOnly, SameSite=Strict, Path=/office, Secure under TLS. */
export const OFFICE_COOKIE = 'portal_office';
/** How long an office session lasts (hours) unless signed out: a working day and a bit. */
export const OFFICE_SESSION_HOURS = 12;
/** How long a password reset link works (minutes), once. */
export const PASSWORD_RESET_MINUTES = 60;
/** How long the invitation of a new staff member (a link that sets their password) works (hours), once. */
export const INVITATION_HOURS = 72;
/** How long a device pairing code works (minutes), once. */
export const PAIRING_CODE_MINUTES = 15;
/** The shortest password the office accepts. */
export const PASSWORD_MIN_LENGTH = 10;

export const staffRole = z.enum(['owner', 'manager', 'cashier']);
export type StaffRole = z.infer<typeof staffRole>;

/** A shop as a list names it. */
export const shopRef = z.object({ uuid: z.string(), name: z.string() });
export type ShopRef = z.infer<typeof shopRef>;

const password = z.string().max(200);
const name = z.string().trim().min(1).max(100);
/** A till passcode: exactly four digits. */
export const passcodeField = () => z.string().regex(/^\d{4}$/, 'must be 4 digits');

// Signing in.

export const officeSignInRequest = z
  .object({ email: emailField(), password: password.min(1) })
  // The demo account's owner (README "The demo account").
  .meta({ example: { email: 'owner@demo.example', password: 'demo-owner-pass' } });

/** Who is signed in, the shops they run (all for an owner), and the account's look. */
export const officeMe = z.object({
  staff: z.object({ uuid: z.string(), name: z.string(), email: z.string().nullable(), role: staffRole }),
  shops: z.array(shopRef),
  account: z.object({ name: z.string(), brand }),
});
export type OfficeMe = z.infer<typeof officeMe>;

export const passwordResetLinkRequest = z
  .object({ email: emailField() })
  .meta({ example: { email: 'owner@demo.example' } });
export const passwordResetRequest = z.object({
  token: z.string().trim().min(1).max(200),
  password: password.min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`),
});

// Shops.

export const shopAddress = z.object({
  street: z.string().max(200).nullish(),
  housenumber: z.string().max(20).nullish(),
  postalcode: z.string().max(20).nullish(),
  city: z.string().max(100).nullish(),
  country: z.string().max(100).nullish(),
});

/** A shop as the office shows it; `closed_at` set: closed (its devices and keys stopped working). */
export const officeShop = z.object({
  uuid: z.string(),
  name: z.string(),
  reference: z.string().nullable(),
  address: shopAddress.nullable(),
  closed_at: z.string().nullable(),
});
export type OfficeShop = z.infer<typeof officeShop>;
/** GET /shops: the shops the caller runs (every shop, closed ones too, for the owner), by id. */
export const officeShops = z.array(officeShop);

export const shopRequest = z
  .object({ name, reference: z.string().trim().max(100).nullish(), address: shopAddress.nullish() })
  .meta({ example: { name: 'Demo Coffee Centraal', reference: 'CS-01', address: { city: 'Utrecht' } } });

// Devices.

export const deviceKind = z.enum(['tablet', 'console']);
export type DeviceKind = z.infer<typeof deviceKind>;

/**
 * A counter tablet or console phone. `status`: `waiting` (made, its pairing code not yet typed),
 * `paired` (in use), `revoked` (refused at its next request).
 */
export const officeDevice = z.object({
  uuid: z.string(),
  kind: deviceKind,
  name: z.string(),
  shop: shopRef,
  status: z.enum(['waiting', 'paired', 'revoked']),
  created_at: z.string().nullable(),
});
export type OfficeDevice = z.infer<typeof officeDevice>;

/** A pairing code, shown once: typed on the device before `expires_at`, it works once. */
export const pairingCode = z
  .object({ code: z.string(), expires_at: z.string() })
  .meta({ example: { code: 'K7QM-3XRP', expires_at: '2026-05-04T10:15:00+02:00' } });
export type PairingCode = z.infer<typeof pairingCode>;

export const deviceRequest = z
  .object({ kind: deviceKind, name, shop_uuid: idField() })
  .meta({ example: { kind: 'console', name: 'Till phone 2', shop_uuid: DEMO.shop } });
export const newDevice = z.object({ device: officeDevice, pairing: pairingCode });
export type NewDevice = z.infer<typeof newDevice>;
export const deviceUpdateRequest = z
  .object({ name: name.optional(), shop_uuid: idField().optional() })
  .meta({ example: { name: 'Till phone 2', shop_uuid: DEMO.shop } });
/** GET /devices: the devices of the shops the caller runs, by shop and name. */
export const officeDevices = z.array(officeDevice);

/** How many letters and digits a pairing code has (shown as two groups of four: `K7QM-3XRP`). */
export const PAIRING_CODE_LENGTH = 8;

/**
 * A typed pairing code as the service compares it: capitals, without spaces and dashes, when it
 * has the shape of one (PAIRING_CODE_LENGTH letters and digits); null otherwise (e.g. a fixture's
 * device token, which the console still takes). Case does not matter, the dash is optional.
 */
export function normalizePairingCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  return new RegExp(`^[A-Z0-9]{${PAIRING_CODE_LENGTH}}$`).test(code) ? code : null;
}

// Staff.

/** A staff member as the office lists them. */
export const officeStaff = z.object({
  uuid: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  role: staffRole,
  shops: z.array(shopRef),
  /** Whether they can sign in at a till (have a passcode) and in the office (have a password). */
  has_passcode: z.boolean(),
  has_password: z.boolean(),
  removed_at: z.string().nullable(),
});
export type OfficeStaff = z.infer<typeof officeStaff>;

export const staffRequest = z
  .object({
    name,
    email: emailField().nullish(),
    role: staffRole,
    shop_uuids: z.array(idField()).max(500).default([]),
    passcode: passcodeField().nullish(),
  })
  .meta({ example: { name: 'Kim', role: 'cashier', shop_uuids: [DEMO.shop], passcode: '4821' } });
export const staffUpdateRequest = z.object({
  name: name.optional(),
  role: staffRole.optional(),
  shop_uuids: z.array(idField()).max(500).optional(),
  passcode: passcodeField().nullish(),
});

// Register keys.

/** A register key for a POS integrator, bound to a shop or (`shop` null) account-wide. */
export const registerKey = z.object({
  uuid: z.string(),
  name: z.string(),
  shop: shopRef.nullable(),
  created_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});
export type RegisterKey = z.infer<typeof registerKey>;
/** GET /register-keys: the keys the caller may manage, newest first. */
export const registerKeys = z.array(registerKey);

export const registerKeyRequest = z
  .object({ name, shop_uuid: idField().nullable() })
  .meta({ example: { name: 'Till integration', shop_uuid: DEMO.shop } });
/** A new key: its `token` is shown this once and never again (the service keeps only its hash). */
export const newRegisterKey = z.object({ key: registerKey, token: z.string() });
export type NewRegisterKey = z.infer<typeof newRegisterKey>;

// Audit log.

/** One change: who, from where, what, and the values before and after (null: made or deleted). */
export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  staff: z.object({ uuid: z.string().nullable(), name: z.string() }).nullable(),
  device: z.string().nullable(),
  address: z.string().nullable(),
  action: z.string(),
  subject_type: z.string(),
  subject_uuid: z.string().nullable(),
  shop: shopRef.nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditQuery = z.object({
  staff_uuid: idField().optional(),
  shop_uuid: idField().optional(),
  /** Dates (YYYY-MM-DD, inclusive, UTC). */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  /** The `next` of the previous page. */
  before_id: z.coerce.number().int().positive().optional(),
});
/** A page of entries, newest first; `next`: pass as `before_id` for the next page (null: the last). */
export const auditPage = z.object({ entries: z.array(auditEntry), next: z.number().int().nullable() });
export type AuditPage = z.infer<typeof auditPage>;

// The tablet's side of pairing (portal API): the code typed on the standby screen.

export const tabletPairRequest = z.object({ code: z.string().trim().min(1).max(20) });
/** The device token the tablet keeps (its standby URL `?device=`). */
export const tabletPairing = z.object({ token: z.string() });
export type TabletPairing = z.infer<typeof tabletPairing>;

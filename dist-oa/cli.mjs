var __defProp = Object.defineProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};

// src/service/main.ts
import cluster2 from "node:cluster";
import { fileURLToPath as fileURLToPath4 } from "node:url";
import closeWithGrace from "close-with-grace";

// src/contract/examples.ts
var DEMO = {
  shop: "a0000000-0000-4000-8000-000000000001",
  shopUtrecht: "a0000000-0000-4000-8000-000000000002",
  /** Anna: Gold tier, 120 credits, €15 prepaid, card CARD-0001, app token APP-TOKEN-0001, vouchers. */
  anna: "d0000000-0000-4000-8000-000000000001",
  ben: "d0000000-0000-4000-8000-000000000002",
  carla: "d0000000-0000-4000-8000-000000000003",
  dirk: "d0000000-0000-4000-8000-000000000004",
  annaEmail: "anna@example.com",
  annaCard: "CARD-0001",
  annaAppToken: "APP-TOKEN-0001",
  /** A card of no contact, active. */
  freeCard: "CARD-9001",
  tierGold: "b0000000-0000-4000-8000-000000000002",
  subscriptionNewsletter: "c0000000-0000-4000-8000-000000000001",
  subscriptionPartnerNews: "c0000000-0000-4000-8000-000000000003",
  /** Free coffee: 50 credits, in stock. */
  rewardCoffee: "e0000000-0000-4000-8000-000000000001",
  giftcardProgram: "f0000000-0000-4000-8000-000000000001",
  /** GC-0001: €25, active. */
  giftcard: "f1000000-0000-4000-8000-000000000001",
  giftcardHash: "GC-0001",
  promotionMuffin: "90000000-0000-4000-8000-000000000001",
  /** MUFFIN-0001, Anna's, active. */
  voucher: "91000000-0000-4000-8000-000000000001",
  voucherCode: "MUFFIN-0001",
  apiKey: "demo-api-key",
  personalAccessToken: "demo-personal-access-token",
  oauthClientId: 1,
  oauthClientSecret: "demo-oauth-client-secret",
  device: "demo-device-amsterdam",
  cashierDevice: "demo-cashier-amsterdam",
  /** The small logo (demo-media/logo-small.svg) as GET /media serves it: its content hash. */
  media: "0f02a015c55a214087ff.svg"
};

// src/service/app.ts
import { existsSync as existsSync2 } from "node:fs";
import { dirname as dirname2, join as join4, resolve as resolve2 } from "node:path";
import { fileURLToPath as fileURLToPath2 } from "node:url";
import formbody from "@fastify/formbody";
import fastifyStatic2 from "@fastify/static";
import Fastify from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import qs from "qs";

// src/service/db/group-commit.ts
import { open } from "node:fs/promises";
import { sql as sql2 } from "kysely";

// src/service/db/changes.ts
import { sql } from "kysely";
var SHARED_VIEW_TABLES = ["tiers", "subscription_types", "shops", "custom_attributes"];
function trackChanges(sqlite) {
  sqlite.exec("create temp table if not exists changed_tags (tag text not null)");
  const tables = sqlite.prepare(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'"
  ).all().map((t) => t.name);
  for (const table of tables) {
    const columns = new Set(
      sqlite.prepare(`select name from pragma_table_info('${table}')`).all().map((c) => c.name)
    );
    const tags = [];
    if (table === "contacts") tags.push(`'contact:' || $.id`);
    else if (columns.has("contact_id")) tags.push(`'contact:' || $.contact_id`);
    if (table === "contact_identifiers") tags.push(`'identifier:' || $.value`);
    if (SHARED_VIEW_TABLES.includes(table)) tags.push(`'*'`);
    if (tags.length === 0) continue;
    for (const event of ["insert", "update", "delete"]) {
      const rows = event === "insert" ? ["new"] : event === "delete" ? ["old"] : ["old", "new"];
      const inserts = rows.flatMap(
        (row) => tags.map(
          (tag) => `insert into changed_tags select t from (select ${tag.replaceAll("$", row)} as t) where t is not null;`
        )
      );
      sqlite.exec(
        `create temp trigger if not exists "changed_${table}_${event}" after ${event} on main."${table}"
         begin ${inserts.join(" ")} end`
      );
    }
  }
}
async function takeChangedTags(trx) {
  const { rows } = await sql`select distinct tag from temp.changed_tags`.execute(trx);
  if (rows.length > 0) await sql`delete from temp.changed_tags`.execute(trx);
  return new Set(rows.map((r) => r.tag));
}

// src/service/db/group-commit.ts
var registry = /* @__PURE__ */ new WeakMap();
function registerGroupCommit(db, commit) {
  registry.set(db, commit);
}
function groupCommitOf(db) {
  const commit = registry.get(db);
  if (!commit) throw new Error("this SQLite database has no group commit (open it with openDatabase)");
  return commit;
}
var GroupCommit = class {
  constructor(db, walFile) {
    this.db = db;
    this.walFile = walFile;
  }
  db;
  walFile;
  stats = { units: 0, batches: 0, syncs: 0 };
  queue = [];
  scheduled = false;
  wal;
  syncing;
  nextSync;
  listeners = [];
  /** Settles once the latest batch started is on disk (or failed). */
  latest = Promise.resolve();
  /**
   * Runs `work` in the next batch. Resolves with its result once the batch is on disk; rejects
   * with its error (its savepoint rolled back, the rest of the batch unaffected), or with the
   * commit's or the sync's error, in which case nothing of the batch may be taken as written.
   */
  run(work) {
    return new Promise((resolve4, reject) => {
      this.queue.push({ work, resolve: resolve4, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.start());
      }
    });
  }
  start() {
    this.scheduled = false;
    this.latest = Promise.all([this.latest, this.flush()]).then(() => void 0);
  }
  /**
   * Settles once everything committed so far is on disk, so that a read never answers data a
   * crash could still take back.
   */
  settled() {
    return this.latest;
  }
  /**
   * Calls `listener` after each batch is on disk with the tags of what it changed (changes.ts),
   * e.g. to drop cached reads of exactly those contacts.
   */
  onDurable(listener) {
    this.listeners.push(listener);
  }
  /** Closes the log's file handle (the database itself is closed by its owner). */
  async close() {
    const wal = this.wal;
    this.wal = void 0;
    if (wal) await (await wal.catch(() => void 0))?.close();
  }
  async flush() {
    const batch = [];
    let changed = /* @__PURE__ */ new Set();
    try {
      await this.db.transaction().execute(async (trx) => {
        for (let unit2 = this.queue.shift(); unit2; unit2 = this.queue.shift()) {
          batch.push(unit2);
          await sql2`savepoint unit`.execute(trx);
          try {
            unit2.outcome = { ok: true, value: await unit2.work(trx) };
            await sql2`release unit`.execute(trx);
          } catch (error) {
            unit2.outcome = { ok: false, error };
            await sql2`rollback to unit`.execute(trx);
            await sql2`release unit`.execute(trx);
          }
        }
        changed = await takeChangedTags(trx);
      });
      if (batch.length === 0) return;
      this.stats.batches += 1;
      this.stats.units += batch.length;
      await this.durable();
    } catch (error) {
      for (const unit2 of batch) unit2.reject(error);
      if (this.queue.length > 0 && !this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.start());
      }
      return;
    }
    for (const listener of this.listeners) listener(changed);
    for (const unit2 of batch) {
      const outcome = unit2.outcome;
      if (outcome.ok) unit2.resolve(outcome.value);
      else unit2.reject(outcome.error);
    }
  }
  /** Resolves once every commit made before the call is on disk: one fdatasync at a time. */
  durable() {
    if (!this.syncing) {
      this.syncing = this.syncWal().finally(() => {
        this.syncing = void 0;
      });
      return this.syncing;
    }
    this.nextSync ??= this.syncing.catch(() => void 0).then(() => {
      this.nextSync = void 0;
      return this.durable();
    });
    return this.nextSync;
  }
  async syncWal() {
    this.wal ??= open(this.walFile, "r+");
    await (await this.wal).datasync();
    this.stats.syncs += 1;
  }
};

// src/service/db/transaction.ts
import { sql as sql3 } from "kysely";
var RETRYABLE = /* @__PURE__ */ new Set(["40001", "40P01"]);
var ATTEMPTS = 5;
async function inTransaction(db, dialect, clock, deliver, work) {
  for (let attempt = 1; ; attempt++) {
    const notes = [];
    const run = (trx) => work({
      db: trx,
      now: clock(),
      publish: (topic, payload) => notes.push({ topic, payload }),
      lock: async (table, id) => {
        if (dialect === "postgres")
          await sql3`SELECT 1 FROM ${sql3.table(table)} WHERE id = ${id} FOR UPDATE`.execute(trx);
      }
    });
    try {
      const result = dialect === "sqlite" ? await groupCommitOf(db).run(run) : await db.transaction().execute(run);
      if (notes.length > 0) deliver(notes);
      return result;
    } catch (err) {
      const code = err.code;
      if (attempt >= ATTEMPTS || typeof code !== "string" || !RETRYABLE.has(code)) throw err;
      await new Promise((resolve4) => setTimeout(resolve4, Math.random() * 5 * attempt));
    }
  }
}

// src/service/events/bus.ts
import { EventEmitter } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";

// src/service/db/outage.ts
var DATABASE_RETRY_AFTER_SECONDS = 2;
var CODES = /* @__PURE__ */ new Set([
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT"
]);
var MESSAGES = /Connection terminated|not queryable|timeout exceeded when trying to connect|Client was closed|connection error/i;
function isDatabaseUnavailable(err) {
  if (typeof err !== "object" || err === null) return false;
  const { code, message, errors } = err;
  if (typeof code === "string" && (CODES.has(code) || code.startsWith("08"))) return true;
  if (typeof message === "string" && MESSAGES.test(message)) return true;
  return Array.isArray(errors) && errors.some(isDatabaseUnavailable);
}
function survivingOutages(pool, onLost) {
  pool.on("error", onLost);
  pool.on("connect", (client) => client.on("error", onLost));
  return pool;
}

// src/service/events/bus.ts
var CHANNEL = "portal_events";
var MAX_NOTIFY_BYTES = 7900;
var LISTENER_APPLICATION_NAME = "portal-listener";
var EventBus = class {
  emitter = new EventEmitter();
  listener;
  closing = false;
  notifier;
  databaseUrl = "";
  constructor() {
    this.emitter.setMaxListeners(0);
  }
  /** Fans out through PostgreSQL LISTEN/NOTIFY from now on. Throws when it cannot listen. */
  async connect(databaseUrl) {
    this.databaseUrl = databaseUrl;
    this.notifier = survivingOutages(
      new pg.Pool({ connectionString: databaseUrl, max: 2 }),
      (err) => process.emitWarning(`PostgreSQL connection lost: ${err.message}`)
    );
    const { ended } = await this.listen();
    void this.relisten(ended);
  }
  // Opens the process's one LISTEN connection; answers a promise of its end.
  async listen() {
    const client = new pg.Client({
      connectionString: this.databaseUrl,
      application_name: LISTENER_APPLICATION_NAME,
      connectionTimeoutMillis: 5e3
    });
    client.on("error", () => void 0);
    const ended = new Promise((resolve4) => client.once("end", resolve4));
    client.on("notification", (message) => {
      if (!message.payload) return;
      const note = JSON.parse(message.payload);
      this.emitter.emit(note.topic, note.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      await client.end().catch(() => void 0);
      throw err;
    }
    if (this.closing) await client.end();
    else this.listener = client;
    return { ended };
  }
  // One loop per process: when the connection ends, listen again (back-off up to 5 s), then
  // every listener catches up on what it missed meanwhile.
  async relisten(ended) {
    for (; ; ) {
      await ended;
      this.listener = void 0;
      if (this.closing) return;
      process.emitWarning("PostgreSQL event listener lost; reconnecting");
      for (let attempt = 0; ; attempt++) {
        await sleep(Math.min(5e3, 100 * 2 ** attempt), void 0, { ref: false });
        if (this.closing) return;
        try {
          ({ ended } = await this.listen());
          break;
        } catch {
        }
      }
      if (this.closing) return;
      for (const topic of this.emitter.eventNames()) this.emitter.emit(topic, void 0);
    }
  }
  /**
   * Delivers committed notifications to their topic's listeners, in every process. `payload` is a
   * hint at most (it may be missing after a reconnect); listeners read what they show.
   */
  deliver(notes) {
    for (const note of notes) {
      const text = this.notifier ? JSON.stringify(note) : "";
      if (this.notifier && Buffer.byteLength(text) < MAX_NOTIFY_BYTES) {
        this.notifier.query("SELECT pg_notify($1, $2)", [CHANNEL, text]).catch(() => {
          this.emitter.emit(note.topic, note.payload);
        });
      } else {
        this.emitter.emit(note.topic, note.payload);
      }
    }
  }
  /**
   * Listens to one topic: `listener` gets each notification's payload, or `undefined` when it must
   * catch up (the LISTEN connection was lost meanwhile). Returns the function that stops listening.
   */
  subscribe(topic, listener) {
    this.emitter.on(topic, listener);
    return () => this.emitter.off(topic, listener);
  }
  /** Closes the PostgreSQL connections, if any. */
  async close() {
    this.closing = true;
    await this.listener?.end();
    await this.notifier?.end();
  }
};

// src/service/http/cashier/index.ts
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";

// src/service/http/cashier/routes.ts
import { z as z6 } from "zod";

// src/contract/cashier.ts
import { z as z4 } from "zod";

// src/contract/fields.ts
import { z } from "zod";
var INTEGER_TEXT = /^-?\d+$/;
var DECIMAL_TEXT = /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
var TRUE_TEXT = ["1", "true", "yes", "on"];
var FALSE_TEXT = ["0", "false", "no", "off"];
function documentedAs(schema, json) {
  return schema.meta({ [DOCUMENTED_AS]: json });
}
var DOCUMENTED_AS = "x-json";
function jsonOf(out, type) {
  const { $schema: _, ...json } = z.toJSONSchema(out, { io: "input", unrepresentable: "any" });
  return type && json.type === "number" ? { ...json, type } : json;
}
var integerField = (out, refined = {}) => {
  const read = z.union([
    z.number().int(),
    z.string().trim().regex(INTEGER_TEXT, { message: "integer" }).transform((v) => Number(v))
  ]);
  const limits = out ?? z.number().int();
  return documentedAs(read.pipe(limits), { ...jsonOf(limits, "integer"), ...refined });
};
var numberField = (out, refined = {}) => {
  const read = z.union([
    z.number().finite(),
    z.string().trim().regex(DECIMAL_TEXT, { message: "numeric" }).transform((v) => Number(v))
  ]);
  const limits = out ?? z.number();
  return documentedAs(read.pipe(limits), { ...jsonOf(limits), ...refined });
};
var booleanField = () => documentedAs(
  z.union([
    z.boolean(),
    z.union([z.literal(1), z.literal(0)]).transform((v) => v === 1),
    z.string().trim().toLowerCase().refine((v) => TRUE_TEXT.includes(v) || FALSE_TEXT.includes(v), { message: "boolean" }).transform((v) => TRUE_TEXT.includes(v))
  ]),
  { type: "boolean" }
);
var idField = () => documentedAs(z.string().trim().min(1).max(191), {
  type: "string",
  minLength: 1,
  maxLength: 191,
  pattern: "\\S"
});
var emailField = () => documentedAs(
  z.string().trim().toLowerCase().max(191).pipe(z.email({ message: "email" })),
  jsonOf(z.email().max(191))
);
function withAlias(schema, alias, field) {
  return z.preprocess((input, ctx) => {
    if (!input || typeof input !== "object" || Array.isArray(input) || !(alias in input)) return input;
    const { [alias]: value, ...rest } = input;
    if (rest[field] !== void 0 && rest[field] !== value) {
      ctx.addIssue({
        code: "custom",
        path: [alias],
        message: `must equal ${field} (it is its other name)`,
        input
      });
      return input;
    }
    return { ...rest, [field]: value };
  }, schema);
}
var textField = (max = 191) => z.string().max(max);

// src/contract/portal.ts
import { z as z3 } from "zod";

// src/contract/public/brand-kit.ts
import { z as z2 } from "zod";
var brandKit = z2.object({
  small_logo_url: z2.string().nullable(),
  large_logo_url: z2.string().nullable(),
  cover_image_url: z2.string().nullable(),
  primary_color: z2.string().nullable(),
  secondary_color: z2.string().nullable(),
  tertiary_color: z2.string().nullable(),
  quaternary_color: z2.string().nullable(),
  font_color: z2.string().nullable(),
  /** A line about the merchant; the kiosk's standby screen welcomes customers with it. */
  description: z2.string().nullable(),
  corner_theme: z2.enum(["square", "rounded"]).nullable(),
  font_family: z2.string().nullable()
});
var BRAND_KIT_FIELDS = Object.keys(brandKit.shape);

// src/contract/portal.ts
var portalSessionType = z3.enum([
  "identify",
  "credit_reception",
  "redeem_giftcards",
  "top_up_giftcards",
  "pay_prepaid",
  "top_up_prepaid",
  "vouchers"
]);
var portalSettings = z3.object({
  scanner_type: z3.enum(["camera", "hand_scanner"]),
  enable_email_identification: z3.boolean(),
  enable_registration: z3.boolean(),
  enable_on_screen_keyboard: z3.boolean(),
  camera_service: z3.union([z3.literal(1), z3.literal(2), z3.literal(3)]),
  facing_mode: z3.enum(["user", "environment"]),
  primary_identification_method: z3.enum(["email", "identifier"]),
  allow_multiple_giftcards: z3.boolean()
});
var portalContact = z3.object({
  uuid: z3.string(),
  email: z3.string(),
  firstname: z3.string().nullable(),
  lastname: z3.string().nullable(),
  locale: z3.string().nullable(),
  tier: z3.object({ name: z3.string() }).nullable(),
  credit_balance: z3.number(),
  prepaid_balance_in_cents: z3.number().int()
});
var portalCreditReception = z3.object({
  uuid: z3.string(),
  credits: z3.number(),
  created_at: z3.string(),
  contact: portalContact,
  purchase_amount_in_cents: z3.number().int().nullable(),
  next_reward: z3.object({ title: z3.string(), credits_short: z3.number() }).nullable()
});
var portalEvent = z3.object({
  uuid: z3.string(),
  type: z3.string(),
  created_at: z3.string(),
  data: z3.unknown()
});
var brand = brandKit;
var KIOSK_EDITABLE_FIELDS = [
  "firstname",
  "lastname",
  "phonenumber",
  "birthdate",
  "address",
  "housenumber",
  "postalcode",
  "city"
];
var offeredSubscriptionType = z3.object({
  id: z3.number().int(),
  name: z3.string(),
  description: z3.string().nullable(),
  strategy: z3.enum(["OPT_OUT", "OPT_IN", "DOUBLE_OPT_IN"])
});
var giftcardPayment = z3.object({
  transaction_uuid: z3.string(),
  giftcard: z3.object({ uuid: z3.string(), hash_hint: z3.string() }),
  amount_in_cents: z3.number().int(),
  balance_after_in_cents: z3.number().int()
});
var portalSessionState = z3.object({
  uuid: z3.string(),
  type: portalSessionType,
  status: z3.enum(["open", "completed", "cancelled", "expired"]),
  expires_at: z3.string(),
  settings: portalSettings,
  amount_in_cents: z3.number().int().nullable(),
  shop: z3.object({ uuid: z3.string(), name: z3.string() }),
  account: z3.object({ name: z3.string(), brand }),
  contact: portalContact.nullable(),
  /** A POS transaction pushed to this session, waiting for its credit reception. */
  pos_transaction: z3.object({ uuid: z3.string(), amount_in_cents: z3.number().int() }).nullable(),
  /** The session's credit reception, once created here or pushed to it. */
  credit_reception: portalCreditReception.nullable(),
  /** redeem_giftcards: the cards charged so far and what is left to pay; null for other types. */
  giftcard_payment: z3.object({
    payments: z3.array(giftcardPayment),
    paid_in_cents: z3.number().int(),
    remaining_in_cents: z3.number().int()
  }).nullable(),
  subscription_types: z3.array(offeredSubscriptionType),
  /**
   * The account's kiosk settings: idle reset and end-screen dismissal in seconds, the least amount
   * a customer may type (cents; 100 unless the account sets another), where its terms and privacy
   * policy are published (shown at registration; null when the account names none), and the
   * profile fields the customer may change in the customer portal (none: no profile editing).
   */
  kiosk: z3.object({
    idle_seconds: z3.number().int(),
    end_screen_seconds: z3.number().int(),
    min_amount_in_cents: z3.number().int(),
    terms_url: z3.string().nullable(),
    privacy_url: z3.string().nullable(),
    editable_contact_fields: z3.array(z3.enum(KIOSK_EDITABLE_FIELDS))
  }),
  /** Origins of POS pages that may embed the kiosk and receive its events by postMessage. */
  allowed_origins: z3.array(z3.string()),
  events: z3.array(portalEvent)
});
var identifyRequest = z3.union([z3.object({ value: idField() }), z3.object({ email: emailField() })]);
var portalVoucher = z3.object({
  uuid: z3.string(),
  code: z3.string(),
  name: z3.string(),
  description: z3.string().nullable(),
  expiration_date: z3.string().nullable(),
  status: z3.enum(["ACTIVE", "REDEEMED", "EXPIRED", "DEACTIVATED", "INACTIVE", "LOCKED"])
});
var scannedCode = z3.discriminatedUnion("kind", [
  z3.object({ kind: z3.literal("card"), state: z3.enum(["linked", "unlinked", "inactive"]) }),
  z3.object({ kind: z3.literal("app_token"), state: z3.enum(["usable", "used"]) }),
  z3.object({ kind: z3.literal("giftcard") }),
  z3.object({ kind: z3.literal("voucher"), voucher: portalVoucher }),
  z3.object({ kind: z3.literal("unknown") })
]);
var identifyResult = z3.discriminatedUnion("result", [
  z3.object({
    result: z3.literal("identified"),
    method: z3.enum(["card", "app_token", "email"]),
    contact: portalContact
  }),
  z3.object({ result: z3.literal("unregistered_card"), value: z3.string() }),
  z3.object({ result: z3.literal("unknown_email"), email: z3.string() }),
  z3.object({
    result: z3.literal("other_code"),
    code: z3.discriminatedUnion("kind", [
      z3.object({ kind: z3.literal("giftcard") }),
      z3.object({ kind: z3.literal("voucher"), voucher: portalVoucher }),
      z3.object({ kind: z3.literal("unknown") })
    ])
  })
]);
var registerRequest = z3.object({
  email: emailField(),
  card_value: idField().optional(),
  subscription_type_ids: z3.array(z3.number().int()).default([]),
  accept_terms: z3.literal(true),
  locale: z3.enum(["nl", "en"]).optional()
});
var deviceState = z3.object({
  shop: z3.object({ uuid: z3.string(), name: z3.string() }),
  account: z3.object({ name: z3.string(), brand }),
  /** The newest open session of the shop, which the standby screen switches to. */
  session: z3.object({ uuid: z3.string(), type: portalSessionType }).nullable()
});
var portalGiftcard = z3.object({
  uuid: z3.string(),
  hash_hint: z3.string(),
  type: z3.enum(["DIGITAL", "PHYSICAL"]),
  balance_in_cents: z3.number().int(),
  expiration_date: z3.string().nullable(),
  expired: z3.boolean(),
  active: z3.boolean(),
  /** Whether it can be topped up now (digital cards only once), and by how much at most (program maximum). */
  can_top_up: z3.boolean(),
  max_top_up_in_cents: z3.number().int().nullable()
});
var giftcardRedeemResult = z3.object({
  payment: giftcardPayment,
  payments: z3.array(giftcardPayment),
  paid_in_cents: z3.number().int(),
  remaining_in_cents: z3.number().int()
});
var giftcardTopUpResult = z3.object({
  giftcard: portalGiftcard,
  transaction_uuid: z3.string(),
  amount_in_cents: z3.number().int()
});
var prepaidResult = z3.object({
  transaction_uuid: z3.string(),
  charged_in_cents: z3.number().int(),
  unpaid_in_cents: z3.number().int(),
  contact: portalContact
});
var portalReward = z3.object({
  uuid: z3.string(),
  title: z3.string(),
  description: z3.string().nullable(),
  reward_type: z3.enum(["PHYSICAL", "DIGITAL"]),
  required_credits: z3.number(),
  media: z3.object({ type: z3.string(), value: z3.string() }).nullable(),
  claimable: z3.boolean(),
  credits_short: z3.number(),
  out_of_stock: z3.boolean()
});
var rewardClaimResult = z3.object({
  reward_reception: z3.object({
    uuid: z3.string(),
    title: z3.string(),
    credits: z3.number(),
    reward_type: z3.enum(["PHYSICAL", "DIGITAL"]),
    expires_at: z3.string().nullable(),
    /** Where a physical reward waits to be collected (the session's shop). */
    collect_at: z3.string().nullable()
  }),
  contact: portalContact
});
var portalActivity = z3.object({
  type: z3.enum(["credit_reception", "reward_reception", "prepaid_transaction", "giftcard_transaction"]),
  uuid: z3.string(),
  created_at: z3.string(),
  title: z3.string(),
  credits: z3.number().nullable(),
  amount_in_cents: z3.number().int().nullable(),
  shop: z3.string().nullable()
});
var portalSubscription = z3.object({
  id: z3.number().int(),
  name: z3.string(),
  description: z3.string().nullable(),
  strategy: z3.enum(["OPT_OUT", "OPT_IN", "DOUBLE_OPT_IN"]),
  status: z3.enum(["SUBSCRIBED", "PENDING_CONFIRMATION", "UNSUBSCRIBED"])
});
var portalCard = z3.object({
  id: z3.number().int(),
  value_hint: z3.string(),
  name: z3.string(),
  active: z3.boolean()
});
var portalStats = z3.object({
  visits: z3.number().int(),
  last_visit_at: z3.string().nullable(),
  total_credits_earned: z3.number()
});
var portalProfile = z3.object({
  fields: z3.array(z3.object({ name: z3.enum(KIOSK_EDITABLE_FIELDS), value: z3.string().nullable() }))
});
var cardRemoveRequest = z3.object({ card_id: z3.number().int().positive() }).meta({ example: { card_id: 1 } });
var profileUpdateRequest = z3.object({
  attributes: z3.record(z3.string().max(100), z3.string().trim().max(191).nullable())
}).meta({ example: { attributes: { city: "Haarlem" } } });
var scanRequest = z3.object({ value: z3.string().trim().min(1).max(500) });
var giftcardRequest = z3.object({ giftcard_uuid: z3.string().min(1).max(191) }).meta({ example: { giftcard_uuid: DEMO.giftcard } });
var giftcardTopUpRequest = z3.object({
  giftcard_uuid: z3.string().min(1).max(191),
  amount_in_cents: z3.number().int().positive().max(1e7)
}).meta({ example: { giftcard_uuid: DEMO.giftcard, amount_in_cents: 1e3 } });
var amountRequest = z3.object({
  amount_in_cents: z3.number().int().positive().max(1e7).optional()
}).meta({ example: { amount_in_cents: 500 } });
var voucherRedeemRequest = z3.object({ code: z3.string().trim().min(1).max(191) }).meta({ example: { code: DEMO.voucherCode } });
var rewardClaimRequest = z3.object({ reward_uuid: z3.string().min(1).max(191) }).meta({ example: { reward_uuid: DEMO.rewardCoffee } });
var subscriptionChangeRequest = z3.object({
  subscription_type_id: z3.number().int(),
  subscribed: z3.boolean()
}).meta({ example: { subscription_type_id: 3, subscribed: true } });

// src/contract/session-amounts.ts
var AMOUNT_TYPES = [
  "credit_reception",
  "redeem_giftcards",
  "pay_prepaid",
  "top_up_prepaid"
];

// src/contract/cashier.ts
var sessionDefaults = z4.object({
  scanner_type: z4.enum(["camera", "hand_scanner"]).optional(),
  enable_email_identification: z4.boolean().optional(),
  enable_registration: z4.boolean().optional(),
  enable_on_screen_keyboard: z4.boolean().optional(),
  primary_identification_method: z4.enum(["email", "identifier"]).optional(),
  camera_service: z4.union([z4.literal(1), z4.literal(2), z4.literal(3)]).optional(),
  facing_mode: z4.enum(["user", "environment"]).optional(),
  allow_multiple_giftcards: z4.boolean().optional()
}).strict();
var pairRequest = z4.object({ token: idField() }).meta({ example: { token: DEMO.cashierDevice } });
var cashierDevice = z4.object({
  name: z4.string(),
  shop: z4.object({ uuid: z4.string(), name: z4.string() }),
  account: z4.object({ name: z4.string(), brand }),
  session_defaults: portalSettings
});
var findContactRequest = z4.object({ query: z4.string().trim().min(1).max(191) }).meta({ example: { query: DEMO.annaEmail } });
var cents = z4.number().int();
var positiveCents = () => cents.min(1).max(1e8);
var startSessionRequest = z4.object({
  type: portalSessionType,
  amount_in_cents: positiveCents().optional(),
  contact_uuid: idField().optional(),
  scanner_type: z4.enum(["camera", "hand_scanner"]).optional(),
  enable_email_identification: z4.boolean().optional(),
  enable_registration: z4.boolean().optional(),
  enable_on_screen_keyboard: z4.boolean().optional(),
  allow_multiple_giftcards: z4.boolean().optional()
}).superRefine((value, ctx) => {
  const takesAmount = AMOUNT_TYPES.includes(value.type);
  if (value.type === "redeem_giftcards" && value.amount_in_cents === void 0) {
    ctx.addIssue({ code: "custom", path: ["amount_in_cents"], message: "required" });
  }
  if (!takesAmount && value.amount_in_cents !== void 0) {
    ctx.addIssue({ code: "custom", path: ["amount_in_cents"], message: "not allowed for this type" });
  }
}).meta({ example: { type: "credit_reception", contact_uuid: DEMO.anna } });
var purchaseRequest = z4.object({ amount_in_cents: positiveCents() }).meta({ example: { amount_in_cents: 1250 } });
var identification = z4.enum(["card", "app_token", "email", "registration", "cashier"]);
var giftcardLine = z4.object({
  giftcard: z4.object({ uuid: z4.string(), hash_hint: z4.string() }),
  amount_in_cents: cents,
  balance_after_in_cents: cents
});
var cashierSessionSummary = z4.object({
  uuid: z4.string(),
  type: portalSessionType,
  status: z4.enum(["open", "completed", "cancelled", "expired"]),
  created_at: z4.string(),
  ended_at: z4.string().nullable(),
  expires_at: z4.string(),
  /** The amount the session was started with (purchase, amount to pay, prepaid amount). */
  amount_in_cents: cents.nullable(),
  /** The purchase amount sent later (a pushed POS transaction), for credit reception. */
  purchase_in_cents: cents.nullable(),
  /** A credit-reception session with a customer and nothing to credit yet: send the purchase amount. */
  waiting_for_purchase: z4.boolean(),
  started_by: z4.object({ name: z4.string() }).nullable(),
  contact: portalContact.nullable(),
  identification: identification.nullable(),
  /** Credits given in the session (credit reception), null when none. */
  credits: z4.number().nullable(),
  /** redeem_giftcards: each card's payment and what is left to pay at the till; null for other types. */
  giftcard_payment: z4.object({ payments: z4.array(giftcardPayment), paid_in_cents: cents, remaining_in_cents: cents }).nullable(),
  giftcard_top_ups: z4.array(giftcardLine),
  /** Prepaid paid (negative) or topped up (positive); `unpaid_in_cents`: left to pay at the till. */
  prepaid: z4.object({ amount_in_cents: cents, unpaid_in_cents: cents.nullable() }).nullable(),
  vouchers: z4.array(z4.object({ code: z4.string(), name: z4.string() })),
  rewards: z4.array(z4.object({ title: z4.string(), credits: z4.number() }))
});
var cashierSession = cashierSessionSummary.extend({
  settings: portalSettings,
  events: z4.array(portalEvent)
});
var sessionsQuery = z4.object({
  since: z4.iso.datetime({ offset: true }).optional()
});
var shopSessionChange = z4.object({ session: z4.string(), status: z4.string() });

// src/contract/envelope.ts
import { z as z5 } from "zod";

// src/contract/errors.ts
var ERRORS = {
  1e3: { status: 500, en: "Internal error", nl: "Interne fout" },
  1003: { status: 422, en: "Invalid input", nl: "Ongeldige invoer" },
  1008: { status: 404, en: "Shop not found", nl: "Winkel niet gevonden" },
  1015: { status: 422, en: "Maximum amount of credits reached", nl: "Maximaal aantal punten bereikt" },
  1017: { status: 422, en: "Insufficient credits", nl: "Onvoldoende punten" },
  1018: { status: 422, en: "The stock on this reward is empty", nl: "De voorraad van deze beloning is op" },
  1019: {
    status: 422,
    en: "Claim limit on this reward reached",
    nl: "Claimlimiet van deze beloning bereikt"
  },
  1027: { status: 404, en: "POS Transaction not found", nl: "Kassatransactie niet gevonden" },
  1028: { status: 404, en: "Credit reception not found", nl: "Puntenontvangst niet gevonden" },
  1052: { status: 422, en: "Reward is inactive", nl: "Beloning is niet actief" },
  1100: { status: 404, en: "Giftcard Program not found", nl: "Cadeaukaartprogramma niet gevonden" },
  5001: { status: 404, en: "Giftcard not found", nl: "Cadeaukaart niet gevonden" },
  5002: { status: 422, en: "Giftcard has expired", nl: "Cadeaukaart is verlopen" },
  5003: { status: 422, en: "Insufficient amount on giftcard", nl: "Onvoldoende saldo op cadeaukaart" },
  5006: {
    status: 422,
    en: "Giftcard cannot be incremented",
    nl: "Cadeaukaart kan niet worden opgewaardeerd"
  },
  5008: { status: 422, en: "Max amount will be exceeded", nl: "Maximaal bedrag wordt overschreden" },
  5010: { status: 404, en: "Giftcard transaction not found", nl: "Cadeaukaarttransactie niet gevonden" },
  6001: {
    status: 409,
    en: "POS transaction already linked to a credit reception",
    nl: "Kassatransactie is al gekoppeld aan een puntenontvangst"
  },
  6003: { status: 404, en: "Reward not found", nl: "Beloning niet gevonden" },
  55021: {
    status: 422,
    en: "Only digital giftcards can be created through the public interface",
    nl: "Via de publieke interface kunnen alleen digitale cadeaukaarten worden aangemaakt"
  },
  55024: {
    status: 422,
    en: "Credit reception not created by this shop",
    nl: "Puntenontvangst is niet door deze winkel aangemaakt"
  },
  55025: {
    status: 422,
    en: "Not the giftcard's last transaction",
    nl: "Niet de laatste transactie van de cadeaukaart"
  },
  55030: { status: 404, en: "Subscription type not found", nl: "Inschrijvingstype niet gevonden" },
  55031: { status: 404, en: "Contact not found", nl: "Contact niet gevonden" },
  55045: { status: 409, en: "Unit already exists", nl: "Eenheid bestaat al" },
  55046: { status: 422, en: "No default unit found", nl: "Geen standaardeenheid gevonden" },
  60001: {
    status: 409,
    en: "Credit reception creation in progress",
    nl: "Puntenontvangst wordt al aangemaakt"
  },
  60003: { status: 404, en: "Contact identifier not found", nl: "Contactidentificatie niet gevonden" },
  60004: { status: 422, en: "Contact identifier inactive", nl: "Contactidentificatie is niet actief" },
  60005: { status: 409, en: "Contact already exists", nl: "Contact bestaat al" },
  60006: { status: 409, en: "Contact identifier already exists", nl: "Contactidentificatie bestaat al" },
  60007: { status: 404, en: "Unit not found", nl: "Eenheid niet gevonden" },
  60014: {
    status: 409,
    en: "Contact identifier is already linked",
    nl: "Contactidentificatie is al gekoppeld"
  },
  80002: { status: 404, en: "Promotion not found", nl: "Promotie niet gevonden" },
  80004: { status: 404, en: "Voucher not found", nl: "Voucher niet gevonden" },
  80005: { status: 422, en: "Voucher already redeemed", nl: "Voucher is al ingewisseld" },
  80006: { status: 422, en: "Voucher has expired", nl: "Voucher is verlopen" },
  80012: { status: 422, en: "Voucher is deactivated", nl: "Voucher is gedeactiveerd" },
  80014: { status: 422, en: "Voucher is inactive", nl: "Voucher is niet actief" },
  80017: { status: 409, en: "Voucher already locked", nl: "Voucher is al vergrendeld" },
  80300: {
    status: 404,
    en: "Reward not found or expired",
    nl: "Beloning niet gevonden of verlopen"
  },
  11e4: { status: 404, en: "Perk not found", nl: "Voordeel niet gevonden" }
};
var ERROR_REASONS = {
  // The kiosk's portal session and its calls.
  portal_session_not_found: { code: 1003, status: 404, when: "the portal session does not exist" },
  portal_session_expired: { code: 1003, status: 410, when: "the portal session has expired" },
  portal_session_ended: { code: 1003, status: 409, when: "the portal session has ended" },
  not_allowed_in_session: { code: 1003, status: 403, when: "the call is not one of the session type's" },
  customer_not_identified: { code: 1003, status: 409, when: "no customer is identified in the session yet" },
  customer_already_credited: {
    code: 1003,
    status: 409,
    when: "the session has credited its customer, who can no longer change"
  },
  registration_disabled: { code: 1003, status: 403, when: "registration is not enabled in the session" },
  nothing_to_credit: { code: 1003, status: 409, when: "the session has no purchase to credit yet" },
  session_already_credited: { code: 1003, status: 409, when: "the session has made its credit reception" },
  purchase_already_set: { code: 1003, status: 409, when: "the session has its purchase already" },
  device_not_found: { code: 1003, status: 404, when: "the standby device does not exist" },
  nothing_left_to_pay: { code: 1003, status: 409, when: "the gift card payment is paid in full" },
  one_giftcard_only: { code: 1003, status: 409, when: "the session takes one gift card only" },
  prepaid_transaction_done: {
    code: 1003,
    status: 409,
    when: "the session has made its prepaid transaction"
  },
  // Money.
  giftcard_inactive: { code: 1003, status: 422, when: "the gift card is inactive" },
  amount_below_minimum: {
    code: 1003,
    status: 422,
    when: "a typed amount is below the account's minimum (naming amount_in_cents)"
  },
  prepaid_balance_insufficient: {
    code: 1003,
    status: 422,
    when: "the prepaid balance cannot pay the amount (naming amount_in_cents)"
  },
  credit_balance_below_zero: {
    code: 1003,
    status: 422,
    when: "the contact's credit balance would go below zero (naming credits)"
  },
  // Vouchers.
  voucher_someone_else: {
    code: 1003,
    status: 422,
    when: "the voucher belongs to another contact (the portal API answers HTTP 403)"
  },
  voucher_limit_reached: {
    code: 1003,
    status: 422,
    when: "the contact holds the promotion's limit per contact (naming contact_uuid)"
  },
  voucher_not_locked: { code: 1003, status: 422, when: "the voucher is not locked" },
  voucher_release_key_wrong: {
    code: 1003,
    status: 422,
    when: "the release key is not the lock of the voucher (naming release_key)"
  },
  voucher_not_redeemed: { code: 1003, status: 422, when: "only a redeemed voucher can be reversed" },
  // Contact session tokens (the customer's app code).
  contact_session_token_not_found: {
    code: 1003,
    status: 404,
    when: "the contact session token does not exist"
  },
  contact_session_token_used: { code: 1003, status: 422, when: "the contact session token was used before" },
  // Things the spec has no code for.
  booking_not_found: { code: 1003, status: 404, when: "the booking does not exist" },
  visit_not_found: { code: 1003, status: 404, when: "the visit does not exist" },
  product_not_found: { code: 1003, status: 404, when: "the product does not exist" },
  category_not_found: { code: 1003, status: 404, when: "the category does not exist" },
  picture_not_found: { code: 1003, status: 404, when: "the picture does not exist" },
  custom_attribute_not_found: { code: 1003, status: 404, when: "the custom attribute does not exist" },
  prepaid_transaction_not_found: { code: 1003, status: 404, when: "the prepaid transaction does not exist" },
  reward_reception_not_found: { code: 1003, status: 404, when: "the reward reception does not exist" },
  redemption_not_found: {
    code: 1003,
    status: 404,
    when: "the collectable reward redemption does not exist"
  },
  confirmation_link_unknown: {
    code: 1003,
    status: 404,
    when: "the double opt-in link is unknown or was used"
  },
  // Reversals.
  credit_reception_already_reversed: {
    code: 1003,
    status: 422,
    when: "the credit reception is reversed already"
  },
  reward_reception_already_reversed: {
    code: 1003,
    status: 409,
    when: "the reward reception is reversed already"
  },
  prepaid_transaction_already_reversed: {
    code: 1003,
    status: 422,
    when: "the prepaid transaction is reversed already"
  },
  redemption_already_reversed: { code: 1003, status: 409, when: "the redemption is reversed already" },
  reversal_not_reversible: { code: 1003, status: 422, when: "a reversal cannot be reversed" },
  opening_balance_not_reversible: { code: 1003, status: 422, when: "an opening balance cannot be reversed" },
  reward_already_collected: { code: 1003, status: 409, when: "the collectable reward is collected already" },
  // The rest.
  system_attribute_read_only: {
    code: 1003,
    status: 403,
    when: "a system-defined attribute cannot be updated"
  },
  no_automated_email: { code: 1003, status: 422, when: "no automated e-mail fits the gift card" },
  email_not_sent: { code: 1e3, status: 502, when: "the mail server refuses the message" },
  client_authentication_failed: {
    code: 1003,
    status: 401,
    when: "an unknown OAuth client or a wrong secret"
  },
  unsupported_grant_type: {
    code: 1003,
    status: 401,
    when: "a grant type other than client_credentials (naming grant_type)"
  },
  idempotency_key_reused: {
    code: 1003,
    status: 409,
    when: "the Idempotency-Key was used for another request"
  },
  device_not_paired: {
    code: 1003,
    status: 401,
    when: "the cashier device is not paired, or no longer allowed"
  },
  cross_site_call: { code: 1003, status: 403, when: "a cashier console call from another site" },
  not_json: { code: 1003, status: 415, when: "a cashier console call whose body is not JSON" }
};
var VOUCHER_REDEEM_REFUSALS = [80004, 80005, 80006, 80012, 80014, 80017];

// src/contract/envelope.ts
var emptyMeta = z5.object({}).strict();
var pageMeta = z5.object({
  page: z5.number().int(),
  limit: z5.number().int(),
  viewing_from: z5.number().int(),
  viewing_to: z5.number().int(),
  last_page: z5.number().int(),
  total: z5.number().int()
});
var paginatorMeta = z5.object({
  current_page: z5.number().int(),
  per_page: z5.number().int(),
  from: z5.number().int().nullable(),
  to: z5.number().int().nullable(),
  last_page: z5.number().int(),
  total: z5.number().int()
});
var paginatorLink = z5.object({ url: z5.string().nullable(), label: z5.string(), active: z5.boolean() });
var giftcardPageMeta = z5.object({
  page: z5.number().int(),
  per_page: z5.number().int(),
  last_page: z5.number().int(),
  total: z5.number().int()
});
function envelope(data) {
  return z5.object({ data, meta: emptyMeta });
}
function pagedEnvelope(item, meta) {
  return z5.object({ data: z5.array(item), meta });
}
var errorBody = z5.object({
  code: z5.number().int(),
  message: z5.string(),
  status_code: z5.number().int(),
  errors: z5.record(z5.string(), z5.array(z5.string())).optional(),
  reason: z5.enum(Object.keys(ERROR_REASONS)).optional().describe('Extension: the machine-readable case of the refusal (docs/extensions.md "Errors").')
});

// src/service/domain/errors.ts
var ServiceError = class extends Error {
  constructor(code, options2 = {}) {
    const { fields, detail, status, reason } = options2;
    super(typeof detail === "object" ? detail.en : detail ?? reason ?? `error ${code}`);
    this.code = code;
    this.name = "ServiceError";
    this.fields = fields;
    this.detail = detail;
    this.reason = reason;
    this.status = status ?? (reason === void 0 ? void 0 : ERROR_REASONS[reason].status);
  }
  code;
  fields;
  detail;
  status;
  reason;
};
function refusal(reason, detail, options2 = {}) {
  return new ServiceError(ERROR_REASONS[reason].code, { ...options2, reason, detail });
}
function fieldError(field, message, options2 = {}) {
  return new ServiceError(1003, { ...options2, fields: { [field]: [message] } });
}
function invalidField(field, message, options2 = {}) {
  throw fieldError(field, message, options2);
}
function assertNoFieldErrors(fields) {
  if (Object.keys(fields).length > 0) throw new ServiceError(1003, { fields });
}

// src/service/domain/values.ts
import { randomUUID } from "node:crypto";
import Decimal from "decimal.js";
function toCenti(credits2, field = "credits") {
  const centi = new Decimal(credits2).mul(100);
  if (!centi.isInteger()) invalidField(field, `The ${field} field must have at most 2 decimal places.`);
  if (centi.abs().gt(Number.MAX_SAFE_INTEGER / 1e3)) invalidField(field, `The ${field} field is too large.`);
  return centi.toNumber();
}
function fromCenti(centi) {
  return new Decimal(centi).div(100).toNumber();
}
function isoTimestamp(date) {
  return date.toISOString().replace("Z", "+00:00");
}
function newUuid() {
  return randomUUID();
}
function jsonObject(text) {
  if (!text) return {};
  const value = JSON.parse(text);
  return value && typeof value === "object" && !Array.isArray(value) ? value : {};
}
function bool(value) {
  return value === 1;
}

// src/service/domain/brand-kit.ts
var URL_FIELDS = /* @__PURE__ */ new Set(["small_logo_url", "large_logo_url", "cover_image_url"]);
async function brandKitOf(db, origin) {
  const row = await db.selectFrom("account").select("brand").executeTakeFirst();
  return brandKitFrom(row?.brand ?? null, origin);
}
function brandKitFrom(brandJson, origin) {
  const stored = jsonObject(brandJson);
  const kit = {};
  for (const field of BRAND_KIT_FIELDS) {
    const value = stored[field];
    const text = typeof value === "string" && value !== "" ? value : null;
    kit[field] = text && origin && URL_FIELDS.has(field) && text.startsWith("/") ? `${origin}${text}` : text;
  }
  return kit;
}

// src/service/domain/tokens.ts
import { createHash, randomBytes } from "node:crypto";
function hashToken(token) {
  return createHash("sha256").update(token).digest("hex");
}
function newSecret() {
  return randomBytes(32).toString("base64url");
}

// src/service/domain/subscriptions.ts
function subscriptionTypeView(type) {
  return {
    id: type.id,
    uuid: type.uuid,
    name: type.name,
    description: type.description,
    active: bool(type.active),
    strategy: type.strategy
  };
}
function subscriptionView(type, status) {
  return { is_subscribed: status === "SUBSCRIBED", status, subscription_type: subscriptionTypeView(type) };
}
async function listSubscriptionTypes(db) {
  const types = await db.selectFrom("subscription_types").selectAll().orderBy("id").execute();
  return types.map(subscriptionTypeView);
}
async function listContactSubscriptions(db, contactId) {
  const types = await db.selectFrom("subscription_types").selectAll().where("active", "=", 1).orderBy("id").execute();
  const stored = await db.selectFrom("contact_subscriptions").select(["subscription_type_id", "status"]).where("contact_id", "=", contactId).execute();
  const byType = new Map(stored.map((s) => [s.subscription_type_id, s.status]));
  return types.map(
    (t) => subscriptionView(t, byType.get(t.id) ?? (t.strategy === "OPT_OUT" ? "SUBSCRIBED" : "UNSUBSCRIBED"))
  );
}
async function subscriptionType(db, ref, activeOnly) {
  let query = db.selectFrom("subscription_types").selectAll();
  if (ref.uuid !== void 0) query = query.where("uuid", "=", ref.uuid);
  else if (ref.id !== void 0) query = query.where("id", "=", ref.id);
  else throw new ServiceError(55030);
  if (activeOnly) query = query.where("active", "=", 1);
  const type = await query.executeTakeFirst();
  if (!type) throw new ServiceError(55030);
  return type;
}
async function storeStatus(tx, contactId, type, status, confirmationToken) {
  const values = { status, confirmation_token: confirmationToken, updated_at: isoTimestamp(tx.now) };
  await tx.db.insertInto("contact_subscriptions").values({ contact_id: contactId, subscription_type_id: type.id, ...values }).onConflict((oc) => oc.columns(["contact_id", "subscription_type_id"]).doUpdateSet(values)).execute();
  return subscriptionView(type, status);
}
async function subscribeContact(tx, contactId, type) {
  const row = await subscriptionType(tx.db, type, true);
  return row.strategy === "DOUBLE_OPT_IN" ? storeStatus(tx, contactId, row, "PENDING_CONFIRMATION", newSecret()) : storeStatus(tx, contactId, row, "SUBSCRIBED", null);
}
async function unsubscribeContact(tx, contactId, type) {
  const row = await subscriptionType(tx.db, type, false);
  return storeStatus(tx, contactId, row, "UNSUBSCRIBED", null);
}
async function confirmSubscription(tx, token) {
  const pending = await tx.db.updateTable("contact_subscriptions").set({ status: "SUBSCRIBED", confirmation_token: null, updated_at: isoTimestamp(tx.now) }).where("confirmation_token", "=", token).where("status", "=", "PENDING_CONFIRMATION").returning("subscription_type_id").executeTakeFirst();
  if (!pending) return void 0;
  const type = await tx.db.selectFrom("subscription_types").selectAll().where("id", "=", pending.subscription_type_id).executeTakeFirstOrThrow();
  return subscriptionView(type, "SUBSCRIBED");
}

// src/service/domain/tiers.ts
function tierView(row) {
  return {
    uuid: row.uuid,
    name: row.name,
    description: row.description,
    position: row.position,
    media: row.media ? JSON.parse(row.media) : null
  };
}
async function contactTier(db, tierId) {
  if (tierId === null) return null;
  const row = await db.selectFrom("tiers").selectAll().where("id", "=", tierId).executeTakeFirst();
  return row ? tierView(row) : null;
}
async function listTiers(db) {
  const rows = await db.selectFrom("tiers").selectAll().orderBy("position").orderBy("id").execute();
  return rows.map(tierView);
}

// src/service/domain/contacts.ts
var ANONYMOUS_EMAIL_DOMAIN = "anonymous.invalid";
function isAnonymousEmail(email) {
  return email.endsWith(`@${ANONYMOUS_EMAIL_DOMAIN}`);
}
var PROFILE_FIELDS = [
  "city",
  "address",
  "avatar",
  "birthdate",
  "postalcode",
  "housenumber",
  "phonenumber",
  "add_to_wallet",
  "custom_app_login_url",
  "custom_app_login_code"
];
var CONTACT_VALUE_KEYS = [
  "uuid",
  "email",
  "firstname",
  "lastname",
  "locale",
  "status",
  "channel",
  "is_anonymous",
  "tier",
  "age",
  "created_at",
  "updated_at",
  "loyalty_balance",
  "previous_loyalty_balance",
  "prepaid_balance",
  "loyalty_associated_shops",
  "loyalty_number_of_transactions",
  "loyalty_total_credits_received",
  "loyalty_first_transaction_date",
  "loyalty_last_transaction_date",
  "default_contact_identifier",
  "subscription_preferences_url",
  ...PROFILE_FIELDS
];
async function contactByUuid(db, uuid2) {
  const row = await db.selectFrom("contacts").selectAll().where("uuid", "=", uuid2).executeTakeFirst();
  if (!row) throw new ServiceError(55031);
  return row;
}
async function contactByEmail(db, email) {
  const row = await db.selectFrom("contacts").selectAll().where("email", "=", email.trim().toLowerCase()).executeTakeFirst();
  if (!row) throw new ServiceError(55031);
  return row;
}
async function contactById(db, id) {
  const row = await db.selectFrom("contacts").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new ServiceError(55031);
  return row;
}
async function createContact(tx, input, channel) {
  const email = input.email.trim().toLowerCase();
  const at = isoTimestamp(tx.now);
  const uuid2 = newUuid();
  const created = await tx.db.insertInto("contacts").values({
    uuid: uuid2,
    email,
    firstname: null,
    lastname: null,
    locale: input.locale ?? null,
    tier_id: null,
    credit_balance_centi: 0,
    prepaid_balance_in_cents: 0,
    attributes: "{}",
    channel,
    referral_code: input.referral_code ?? null,
    created_at: at,
    updated_at: at
  }).onConflict((oc) => oc.column("email").doNothing()).returning("id").executeTakeFirst();
  if (!created) throw new ServiceError(60005);
  return { uuid: uuid2, id: created.id };
}
function ageOn(birthdate, now) {
  if (typeof birthdate !== "string" || !/^\d{4}-\d{2}-\d{2}/.test(birthdate)) return null;
  const [y, m, d] = birthdate.split("-").map(Number);
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || now.getUTCMonth() + 1 === m && now.getUTCDate() < d) age -= 1;
  return age;
}
function display(value) {
  if (value === null || value === void 0) return null;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) return value.map(String).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}
async function contactView(db, row, now, baseUrl) {
  const [tier2, subscriptions, shops, identifier, customAttributes, pending] = await Promise.all([
    row.tier_id === null ? void 0 : db.selectFrom("tiers").selectAll().where("id", "=", row.tier_id).executeTakeFirst(),
    listContactSubscriptions(db, row.id),
    db.selectFrom("contact_shops").innerJoin("shops", "shops.id", "contact_shops.shop_id").select("shops.name").where("contact_shops.contact_id", "=", row.id).orderBy("shops.name").execute(),
    db.selectFrom("contact_identifiers").select("value").where("contact_id", "=", row.id).where("active", "=", 1).orderBy("id").limit(1).executeTakeFirst(),
    db.selectFrom("custom_attributes").select("name").where("entity", "=", "contact").orderBy("id").execute(),
    db.selectFrom("contact_subscriptions").select(["subscription_type_id", "confirmation_token"]).where("contact_id", "=", row.id).where("status", "=", "PENDING_CONFIRMATION").execute()
  ]);
  const confirmationTokens = new Map(pending.map((p) => [p.subscription_type_id, p.confirmation_token]));
  const attributes = jsonObject(row.attributes);
  const balance = fromCenti(row.credit_balance_centi);
  const values = {
    uuid: row.uuid,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    locale: row.locale,
    status: "ACTIVE",
    channel: row.channel,
    is_anonymous: isAnonymousEmail(row.email),
    tier: tier2?.name ?? null,
    age: ageOn(attributes.birthdate, now),
    created_at: row.created_at,
    updated_at: row.updated_at,
    loyalty_balance: balance,
    previous_loyalty_balance: fromCenti(Number(row.previous_credit_balance_centi)),
    prepaid_balance: row.prepaid_balance_in_cents,
    loyalty_associated_shops: shops.map((s) => s.name),
    loyalty_number_of_transactions: Number(row.credit_receptions_count),
    loyalty_total_credits_received: fromCenti(Number(row.received_credits_centi)),
    loyalty_first_transaction_date: row.first_credit_reception_at,
    loyalty_last_transaction_date: row.last_credit_reception_at,
    default_contact_identifier: identifier?.value ?? null,
    subscription_preferences_url: null
  };
  for (const field of PROFILE_FIELDS) values[field] = attributes[field] ?? null;
  for (const a of customAttributes) values[a.name] = attributes[a.name] ?? null;
  for (const s of subscriptions) {
    const id = s.subscription_type.id;
    values[`subscription_status_${id}`] = s.status;
    const token = confirmationTokens.get(id);
    values[`double_opt_in_confirmation_url_${id}`] = token ? `${baseUrl}/subscriptions/confirm/${token}` : null;
  }
  const displayValues = {};
  for (const [key, value] of Object.entries(values)) displayValues[key] = display(value);
  displayValues.prepaid_balance = formatCents(row.prepaid_balance_in_cents);
  return {
    id: row.id,
    uuid: row.uuid,
    email: row.email,
    tier: tier2 ? tierView(tier2) : null,
    subscriptions,
    credit_balance: { balance },
    prepaid_balance: { balance_in_cents: row.prepaid_balance_in_cents },
    attributes: [],
    current_values: values,
    current_display_values: displayValues
  };
}
var EUROS = new Intl.NumberFormat("nl-NL", { style: "currency", currency: "EUR" });
function formatCents(cents3) {
  return EUROS.format(cents3 / 100);
}

// src/service/domain/portal-payments.ts
function hint(value) {
  return value.slice(-4);
}
async function sessionGiftcardTransactions(db, sessionIds) {
  if (sessionIds.length === 0) return [];
  const events = await db.selectFrom("portal_session_events").select("data").where("portal_session_id", "in", sessionIds).where("type", "=", "giftcard_transaction").execute();
  const uuids = events.map((e) => JSON.parse(e.data).uuid);
  if (uuids.length === 0) return [];
  const rows = await db.selectFrom("giftcard_transactions as t").innerJoin("giftcards as g", "g.id", "t.giftcard_id").leftJoin("shops as s", "s.id", "t.shop_id").select((eb) => [
    "t.id",
    "t.uuid",
    "t.amount_in_cents",
    "t.created_at",
    "g.uuid as giftcard_uuid",
    "g.hash",
    "s.name as shop_name",
    eb.selectFrom("giftcard_transactions as l").select((sub) => sub.fn.sum("l.amount_in_cents").as("sum")).whereRef("l.giftcard_id", "=", "t.giftcard_id").whereRef("l.id", "<=", "t.id").as("balance_after")
  ]).where("t.uuid", "in", uuids).orderBy("t.id").execute();
  return rows.map((r) => ({
    uuid: r.uuid,
    amount_in_cents: Number(r.amount_in_cents),
    created_at: r.created_at,
    giftcard: { uuid: r.giftcard_uuid, hash_hint: hint(r.hash) },
    balance_after_in_cents: Number(r.balance_after),
    shop: r.shop_name
  }));
}
async function giftcardPaymentState(db, session) {
  if (session.type !== "redeem_giftcards") return null;
  const payments = (await sessionGiftcardTransactions(db, [session.id])).map((t) => ({
    transaction_uuid: t.uuid,
    giftcard: t.giftcard,
    amount_in_cents: -t.amount_in_cents,
    balance_after_in_cents: t.balance_after_in_cents
  }));
  const paid = payments.reduce((sum, p) => sum + p.amount_in_cents, 0);
  return {
    payments,
    paid_in_cents: paid,
    remaining_in_cents: Math.max(0, Number(session.amount_in_cents ?? 0) - paid)
  };
}

// src/service/db/memo.ts
var memos = /* @__PURE__ */ new WeakMap();
function memoOf(db) {
  let memo = memos.get(db);
  if (!memo) {
    memo = /* @__PURE__ */ new Map();
    memos.set(db, memo);
  }
  return memo;
}
function readOncePerTransaction(db, key, read) {
  if (!db.isTransaction) return read();
  const memo = memoOf(db);
  let value = memo.get(key);
  if (!value) {
    value = read();
    value.catch(() => memo.delete(key));
    memo.set(key, value);
  }
  return value;
}
function rememberInTransaction(db, key, value) {
  if (db.isTransaction) memoOf(db).set(key, Promise.resolve(value));
}
function forgetInTransaction(db, prefix) {
  const memo = memos.get(db);
  for (const key of memo?.keys() ?? []) if (key.startsWith(prefix)) memo.delete(key);
}

// src/service/domain/shops.ts
function shopRecord(row) {
  return { ...row, address: row.address ? JSON.parse(row.address) : null };
}
function shopBy(db, column, value) {
  return readOncePerTransaction(db, `shop:${column}:${value}`, async () => {
    const row = await db.selectFrom("shops").selectAll().where(column, "=", value).executeTakeFirst();
    return row && shopRecord(row);
  });
}
async function listShops(db) {
  const rows = await db.selectFrom("shops").selectAll().orderBy("id").execute();
  return rows.map((row) => shopView(shopRecord(row)));
}
async function getShop(db, uuid2) {
  const shop2 = await shopBy(db, "uuid", uuid2);
  if (!shop2) throw new ServiceError(1008);
  return shopView(shop2);
}
function shopView(shop2) {
  return { ...shopWithAddress(shop2), reference: shop2.reference };
}
async function resolveShop(db, actor, shopUuid2) {
  const shop2 = shopUuid2 ? await shopBy(db, "uuid", shopUuid2) : actor.shopId ? await shopBy(db, "id", actor.shopId) : void 0;
  if (!shop2 || actor.shopId !== null && shop2.id !== actor.shopId) throw new ServiceError(1008);
  return shop2;
}
async function shopById(db, id) {
  const shop2 = await shopBy(db, "id", id);
  if (!shop2) throw new ServiceError(1008);
  return shop2;
}
function shopRef(shop2) {
  return { id: shop2.id, uuid: shop2.uuid, reference: shop2.reference, name: shop2.name };
}
function shopWithAddress(shop2) {
  const a = shop2.address ?? {};
  return {
    id: shop2.id,
    uuid: shop2.uuid,
    type: "shop",
    name: shop2.name,
    address: {
      id: shop2.id,
      shop_id: shop2.id,
      street: a.street ?? null,
      housenumber: a.housenumber ?? null,
      postalcode: a.postalcode ?? null,
      city: a.city ?? null,
      state: a.state ?? null,
      country: a.country ?? null,
      latitude: a.latitude ?? null,
      longitude: a.longitude ?? null,
      house_number: a.housenumber ?? null,
      postal_code: a.postalcode ?? null
    }
  };
}

// src/service/domain/pos-transactions.ts
function posTransactionView(row) {
  return {
    uuid: row.uuid,
    transaction_id: row.transaction_id === null ? null : Number(row.transaction_id),
    terminal_id: row.terminal_id === null ? null : Number(row.terminal_id),
    created_at: row.created_at,
    amount_in_cents: Number(row.amount_in_cents)
  };
}
async function posTransactionByUuid(db, uuid2) {
  const row = await db.selectFrom("pos_transactions").selectAll().where("uuid", "=", uuid2).executeTakeFirst();
  if (!row) throw new ServiceError(1027);
  return row;
}
async function createPosTransaction(tx, actor, input) {
  const shop2 = await resolveShop(tx.db, actor, input.shop_uuid);
  const row = await tx.db.insertInto("pos_transactions").values({
    uuid: newUuid(),
    shop_id: shop2.id,
    transaction_id: input.transaction_id ?? null,
    terminal_id: input.terminal_id ?? null,
    amount_in_cents: input.amount_in_cents,
    created_at: isoTimestamp(tx.now)
  }).returningAll().executeTakeFirstOrThrow();
  return posTransactionView(row);
}

// src/service/domain/row-lock.ts
async function lockByUuid(tx, table, uuid2, read) {
  await tx.lock(table, (await read(tx.db, uuid2)).id);
  return read(tx.db, uuid2);
}

// src/service/domain/portal-sessions.ts
function sessionRefusal(reason, en, nl) {
  return refusal(reason, { en, nl });
}
var REFUSALS = {
  notFound: () => sessionRefusal("portal_session_not_found", "Portal session not found", "Portaalsessie niet gevonden"),
  expired: () => sessionRefusal("portal_session_expired", "Portal session has expired", "Portaalsessie is verlopen"),
  ended: () => sessionRefusal("portal_session_ended", "Portal session has ended", "Portaalsessie is be\xEBindigd"),
  notAllowed: () => sessionRefusal("not_allowed_in_session", "Not allowed in this session", "Niet toegestaan in deze sessie")
};
var IDENTIFYING_TYPES = [
  "identify",
  "credit_reception",
  "pay_prepaid",
  "top_up_prepaid",
  "vouchers"
];
var ALLOWED = {
  identify: IDENTIFYING_TYPES,
  register: IDENTIFYING_TYPES,
  credit_reception: ["credit_reception"],
  giftcard_scan: ["redeem_giftcards", "top_up_giftcards"],
  giftcard_redeem: ["redeem_giftcards"],
  giftcard_top_up: ["top_up_giftcards"],
  prepaid_pay: ["pay_prepaid"],
  prepaid_top_up: ["top_up_prepaid"],
  voucher_list: ["vouchers", "identify"],
  voucher_redeem: ["vouchers", "identify"],
  customer_portal: ["identify"],
  scan_lookup: [...IDENTIFYING_TYPES, "redeem_giftcards", "top_up_giftcards"]
};
function allows(type, action) {
  return action === "end" || ALLOWED[action].includes(type);
}
var DEFAULT_SETTINGS = {
  scanner_type: "camera",
  enable_email_identification: false,
  enable_registration: false,
  enable_on_screen_keyboard: false,
  camera_service: 3,
  facing_mode: "user",
  primary_identification_method: "identifier",
  allow_multiple_giftcards: true
};
var shopTopic = (shopId) => `shop:${shopId}`;
var sessionTopic = (uuid2) => `portal-session:${uuid2}`;
async function insertSession(tx, input, ttlMinutes) {
  const row = await tx.db.insertInto("portal_sessions").values({
    uuid: newUuid(),
    type: input.type,
    shop_id: input.shopId,
    contact_id: input.contactId,
    settings: JSON.stringify(input.settings),
    amount_in_cents: input.amountInCents,
    pos_transaction_id: input.posTransactionId,
    credit_reception_id: input.creditReceptionId,
    status: "open",
    expires_at: isoTimestamp(new Date(tx.now.getTime() + ttlMinutes * 6e4)),
    created_at: isoTimestamp(tx.now),
    ended_at: null
  }).returningAll().executeTakeFirstOrThrow();
  tx.publish(shopTopic(row.shop_id), { session: row.uuid, status: row.status });
  return row;
}
async function createPortalSession(tx, actor, type, input, options2) {
  const shop2 = await resolveShop(tx.db, actor, input.shop_uuid);
  const contact2 = input.contact_uuid ? await contactByUuid(tx.db, input.contact_uuid) : void 0;
  const pos = input.pos_transaction_uuid ? await unlinkedPosTransaction(tx.db, input.pos_transaction_uuid, shop2.id) : void 0;
  const row = await insertSession(
    tx,
    {
      type,
      shopId: shop2.id,
      contactId: contact2?.id ?? null,
      settings: {
        scanner_type: input.scanner_type,
        enable_email_identification: input.enable_email_identification,
        enable_registration: input.enable_registration,
        enable_on_screen_keyboard: input.enable_on_screen_keyboard,
        camera_service: input.camera_service,
        facing_mode: input.facing_mode,
        primary_identification_method: input.primary_identification_method,
        allow_multiple_giftcards: input.allow_multiple_giftcards ?? true
      },
      amountInCents: input.amount_in_cents ?? null,
      posTransactionId: pos?.id ?? null,
      creditReceptionId: null
    },
    options2.ttlMinutes
  );
  return {
    uuid: row.uuid,
    url: sessionUrl(options2.portalUrl, row.uuid),
    contact: contact2 ? { uuid: contact2.uuid } : null,
    shop: shopRef(shop2),
    events: [],
    created_at: row.created_at
  };
}
async function unlinkedPosTransaction(db, uuid2, shopId) {
  const pos = await posTransactionByUuid(db, uuid2);
  if (shopId !== null && pos.shop_id !== shopId) throw new ServiceError(1027);
  const linked = await db.selectFrom("credit_receptions").select("id").where("pos_transaction_id", "=", pos.id).executeTakeFirst();
  if (linked) throw new ServiceError(6001);
  return pos;
}
function sessionUrl(portalUrl, uuid2) {
  const url = new URL(portalUrl);
  url.searchParams.set("uuid", uuid2);
  return url.toString();
}
async function portalSessionByUuid(db, uuid2) {
  const row = await db.selectFrom("portal_sessions").selectAll().where("uuid", "=", uuid2).executeTakeFirst();
  if (!row) throw REFUSALS.notFound();
  return row;
}
async function portalSessionView(db, row, portalUrl) {
  const [shop2, contact2] = await Promise.all([
    shopById(db, row.shop_id),
    row.contact_id === null ? void 0 : contactById(db, row.contact_id)
  ]);
  return {
    uuid: row.uuid,
    url: sessionUrl(portalUrl, row.uuid),
    contact: contact2 ? { uuid: contact2.uuid } : null,
    shop: shopRef(shop2),
    created_at: row.created_at
  };
}
function sessionSettings(row) {
  return { ...DEFAULT_SETTINGS, ...jsonObject(row.settings) };
}
async function recordEvent(tx, session, type, data) {
  const event = { uuid: newUuid(), type, created_at: isoTimestamp(tx.now), data };
  await tx.lock("portal_sessions", session.id);
  await tx.db.insertInto("portal_session_events").values({
    uuid: event.uuid,
    portal_session_id: session.id,
    type,
    data: JSON.stringify(data ?? null),
    created_at: event.created_at
  }).execute();
  tx.publish(sessionTopic(session.uuid), { event: event.uuid });
  return event;
}
async function sessionEvents(db, sessionId) {
  return (await sessionEventsAfter(db, sessionId, 0)).map((r) => r.event);
}
async function sessionEventsAfter(db, sessionId, afterId) {
  const rows = await db.selectFrom("portal_session_events").select(["id", "uuid", "type", "created_at", "data"]).where("portal_session_id", "=", sessionId).where("id", ">", afterId).orderBy("id").execute();
  return rows.map((r) => ({
    id: r.id,
    event: { uuid: r.uuid, type: r.type, created_at: r.created_at, data: JSON.parse(r.data) }
  }));
}
async function sessionEventPosition(db, sessionId, uuid2) {
  const row = await db.selectFrom("portal_session_events").select("id").where("portal_session_id", "=", sessionId).where("uuid", "=", uuid2).executeTakeFirst();
  return row?.id ?? 0;
}
async function loadSession(tx, uuid2) {
  const row = await portalSessionByUuid(tx.db, uuid2);
  if (row.status !== "open" || row.expires_at > isoTimestamp(tx.now)) return row;
  const [expired] = await markExpired(tx, [row.id]);
  return expired ?? portalSessionByUuid(tx.db, uuid2);
}
async function expireDueSessions(tx, dialect, limit) {
  let due = tx.db.selectFrom("portal_sessions").select("id").where("status", "=", "open").where("expires_at", "<=", isoTimestamp(tx.now)).orderBy("expires_at").limit(limit);
  if (dialect === "postgres") due = due.forUpdate().skipLocked();
  const ids = (await due.execute()).map((r) => r.id);
  return ids.length === 0 ? 0 : (await markExpired(tx, ids)).length;
}
async function markExpired(tx, ids) {
  const expired = await tx.db.updateTable("portal_sessions").set((eb) => ({ status: "expired", ended_at: eb.ref("expires_at") })).where("id", "in", ids).where("status", "=", "open").returningAll().execute();
  for (const row of expired) {
    await recordEvent(tx, row, "session_expired", { expired_at: row.expires_at });
    tx.publish(shopTopic(row.shop_id), { session: row.uuid, status: "expired" });
  }
  return expired;
}
async function sessionForAction(tx, uuid2, action) {
  const row = await lockByUuid(tx, "portal_sessions", uuid2, portalSessionByUuid);
  if (row.status === "expired" || row.status === "open" && row.expires_at <= isoTimestamp(tx.now)) {
    throw REFUSALS.expired();
  }
  if (row.status !== "open") throw REFUSALS.ended();
  if (!allows(row.type, action)) throw REFUSALS.notAllowed();
  return row;
}
async function endSession(tx, row, status) {
  const ended = await tx.db.updateTable("portal_sessions").set({ status, ended_at: isoTimestamp(tx.now) }).where("id", "=", row.id).where("status", "=", "open").returningAll().executeTakeFirst();
  if (!ended) throw REFUSALS.ended();
  const payment = await giftcardPaymentState(tx.db, ended);
  await recordEvent(tx, ended, status === "completed" ? "session_completed" : "session_cancelled", {
    status,
    ...payment
  });
  tx.publish(shopTopic(row.shop_id), { session: row.uuid, status });
  return ended;
}
function requireContact(session) {
  if (session.contact_id === null) {
    throw sessionRefusal(
      "customer_not_identified",
      "Identify the customer first",
      "Identificeer eerst de klant"
    );
  }
  return session.contact_id;
}
function sessionActor(session) {
  return { kind: "api_key", shopId: session.shop_id };
}
async function setSessionContact(tx, row, contactId) {
  await tx.db.updateTable("portal_sessions").set({ contact_id: contactId }).where("id", "=", row.id).execute();
  return { ...row, contact_id: contactId };
}
async function portalContact2(db, contactId) {
  const row = await db.selectFrom("contacts").leftJoin("tiers", "tiers.id", "contacts.tier_id").select([
    "contacts.uuid",
    "contacts.email",
    "contacts.firstname",
    "contacts.lastname",
    "contacts.locale",
    "contacts.credit_balance_centi",
    "contacts.prepaid_balance_in_cents",
    "tiers.name as tier_name"
  ]).where("contacts.id", "=", contactId).executeTakeFirstOrThrow();
  return {
    uuid: row.uuid,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    locale: row.locale,
    tier: row.tier_name ? { name: row.tier_name } : null,
    credit_balance: fromCenti(Number(row.credit_balance_centi)),
    prepaid_balance_in_cents: Number(row.prepaid_balance_in_cents)
  };
}
async function accountLook(db) {
  const account = await db.selectFrom("account").select(["name", "brand", "settings"]).executeTakeFirst();
  const settings = jsonObject(account?.settings ?? null);
  const text = (v) => typeof v === "string" && v !== "" ? v : null;
  const positive = (v, fallback) => typeof v === "number" && Number.isInteger(v) && v > 0 ? v : fallback;
  return {
    account: {
      name: account?.name ?? "",
      brand: brandKitFrom(account?.brand ?? null)
    },
    kiosk: {
      idle_seconds: positive(settings.idle_seconds, 60),
      end_screen_seconds: positive(settings.end_screen_seconds, 8),
      min_amount_in_cents: positive(settings.min_amount_in_cents, 100),
      terms_url: text(settings.terms_url),
      privacy_url: text(settings.privacy_url),
      // Validated when the fixture loads.
      editable_contact_fields: settings.editable_contact_fields ?? []
    }
  };
}
async function portalSessionState2(db, row, allowedOrigins) {
  const [shop2, look, contact2, pos, reception, types, events, payment] = await Promise.all([
    shopById(db, row.shop_id),
    accountLook(db),
    row.contact_id === null ? null : portalContact2(db, row.contact_id),
    row.pos_transaction_id === null ? void 0 : db.selectFrom("pos_transactions").select(["uuid", "amount_in_cents"]).where("id", "=", row.pos_transaction_id).executeTakeFirst(),
    row.credit_reception_id === null ? null : portalCreditReception2(db, row.credit_reception_id),
    db.selectFrom("subscription_types").select(["id", "name", "description", "strategy"]).where("active", "=", 1).orderBy("id").execute(),
    sessionEvents(db, row.id),
    giftcardPaymentState(db, row)
  ]);
  return {
    uuid: row.uuid,
    type: row.type,
    status: row.status,
    expires_at: row.expires_at,
    settings: sessionSettings(row),
    amount_in_cents: row.amount_in_cents === null ? null : Number(row.amount_in_cents),
    shop: { uuid: shop2.uuid, name: shop2.name },
    account: look.account,
    contact: contact2,
    pos_transaction: pos ? { uuid: pos.uuid, amount_in_cents: Number(pos.amount_in_cents) } : null,
    credit_reception: reception,
    giftcard_payment: payment,
    subscription_types: types,
    kiosk: look.kiosk,
    allowed_origins: allowedOrigins,
    events
  };
}
async function portalCreditReception2(db, receptionId) {
  const row = await db.selectFrom("credit_receptions").innerJoin("units", "units.id", "credit_receptions.unit_id").leftJoin("pos_transactions", "pos_transactions.id", "credit_receptions.pos_transaction_id").select([
    "credit_receptions.uuid",
    "credit_receptions.credits_centi",
    "credit_receptions.created_at",
    "credit_receptions.contact_id",
    "credit_receptions.unit_value",
    "units.prefix",
    "pos_transactions.amount_in_cents as pos_amount_in_cents"
  ]).where("credit_receptions.id", "=", receptionId).executeTakeFirstOrThrow();
  const contact2 = await portalContact2(db, row.contact_id);
  return {
    uuid: row.uuid,
    credits: fromCenti(Number(row.credits_centi)),
    created_at: row.created_at,
    contact: contact2,
    purchase_amount_in_cents: purchaseAmount(row),
    next_reward: await nextReward(db, contact2.credit_balance)
  };
}
function purchaseAmount(row) {
  if (row.pos_amount_in_cents !== null) return Number(row.pos_amount_in_cents);
  if (row.unit_value === null || row.prefix.trim() !== "\u20AC") return null;
  return Math.round(Number(row.unit_value) * 100);
}
async function nextReward(db, balance) {
  const balanceCenti = Math.round(balance * 100);
  const reward2 = await db.selectFrom("rewards").select(["title", "required_credits_centi"]).where("active", "=", 1).where((eb) => eb.or([eb("stock", "is", null), eb("stock", ">", 0)])).where("required_credits_centi", ">", balanceCenti).orderBy("required_credits_centi").orderBy("id").executeTakeFirst();
  if (!reward2) return null;
  return {
    title: reward2.title,
    credits_short: fromCenti(Number(reward2.required_credits_centi) - balanceCenti)
  };
}

// src/service/domain/cashier-devices.ts
var CASHIER_SESSION_DAYS = 30;
var DAY_MS = 24 * 60 * 60 * 1e3;
function deviceRefusal() {
  return refusal("device_not_paired", {
    en: "This device is not paired, or no longer allowed",
    nl: "Dit apparaat is niet gekoppeld, of niet meer toegestaan"
  });
}
function cashierActor(device) {
  return { kind: "cashier_device", shopId: device.shopId, cashierDeviceId: device.id };
}
async function recordCashierAction(tx, actor, action, portalSessionId, data) {
  if (actor.cashierDeviceId === void 0) throw new Error("a cashier action needs a cashier device actor");
  await tx.db.insertInto("cashier_actions").values({
    cashier_device_id: actor.cashierDeviceId,
    action,
    portal_session_id: portalSessionId,
    data: JSON.stringify(data),
    created_at: isoTimestamp(tx.now)
  }).execute();
}
async function pairCashierDevice(tx, token) {
  const row = await tx.db.selectFrom("cashier_devices").select(["id", "shop_id", "name"]).where("token_hash", "=", hashToken(token)).where("revoked_at", "is", null).executeTakeFirst();
  if (!row) throw deviceRefusal();
  const secret = newSecret();
  const expiresAt = isoTimestamp(new Date(tx.now.getTime() + CASHIER_SESSION_DAYS * DAY_MS));
  const session = await tx.db.insertInto("cashier_device_sessions").values({
    secret_hash: hashToken(secret),
    cashier_device_id: row.id,
    created_at: isoTimestamp(tx.now),
    expires_at: expiresAt
  }).returning("id").executeTakeFirstOrThrow();
  const device = { id: row.id, shopId: row.shop_id, name: row.name, sessionId: session.id, expiresAt };
  await recordCashierAction(tx, cashierActor(device), "paired", null, {});
  return { device, secret };
}
async function pairedDeviceBySecret(db, secret, now) {
  const row = await db.selectFrom("cashier_device_sessions as s").innerJoin("cashier_devices as d", "d.id", "s.cashier_device_id").select(["d.id", "d.shop_id", "d.name", "s.id as session_id", "s.expires_at"]).where("s.secret_hash", "=", hashToken(secret)).where("d.revoked_at", "is", null).executeTakeFirst();
  if (!row || Date.parse(row.expires_at) <= now.getTime()) return void 0;
  return {
    id: row.id,
    shopId: row.shop_id,
    name: row.name,
    sessionId: row.session_id,
    expiresAt: row.expires_at
  };
}
async function renewCashierSession(tx, device) {
  const renewed = tx.now.getTime() + CASHIER_SESSION_DAYS * DAY_MS;
  if (renewed - Date.parse(device.expiresAt) < DAY_MS) return void 0;
  const expiresAt = isoTimestamp(new Date(renewed));
  await tx.db.updateTable("cashier_device_sessions").set({ expires_at: expiresAt }).where("id", "=", device.sessionId).execute();
  return expiresAt;
}
async function unpairCashierDevice(tx, device) {
  await tx.db.deleteFrom("cashier_device_sessions").where("id", "=", device.sessionId).execute();
  await recordCashierAction(tx, cashierActor(device), "unpaired", null, {});
}
async function accountSessionDefaults(db) {
  const account = await db.selectFrom("account").select("settings").executeTakeFirst();
  const parsed = sessionDefaults.safeParse(jsonObject(account?.settings ?? null).session_defaults ?? {});
  return { ...DEFAULT_SETTINGS, ...parsed.success ? parsed.data : {} };
}
async function cashierDeviceView(db, device) {
  const [shop2, look, defaults] = await Promise.all([
    shopById(db, device.shopId),
    accountLook(db),
    accountSessionDefaults(db)
  ]);
  return {
    name: device.name,
    shop: { uuid: shop2.uuid, name: shop2.name },
    account: look.account,
    session_defaults: defaults
  };
}

// src/service/domain/contact-identifiers.ts
async function identifierByValue(db, value) {
  return db.selectFrom("contact_identifiers").selectAll().where("value", "=", value).executeTakeFirst();
}
async function activeIdentifierByValue(db, value) {
  const row = await identifierByValue(db, value);
  if (!row) throw new ServiceError(60003);
  if (row.active !== 1) throw new ServiceError(60004);
  return row;
}
async function identifierView(db, row) {
  const contact2 = row.contact_id === null ? void 0 : await db.selectFrom("contacts").select(["uuid", "email"]).where("id", "=", row.contact_id).executeTakeFirst();
  return { name: row.name, value: row.value, active: row.active === 1, contact: contact2 ?? null };
}
async function identifierViewById(db, id) {
  if (id === null) return null;
  const row = await db.selectFrom("contact_identifiers").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? identifierView(db, row) : null;
}
async function createIdentifier(tx, input) {
  const row = await tx.db.insertInto("contact_identifiers").values({
    value: input.value,
    name: input.name?.trim() || input.value,
    active: 1,
    contact_id: input.contactId ?? null,
    created_at: isoTimestamp(tx.now)
  }).onConflict((oc) => oc.column("value").doNothing()).returningAll().executeTakeFirst();
  if (!row) throw new ServiceError(60006);
  return row;
}
async function linkIdentifier(tx, value, contactId) {
  const row = await activeIdentifierByValue(tx.db, value);
  const result = await tx.db.updateTable("contact_identifiers").set({ contact_id: contactId }).where("id", "=", row.id).where("contact_id", "is", null).executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw new ServiceError(60014);
  return { ...row, contact_id: contactId };
}
async function unlinkIdentifier(tx, value) {
  const row = await activeIdentifierByValue(tx.db, value);
  await tx.db.updateTable("contact_identifiers").set({ contact_id: null }).where("id", "=", row.id).execute();
  return { ...row, contact_id: null };
}
async function deleteIdentifier(tx, value) {
  const row = await identifierByValue(tx.db, value);
  if (!row) throw new ServiceError(60003);
  const deleted = await identifierView(tx.db, row);
  for (const table of ["credit_receptions", "prepaid_transactions"]) {
    await tx.db.updateTable(table).set({ contact_identifier_id: null }).where("contact_identifier_id", "=", row.id).execute();
  }
  await tx.db.deleteFrom("contact_identifiers").where("id", "=", row.id).execute();
  return deleted;
}

// src/service/domain/credit-receptions.ts
import Decimal3 from "decimal.js";

// src/service/domain/credit-ledger.ts
import { sql as sql4 } from "kysely";
async function postCreditEntry(tx, entry) {
  const at = isoTimestamp(tx.now);
  const credits2 = entry.creditsCenti;
  const reception = entry.reception ? {
    credit_receptions_count: sql4`credit_receptions_count + 1`,
    received_credits_centi: sql4`received_credits_centi + ${Math.max(credits2, 0)}`,
    first_credit_reception_at: sql4`case when first_credit_reception_at is null
          or first_credit_reception_at > ${at} then ${at} else first_credit_reception_at end`,
    last_credit_reception_at: sql4`case when last_credit_reception_at is null
          or last_credit_reception_at < ${at} then ${at} else last_credit_reception_at end`
  } : {};
  const moved = await tx.db.updateTable("contacts").set({
    credit_balance_centi: sql4`credit_balance_centi + ${credits2}`,
    previous_credit_balance_centi: sql4`credit_balance_centi`,
    ...reception
  }).where("id", "=", entry.contactId).where(sql4`credit_balance_centi + ${credits2}`, ">=", 0).executeTakeFirst();
  if (moved.numUpdatedRows === 0n) return false;
  await tx.db.insertInto("credit_entries").values({
    contact_id: entry.contactId,
    credits_centi: credits2,
    source: entry.source,
    source_id: entry.sourceId,
    created_at: at
  }).execute();
  if (entry.reception) {
    await tx.db.insertInto("contact_shops").values({ contact_id: entry.contactId, shop_id: entry.reception.shopId }).onConflict((oc) => oc.columns(["contact_id", "shop_id"]).doNothing()).execute();
  }
  return true;
}

// src/service/domain/loyalty-rules.ts
import Decimal2 from "decimal.js";
var SHOP_TIME_ZONE = "Europe/Amsterdam";
var WEEKDAYS = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
var localParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: SHOP_TIME_ZONE,
  weekday: "short",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23"
});
function shopLocalTime(at) {
  const parts = Object.fromEntries(localParts.formatToParts(at).map((p) => [p.type, p.value]));
  return { weekday: WEEKDAYS[parts.weekday ?? ""] ?? 0, time: `${parts.hour}:${parts.minute}` };
}
function inWindow(time2, from, until) {
  if (from !== null && until !== null && from > until) return time2 >= from || time2 < until;
  return (from === null || time2 >= from) && (until === null || time2 < until);
}
function specificity(rule) {
  const hasWindow = rule.from_time !== null || rule.until_time !== null;
  return (rule.tier_id !== null ? 1 : 0) + (rule.weekdays?.length ? 1 : 0) + (hasWindow ? 1 : 0);
}
function selectRule(rules, context) {
  const local = shopLocalTime(context.at);
  const matching = rules.filter(
    (r) => (r.tier_id === null || r.tier_id === context.tierId) && (!r.weekdays?.length || r.weekdays.includes(local.weekday)) && inWindow(local.time, r.from_time, r.until_time)
  );
  return matching.sort((a, b) => specificity(b) - specificity(a) || a.id - b.id)[0];
}
var ROUNDING = {
  floor: Decimal2.ROUND_DOWN,
  round: Decimal2.ROUND_HALF_UP,
  ceil: Decimal2.ROUND_UP
};
function applyRule(rule, unitValue2) {
  const credits2 = new Decimal2(unitValue2).mul(rule.credits_per_unit).toDecimalPlaces(0, ROUNDING[rule.rounding]);
  return credits2.isZero() ? 0 : credits2.toNumber();
}
async function rulesOfUnit(db, unitId) {
  const rows = await db.selectFrom("loyalty_rules").selectAll().where("unit_id", "=", unitId).orderBy("id").execute();
  return rows.map((r) => ({ ...r, weekdays: r.weekdays ? JSON.parse(r.weekdays) : null }));
}
async function calculateCredits(db, input) {
  const rule = selectRule(await rulesOfUnit(db, input.unitId), input);
  return rule ? applyRule(rule, input.unitValue) : 0;
}

// src/service/domain/units.ts
var LOYALTY_PROGRAM_ID = 1;
function unitView(row) {
  return { name: row.name, label: row.label, prefix: row.prefix, is_default: bool(row.is_default) };
}
function unitRefView(row) {
  return { id: row.id, ...unitView(row) };
}
async function listUnits(db) {
  return db.selectFrom("units").selectAll().orderBy("id").execute();
}
async function unitById(db, id) {
  return readOncePerTransaction(
    db,
    `unit:${id}`,
    () => db.selectFrom("units").selectAll().where("id", "=", id).executeTakeFirstOrThrow()
  );
}
async function unitByNameOrDefault(db, name) {
  const row = await db.selectFrom("units").selectAll().$call((q) => name === void 0 ? q.where("is_default", "=", 1) : q.where("name", "=", name)).orderBy("id").executeTakeFirst();
  if (!row) throw new ServiceError(name === void 0 ? 55046 : 60007);
  rememberInTransaction(db, `unit:${row.id}`, row);
  return row;
}
async function createUnit(tx, input) {
  const at = isoTimestamp(tx.now);
  const isDefault = input.is_default === true;
  const row = await tx.db.insertInto("units").values({
    name: input.name,
    label: input.label,
    prefix: input.prefix ?? input.name.charAt(0),
    is_default: isDefault ? 1 : 0,
    format: null,
    created_at: at,
    updated_at: at
  }).onConflict((oc) => oc.column("name").doNothing()).returningAll().executeTakeFirst();
  if (!row) throw new ServiceError(55045);
  if (isDefault) {
    await tx.db.updateTable("units").set({ is_default: 0, updated_at: at }).where("id", "!=", row.id).where("is_default", "=", 1).execute();
    forgetInTransaction(tx.db, "unit:");
  }
  return {
    ...unitRefView(row),
    loyalty_program_id: LOYALTY_PROGRAM_ID,
    format: row.format,
    updated_at: row.updated_at,
    created_at: row.created_at
  };
}

// src/service/domain/credit-receptions.ts
var RECEPTION_CHANNEL = "API";
var CONTACT_GUARD_WAIT_MS = 5e3;
var inFlight = /* @__PURE__ */ new Map();
async function serializeForContact(contactId, work, waitMs = CONTACT_GUARD_WAIT_MS) {
  const previous = inFlight.get(contactId) ?? Promise.resolve();
  let release = () => {
  };
  const done = new Promise((resolve4) => {
    release = resolve4;
  });
  const tail = previous.then(() => done);
  inFlight.set(contactId, tail);
  let timer;
  try {
    await Promise.race([
      previous,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new ServiceError(60001)), waitMs);
      })
    ]);
    return await work();
  } finally {
    clearTimeout(timer);
    release();
    if (inFlight.get(contactId) === tail) inFlight.delete(contactId);
  }
}
async function creditReceptionByUuid(db, uuid2) {
  const row = await db.selectFrom("credit_receptions").selectAll().where("uuid", "=", uuid2).executeTakeFirst();
  if (!row) throw new ServiceError(1028);
  return row;
}
async function creditReceptionView(db, id) {
  const row = await db.selectFrom("credit_receptions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const contact2 = await contactById(db, row.contact_id);
  const shop2 = await shopById(db, row.shop_id);
  const unit2 = await unitById(db, row.unit_id);
  return {
    ...jsonObject(row.attributes),
    type: "credit_reception",
    channel: RECEPTION_CHANNEL,
    contact_identifier: await identifierViewById(db, row.contact_identifier_id),
    contact: {
      uuid: contact2.uuid,
      email: contact2.email,
      credit_balance: { id: contact2.id, balance: fromCenti(Number(contact2.credit_balance_centi)) }
    },
    shop: shopWithAddress(shop2),
    credits: fromCenti(Number(row.credits_centi)),
    created_at: row.created_at,
    uuid: row.uuid,
    unit: unitRefView(unit2),
    unit_value: row.unit_value === null ? null : Number(row.unit_value)
  };
}
async function recordReception(tx, values) {
  const at = isoTimestamp(tx.now);
  const row = await tx.db.insertInto("credit_receptions").values({
    uuid: newUuid(),
    contact_id: values.contactId,
    shop_id: values.shopId,
    unit_id: values.unitId,
    unit_value: values.unitValue,
    credits_centi: values.creditsCenti,
    contact_identifier_id: values.identifierId,
    pos_transaction_id: values.posTransactionId,
    reverses_id: values.reversesId,
    attributes: "{}",
    created_at: at
  }).onConflict((oc) => oc.doNothing()).returning("id").executeTakeFirst();
  if (!row) {
    if (values.reversesId !== null)
      throw refusal("credit_reception_already_reversed", "Credit reception already reversed");
    throw new ServiceError(6001);
  }
  const moved = await postCreditEntry(tx, {
    contactId: values.contactId,
    creditsCenti: values.creditsCenti,
    source: "credit_reception",
    sourceId: row.id,
    reception: { shopId: values.shopId }
  });
  if (!moved) {
    invalidField("credits", "The credits field would take the contact's credit balance below zero.", {
      reason: "credit_balance_below_zero"
    });
  }
  return row.id;
}
async function maxCreditsCenti(db) {
  const account = await db.selectFrom("account").select("max_credits_per_reception_centi").executeTakeFirst();
  const max = account?.max_credits_per_reception_centi;
  return max === null || max === void 0 ? null : Number(max);
}
async function createCreditReception(tx, actor, input) {
  if (input.credits === void 0 && input.unit_value === void 0) {
    throw new ServiceError(1003, {
      fields: {
        credits: ["The credits field is required when unit value is not present."],
        unit_value: ["The unit value field is required when credits is not present."]
      }
    });
  }
  const explicitCenti = input.credits === void 0 ? void 0 : toCenti(input.credits);
  const shop2 = await resolveShop(tx.db, actor, input.shop_uuid);
  const contact2 = await contactByUuid(tx.db, input.contact_uuid);
  return serializeForContact(contact2.id, async () => {
    await tx.lock("contacts", contact2.id);
    let identifierId = null;
    if (input.contact_identifier_value !== void 0) {
      const identifier = await identifierByValue(tx.db, input.contact_identifier_value);
      if (identifier?.contact_id !== contact2.id) throw new ServiceError(60003);
      identifierId = identifier.id;
    }
    const unit2 = await unitByNameOrDefault(tx.db, input.unit_name);
    let posTransactionId = null;
    if (input.pos_transaction_uuid !== void 0) {
      const pos = await posTransactionByUuid(tx.db, input.pos_transaction_uuid);
      if (pos.shop_id !== shop2.id) throw new ServiceError(1027);
      posTransactionId = pos.id;
    }
    const creditsCenti = explicitCenti ?? toCenti(
      await calculateCredits(tx.db, {
        unitId: unit2.id,
        unitValue: input.unit_value,
        tierId: contact2.tier_id,
        at: tx.now
      }),
      "unit_value"
    );
    const max = await maxCreditsCenti(tx.db);
    if (max !== null && creditsCenti > max) {
      throw new ServiceError(1015, {
        detail: `The credits exceed the maximum of ${fromCenti(max)} per reception`
      });
    }
    const id = await recordReception(tx, {
      contactId: contact2.id,
      shopId: shop2.id,
      unitId: unit2.id,
      unitValue: input.unit_value === void 0 ? null : new Decimal3(input.unit_value).toFixed(),
      creditsCenti,
      identifierId,
      posTransactionId,
      reversesId: null
    });
    return creditReceptionView(tx.db, id);
  });
}
async function reverseCreditReception(tx, actor, uuid2) {
  const original = await creditReceptionByUuid(tx.db, uuid2);
  if (actor.shopId !== null && original.shop_id !== actor.shopId) throw new ServiceError(55024);
  if (original.reverses_id !== null) {
    throw refusal("reversal_not_reversible", "A reversal cannot be reversed");
  }
  return serializeForContact(original.contact_id, async () => {
    await tx.lock("contacts", original.contact_id);
    const id = await recordReception(tx, {
      contactId: original.contact_id,
      shopId: original.shop_id,
      unitId: original.unit_id,
      unitValue: original.unit_value === null ? null : new Decimal3(original.unit_value).neg().toFixed(),
      // 0 - x rather than -x: a zero-credit reception reverses to 0, not -0.
      creditsCenti: 0 - Number(original.credits_centi),
      identifierId: original.contact_identifier_id,
      posTransactionId: null,
      reversesId: original.id
    });
    return creditReceptionView(tx.db, id);
  });
}
async function calculateReceptionCredits(db, actor, input, at) {
  await resolveShop(db, actor, input.shop_uuid);
  const contact2 = input.contact_uuid === void 0 ? void 0 : await contactByUuid(db, input.contact_uuid);
  const unit2 = await unitByNameOrDefault(db, input.unit_name);
  const credits2 = await calculateCredits(db, {
    unitId: unit2.id,
    unitValue: input.unit_value,
    tierId: contact2?.tier_id ?? null,
    at
  });
  return { credits: credits2 };
}

// src/service/domain/end-screen.ts
async function endScreenSession(tx, shopId, contactId, ttlMinutes) {
  const open2 = await tx.db.selectFrom("portal_sessions").selectAll().where("shop_id", "=", shopId).where("type", "=", "credit_reception").where("status", "=", "open").where("expires_at", ">", isoTimestamp(tx.now)).where("credit_reception_id", "is", null).orderBy("id", "desc").limit(1).executeTakeFirst();
  if (open2) {
    await tx.lock("portal_sessions", open2.id);
    const still = await tx.db.selectFrom("portal_sessions").selectAll().where("id", "=", open2.id).where("status", "=", "open").where("credit_reception_id", "is", null).executeTakeFirst();
    if (still) return still;
  }
  return insertSession(
    tx,
    {
      type: "credit_reception",
      shopId,
      contactId,
      settings: DEFAULT_SETTINGS,
      amountInCents: null,
      posTransactionId: null,
      creditReceptionId: null
    },
    ttlMinutes
  );
}
async function pushCreditReception(tx, actor, receptionUuid, shopUuid2, ttlMinutes) {
  const reception = await creditReceptionByUuid(tx.db, receptionUuid);
  const shopId = shopUuid2 !== void 0 || actor.shopId !== null ? (await resolveShop(tx.db, actor, shopUuid2)).id : reception.shop_id;
  if (shopId !== reception.shop_id) throw new ServiceError(55024);
  const session = await endScreenSession(tx, shopId, reception.contact_id, ttlMinutes);
  await tx.db.updateTable("portal_sessions").set({ credit_reception_id: reception.id, contact_id: reception.contact_id }).where("id", "=", session.id).execute();
  await recordEvent(tx, session, "credit_reception_pushed", await creditReceptionView(tx.db, reception.id));
}
async function pushPosTransaction(tx, actor, posUuid, ttlMinutes) {
  const pos = await unlinkedPosTransaction(tx.db, posUuid, actor.shopId);
  await deliverPosTransaction(tx, await endScreenSession(tx, pos.shop_id, null, ttlMinutes), pos);
}
async function deliverPosTransaction(tx, session, pos) {
  await tx.db.updateTable("portal_sessions").set({ pos_transaction_id: pos.id }).where("id", "=", session.id).execute();
  await recordEvent(tx, session, "pos_transaction_pushed", posTransactionView(pos));
}
async function creditInSession(tx, session) {
  if (session.credit_reception_id !== null) return portalCreditReception2(tx.db, session.credit_reception_id);
  const contactId = requireContact(session);
  const pos = session.pos_transaction_id === null ? void 0 : await tx.db.selectFrom("pos_transactions").select(["uuid", "amount_in_cents"]).where("id", "=", session.pos_transaction_id).executeTakeFirstOrThrow();
  const cents3 = pos ? Number(pos.amount_in_cents) : session.amount_in_cents;
  if (cents3 === null) {
    throw sessionRefusal("nothing_to_credit", "Nothing to credit yet", "Nog niets om punten voor te geven");
  }
  const contact2 = await contactById(tx.db, contactId);
  const reception = await createCreditReception(tx, sessionActor(session), {
    contact_uuid: contact2.uuid,
    unit_value: Number(cents3) / 100,
    pos_transaction_uuid: pos?.uuid
  });
  const { id } = await tx.db.selectFrom("credit_receptions").select("id").where("uuid", "=", reception.uuid).executeTakeFirstOrThrow();
  const claimed = await tx.db.updateTable("portal_sessions").set({ credit_reception_id: id }).where("id", "=", session.id).where("credit_reception_id", "is", null).executeTakeFirst();
  if (claimed.numUpdatedRows === 0n) {
    throw sessionRefusal(
      "session_already_credited",
      "The session has already credited",
      "De sessie heeft al punten gegeven"
    );
  }
  await recordEvent(tx, session, "credit_reception", reception);
  return portalCreditReception2(tx.db, id);
}

// src/service/domain/cashier-sessions.ts
async function shopSession(tx, actor, uuid2) {
  const row = await portalSessionByUuid(tx.db, uuid2);
  if (row.shop_id !== actor.shopId) throw REFUSALS.notFound();
  return loadSession(tx, uuid2);
}
async function startCashierSession(tx, actor, input, options2) {
  const defaults = await accountSessionDefaults(tx.db);
  const emailIdentification = input.enable_email_identification ?? defaults.enable_email_identification;
  const created = await createPortalSession(
    tx,
    actor,
    input.type,
    {
      contact_uuid: input.contact_uuid,
      scanner_type: input.scanner_type ?? defaults.scanner_type,
      enable_email_identification: emailIdentification,
      enable_registration: input.enable_registration ?? defaults.enable_registration,
      enable_on_screen_keyboard: input.enable_on_screen_keyboard ?? defaults.enable_on_screen_keyboard,
      camera_service: defaults.camera_service,
      facing_mode: defaults.facing_mode,
      primary_identification_method: emailIdentification ? defaults.primary_identification_method : "identifier",
      amount_in_cents: input.amount_in_cents,
      allow_multiple_giftcards: input.allow_multiple_giftcards ?? defaults.allow_multiple_giftcards
    },
    options2
  );
  const row = await portalSessionByUuid(tx.db, created.uuid);
  await recordCashierAction(tx, actor, "session_started", row.id, {
    type: input.type,
    amount_in_cents: input.amount_in_cents ?? null,
    contact_uuid: input.contact_uuid ?? null
  });
  return row;
}
async function cancelCashierSession(tx, actor, uuid2) {
  if ((await portalSessionByUuid(tx.db, uuid2)).shop_id !== actor.shopId) throw REFUSALS.notFound();
  const ended = await endSession(tx, await sessionForAction(tx, uuid2, "end"), "cancelled");
  await recordCashierAction(tx, actor, "session_cancelled", ended.id, {});
  return ended;
}
async function sendPurchase(tx, actor, uuid2, input) {
  if ((await portalSessionByUuid(tx.db, uuid2)).shop_id !== actor.shopId) throw REFUSALS.notFound();
  const session = await sessionForAction(tx, uuid2, "credit_reception");
  if (session.credit_reception_id !== null || session.pos_transaction_id !== null || session.amount_in_cents !== null) {
    throw sessionRefusal(
      "purchase_already_set",
      "The session already has its purchase",
      "De sessie heeft haar aankoop al"
    );
  }
  const created = await createPosTransaction(tx, actor, { amount_in_cents: input.amount_in_cents });
  const pos = await posTransactionByUuid(tx.db, created.uuid);
  await deliverPosTransaction(tx, session, pos);
  await recordCashierAction(tx, actor, "purchase_sent", session.id, {
    amount_in_cents: input.amount_in_cents,
    pos_transaction_uuid: pos.uuid
  });
  return portalSessionByUuid(tx.db, uuid2);
}
async function findContactForCashier(tx, actor, query) {
  const byEmail = query.includes("@");
  let contactId;
  if (byEmail) {
    contactId = (await contactByEmail(tx.db, query)).id;
  } else {
    const card = await activeIdentifierByValue(tx.db, query);
    if (card.contact_id === null) {
      throw new ServiceError(55031, {
        detail: {
          en: "This card is not linked to a customer",
          nl: "Deze kaart is niet aan een klant gekoppeld"
        }
      });
    }
    contactId = card.contact_id;
  }
  const contact2 = await portalContact2(tx.db, contactId);
  await recordCashierAction(tx, actor, "contact_found", null, {
    by: byEmail ? "email" : "card",
    contact_uuid: contact2.uuid
  });
  return contact2;
}
async function shopSessionsSince(db, shopId, since) {
  const rows = await db.selectFrom("portal_sessions").selectAll().where("shop_id", "=", shopId).where("created_at", ">=", isoTimestamp(new Date(since.getTime() - 24 * 60 * 60 * 1e3))).orderBy("id", "desc").limit(200).execute();
  return rows.filter((row) => Date.parse(row.created_at) >= since.getTime());
}
var asObject = (value) => typeof value === "object" && value !== null ? value : {};
var asNumber = (value) => typeof value === "number" ? value : 0;
var asText = (value) => typeof value === "string" ? value : "";
var IDENTIFIED_BY = /* @__PURE__ */ new Set(["card", "app_token", "email"]);
function eventOutcome(events) {
  let identification2 = null;
  let credits2 = null;
  let prepaidCents = null;
  const vouchers = [];
  const rewards = [];
  const giftcardTransactions = [];
  for (const event of events) {
    const data = asObject(event.data);
    switch (event.type) {
      case "contact_identified":
        if (IDENTIFIED_BY.has(asText(data.method))) {
          identification2 = asText(data.method);
        }
        break;
      case "contact_registered":
        identification2 = "registration";
        break;
      case "credit_reception":
      case "credit_reception_pushed":
        credits2 = (credits2 ?? 0) + asNumber(data.credits);
        break;
      case "prepaid_transaction":
        prepaidCents = (prepaidCents ?? 0) + asNumber(data.amount_in_cents);
        break;
      case "voucher_redeemed":
        vouchers.push({ code: asText(data.code), name: asText(data.name) });
        break;
      case "reward_reception":
        rewards.push({ title: asText(data.title), credits: asNumber(data.credits) });
        break;
      case "giftcard_transaction":
        giftcardTransactions.push(asText(data.uuid));
        break;
    }
  }
  return { identification: identification2, credits: credits2, prepaidCents, vouchers, rewards, giftcardTransactions };
}
async function cashierSessionSummaries(db, rows, now) {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const posIds = rows.flatMap((r) => r.pos_transaction_id === null ? [] : [r.pos_transaction_id]);
  const contactIds = [...new Set(rows.flatMap((r) => r.contact_id === null ? [] : [r.contact_id]))];
  const [events, starters, purchases, giftcardRows, contacts, payments] = await Promise.all([
    db.selectFrom("portal_session_events").select(["portal_session_id", "type", "data"]).where("portal_session_id", "in", ids).orderBy("id").execute(),
    db.selectFrom("cashier_actions as a").innerJoin("cashier_devices as d", "d.id", "a.cashier_device_id").select(["a.portal_session_id", "d.name"]).where("a.action", "=", "session_started").where("a.portal_session_id", "in", ids).execute(),
    posIds.length === 0 ? [] : db.selectFrom("pos_transactions").select(["id", "amount_in_cents"]).where("id", "in", posIds).execute(),
    sessionGiftcardTransactions(db, ids),
    Promise.all(contactIds.map(async (id) => [id, await portalContact2(db, id)])),
    Promise.all(rows.map((row) => giftcardPaymentState(db, row)))
  ]);
  const eventsOf = /* @__PURE__ */ new Map();
  for (const e of events) {
    const list = eventsOf.get(e.portal_session_id) ?? [];
    list.push({ type: e.type, data: JSON.parse(e.data) });
    eventsOf.set(e.portal_session_id, list);
  }
  const starterOf = new Map(starters.map((s) => [s.portal_session_id, s.name]));
  const purchaseOf = new Map(purchases.map((p) => [p.id, Number(p.amount_in_cents)]));
  const giftcardLine2 = new Map(giftcardRows.map((g) => [g.uuid, g]));
  const contactOf = new Map(contacts);
  const at = isoTimestamp(now);
  return rows.map((row, i) => {
    const outcome = eventOutcome(eventsOf.get(row.id) ?? []);
    const lines = outcome.giftcardTransactions.flatMap((uuid2) => giftcardLine2.get(uuid2) ?? []);
    const amount = row.amount_in_cents === null ? null : Number(row.amount_in_cents);
    const purchase = row.pos_transaction_id === null ? null : purchaseOf.get(row.pos_transaction_id) ?? null;
    return {
      uuid: row.uuid,
      type: row.type,
      status: row.status === "open" && row.expires_at <= at ? "expired" : row.status,
      created_at: row.created_at,
      ended_at: row.ended_at,
      expires_at: row.expires_at,
      amount_in_cents: amount,
      purchase_in_cents: purchase,
      waiting_for_purchase: row.type === "credit_reception" && row.contact_id !== null && row.credit_reception_id === null && purchase === null && amount === null,
      started_by: starterOf.has(row.id) ? { name: starterOf.get(row.id) } : null,
      contact: row.contact_id === null ? null : contactOf.get(row.contact_id) ?? null,
      identification: outcome.identification ?? (row.contact_id === null ? null : "cashier"),
      credits: outcome.credits,
      giftcard_payment: payments[i] ?? null,
      giftcard_top_ups: lines.filter((l) => l.amount_in_cents > 0).map((l) => ({
        giftcard: l.giftcard,
        amount_in_cents: l.amount_in_cents,
        balance_after_in_cents: l.balance_after_in_cents
      })),
      prepaid: outcome.prepaidCents === null ? null : {
        amount_in_cents: outcome.prepaidCents,
        unpaid_in_cents: row.type === "pay_prepaid" && amount !== null ? Math.max(0, amount + outcome.prepaidCents) : null
      },
      vouchers: outcome.vouchers,
      rewards: outcome.rewards
    };
  });
}
async function cashierSessionView(db, row, now) {
  const [[summary], events] = await Promise.all([
    cashierSessionSummaries(db, [row], now),
    sessionEvents(db, row.id)
  ]);
  return { ...summary, settings: sessionSettings(row), events };
}

// src/service/http/idempotency.ts
import { createHash as createHash2 } from "node:crypto";

// src/service/http/surfaces.ts
var SURFACE_PREFIX = {
  register: "/api/v3/register",
  oauth: "/api/v3/oauth/clients"
};
var SURFACE_CREDENTIALS = {
  register: ["api_key"],
  oauth: ["api_key", "access_token", "personal_access_token"]
};
var SPEC_OAUTH_PREFIX = "/v3/oauth/clients";
function registerSurfaces(app) {
  app.addHook("onRoute", function copyToSurfaces(route) {
    const auth = route.config?.auth;
    if (auth !== "K" && auth !== "A" && auth !== "P" || route.config?.surface || route.method === "HEAD") {
      return;
    }
    const { url, path: _path, routePath: _routePath, prefix: _prefix, ...options2 } = route;
    const path = url.startsWith(`${SPEC_OAUTH_PREFIX}/`) ? url.slice(SPEC_OAUTH_PREFIX.length) : url;
    for (const surface of ["register", "oauth"]) {
      this.route({
        ...options2,
        url: `${SURFACE_PREFIX[surface]}${path}`,
        config: { ...route.config, surface },
        ...route.schema ? { schema: { ...route.schema, ...route.config?.surfaceSchema, hide: true } } : {}
      });
    }
  });
}

// src/service/http/plugins/auth.ts
var ALLOWED2 = {
  K: ["api_key"],
  A: ["api_key", "access_token"],
  P: ["personal_access_token"]
};
var WANTED = {
  K: "an API key",
  A: "an access token or an API key",
  P: "a personal access token",
  register: "an API key",
  oauth: "an API key, an access token or a personal access token"
};
function bearerToken(request) {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "");
  return match?.[1];
}
function registerAuth(app) {
  const cache = /* @__PURE__ */ new Map();
  app.decorateRequest("actor", null);
  app.addHook("onRequest", async (request) => {
    const kind = request.routeOptions.config.auth;
    if (kind !== "K" && kind !== "A" && kind !== "P") return;
    const token = bearerToken(request);
    if (!token) throw authError(401, "Missing bearer token in the Authorization header");
    const hash = hashToken(token);
    let entry = cache.get(hash);
    if (!entry || Date.now() - entry.at > 6e4) {
      const row = await app.db.selectFrom("credentials").select(["kind", "shop_id", "expires_at"]).where("token_hash", "=", hash).executeTakeFirst();
      entry = {
        actor: row ? { kind: row.kind, shopId: row.shop_id } : null,
        expiresAt: row?.expires_at ? Date.parse(row.expires_at) : null,
        at: Date.now()
      };
      cache.set(hash, entry);
    }
    if (!entry.actor) throw authError(401, "Unknown or revoked token");
    if (entry.expiresAt !== null && entry.expiresAt <= app.clock().getTime()) {
      throw authError(401, "This access token has expired; request a new one at POST /oauth/token");
    }
    const surface = request.routeOptions.config.surface;
    const allowed = surface ? SURFACE_CREDENTIALS[surface] : ALLOWED2[kind];
    if (!allowed.includes(entry.actor.kind)) {
      throw authError(
        403,
        `This endpoint needs ${WANTED[surface ?? kind]}; a ${entry.actor.kind.replaceAll("_", " ")} was sent`
      );
    }
    request.actor = entry.actor;
  });
}
function authError(status, message) {
  return Object.assign(new Error(message), { statusCode: status });
}

// src/service/http/idempotency.ts
var IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1e3;
var HEADER = "idempotency-key";
var MAX_KEY_LENGTH = 255;
function stable(value) {
  if (Array.isArray(value)) return `[${value.map(stable).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).filter(([, v]) => v !== void 0).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0);
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
function requestHash(request) {
  return createHash2("sha256").update(
    `${request.method} ${request.routeOptions.url}
${stable(request.params)}
${stable(request.body)}`
  ).digest("hex");
}
async function withIdempotency(app, request, reply, scope, work) {
  const key = request.headers[HEADER];
  if (key === void 0) return app.tx(work);
  if (typeof key !== "string" || key.trim() === "" || key.length > MAX_KEY_LENGTH) {
    invalidField("Idempotency-Key", `The Idempotency-Key header must be 1 to ${MAX_KEY_LENGTH} characters.`);
  }
  const hash = requestHash(request);
  const outcome = await app.tx(async (tx) => {
    const cutoff = isoTimestamp(new Date(tx.now.getTime() - IDEMPOTENCY_TTL_MS));
    await tx.db.deleteFrom("idempotency_keys").where("scope", "=", scope).where("key", "=", key).where("created_at", "<", cutoff).execute();
    const reserved = await tx.db.insertInto("idempotency_keys").values({
      scope,
      key,
      request_hash: hash,
      status_code: null,
      response: null,
      created_at: isoTimestamp(tx.now)
    }).onConflict((oc) => oc.columns(["scope", "key"]).doNothing()).returning("key").executeTakeFirst();
    if (!reserved) {
      const first = await tx.db.selectFrom("idempotency_keys").select(["request_hash", "status_code", "response"]).where("scope", "=", scope).where("key", "=", key).executeTakeFirstOrThrow();
      if (first.request_hash !== hash || first.response === null) {
        throw refusal("idempotency_key_reused", {
          en: "This Idempotency-Key was already used for another request",
          nl: "Deze Idempotency-Key is al gebruikt voor een ander verzoek"
        });
      }
      return {
        replayed: true,
        status: first.status_code ?? 200,
        body: JSON.parse(first.response)
      };
    }
    const body = await work(tx);
    await tx.db.updateTable("idempotency_keys").set({ status_code: reply.statusCode, response: JSON.stringify(body) }).where("scope", "=", scope).where("key", "=", key).execute();
    return { replayed: false, body };
  });
  if (outcome.replayed) reply.code(outcome.status).header("idempotent-replayed", "true");
  return outcome.body;
}
function registerRequestTransactions(app) {
  app.decorateRequest("tx", null);
  app.addHook("onRequest", async (request, reply) => {
    const token = bearerToken(request);
    request.tx = (work) => request.method === "POST" && token ? withIdempotency(app, request, reply, `credential:${hashToken(token)}`, work) : app.tx(work);
  });
}

// src/service/http/openapi/operation-id.ts
var PREFIXES = [
  ["/api/v3/register", "ViaRegister", "after"],
  ["/v3/oauth/clients", "", "before"],
  ["/portal/api", "portalApi", "before"],
  ["/cashier/api", "cashier", "before"]
];
var ACTIONS = {
  batch: "batchCreate",
  calculate: "calculate",
  cancel: "cancel",
  claim: "claim",
  collect: "collect",
  complete: "complete",
  confirm: "confirm",
  find: "find",
  "find-one-by": "find",
  "find-or-create": "findOrCreate",
  identify: "identify",
  link: "link",
  lock: "lock",
  pair: "pair",
  pay: "pay",
  purchase: "purchase",
  push: "push",
  redeem: "redeem",
  register: "register",
  release: "release",
  reverse: "reverse",
  scan: "scan",
  "send-by-email": "sendByEmail",
  stream: "stream",
  subscribe: "subscribe",
  "top-up": "topUp",
  unlink: "unlink",
  unpair: "unpair",
  unsubscribe: "unsubscribe",
  use: "use"
};
var pascal = (word) => word.split(/[-_]/).map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join("");
var singular = (word) => word.endsWith("ies") ? `${word.slice(0, -3)}y` : word.endsWith("s") && !word.endsWith("us") ? word.slice(0, -1) : word;
function deriveOperationId(method, path) {
  let rest = path;
  let before = "";
  let after = "";
  for (const [start, word, where] of PREFIXES) {
    if (!rest.startsWith(`${start}/`)) continue;
    rest = rest.slice(start.length);
    if (where === "before") before = word;
    else after = word;
  }
  const segments = rest.split("/").filter(Boolean);
  const isParam = (s) => s?.startsWith("{") ?? false;
  const lastStatic = segments.findLast((s) => !isParam(s));
  const action = lastStatic && segments.length > 1 && ACTIONS[lastStatic] ? lastStatic : void 0;
  const onItem = isParam(segments.at(-1));
  const words = segments.filter((segment) => !isParam(segment) && segment !== action);
  let verb;
  if (action) verb = ACTIONS[action];
  else if (segments.length === 1 && ACTIONS[segments[0]]) {
    verb = ACTIONS[segments[0]];
    words.length = 0;
  } else {
    const m = method.toUpperCase();
    if (m === "GET") verb = onItem || !words.at(-1)?.endsWith("s") ? "get" : "list";
    else verb = { POST: "create", PUT: "update", DELETE: "delete", PATCH: "update" }[m] ?? m.toLowerCase();
  }
  const plural = verb === "list" || verb === "batchCreate" ? words.length - 1 : -1;
  const named = words.map((word, i) => pascal(i === plural ? word : singular(word)));
  return verb + pascal(before) + named.join("") + after;
}

// src/service/http/openapi/document.ts
function madeBy(operationId, parameter) {
  return { operationId, parameters: parameter ? { [parameter]: "$response.body#/data/uuid" } : {} };
}
var STATUS_TEXT = {
  400: "Bad request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not found",
  409: "Conflict",
  410: "Gone",
  413: "Payload too large",
  414: "URI too long",
  415: "Unsupported media type",
  422: "Unprocessable entity",
  429: "Too many requests",
  500: "Internal error",
  502: "Bad gateway",
  503: "Service unavailable"
};
function refusal2(entry) {
  if (typeof entry === "number") return { code: entry, status: ERRORS[entry].status };
  if ("reason" in entry) {
    const { code, status, when } = ERROR_REASONS[entry.reason];
    return { code, status: entry.status ?? status, when, reason: entry.reason };
  }
  return { code: entry.code, status: entry.status ?? ERRORS[entry.code].status, when: entry.when };
}
function genericErrors(facts) {
  const list = [];
  list.push({ code: 1003, status: 400, when: "malformed request" });
  if (facts.security !== "none")
    list.push({ code: 1003, status: 401, when: "missing or unknown credential" });
  if (facts.security === "bearer" || facts.security === "personalAccessToken")
    list.push({ code: 1003, status: 403, when: "a credential of another kind" });
  if (facts.security === "cashier" && facts.hasBody) {
    list.push({ code: 1003, status: 403, when: "a call from another site", reason: "cross_site_call" });
  }
  if (facts.hasBody) {
    list.push({ code: 1003, status: 413, when: "body too large" });
    list.push({ code: 1003, status: 415, when: "unsupported content type" });
  }
  if (facts.hasParams) list.push({ code: 1003, status: 414, when: "path parameter too long" });
  if (facts.hasInput || facts.idempotent) {
    list.push({ code: 1003, status: 422, when: "invalid input (`errors` names the fields)" });
  }
  if (facts.idempotent) {
    list.push({
      code: 1003,
      status: 409,
      when: "the Idempotency-Key was used for another request",
      reason: "idempotency_key_reused"
    });
  }
  if (facts.rateLimited) list.push({ code: 1003, status: 429, when: "rate limit exceeded" });
  list.push({ code: 1e3, status: 500 });
  list.push({ code: 1e3, status: 503, when: "the database is briefly unavailable (see Retry-After)" });
  return list;
}
function describeErrors(errors) {
  if (errors.length === 0) return "";
  const lines = errors.map(refusal2).map((r) => {
    const text = ERRORS[r.code].en;
    const reason = r.reason ? ` (reason \`${r.reason}\`)` : "";
    return `- \`${r.code}\` (HTTP ${r.status}) ${text}${r.when ? `: ${r.when}` : ""}${reason}`;
  });
  return `**Errors**

${lines.join("\n")}`;
}
var ERROR_REF = "#/components/schemas/Error";
var RATE_HEADERS = {
  "X-RateLimit-Limit": { $ref: "#/components/headers/X-RateLimit-Limit" },
  "X-RateLimit-Remaining": { $ref: "#/components/headers/X-RateLimit-Remaining" }
};
var rateHeaders = (facts) => facts.rateLimited ? RATE_HEADERS : {};
function errorResponses(facts) {
  const byStatus = /* @__PURE__ */ new Map();
  for (const r of [...genericErrors(facts), ...facts.errors.map(refusal2)]) {
    byStatus.set(r.status, [...byStatus.get(r.status) ?? [], r]);
  }
  const responses = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    const codes = [...new Set(list.map((r) => r.code))].sort((a, b) => a - b);
    const whens = list.map((r) => `${r.code}${r.when ? ` ${r.when}` : ` ${ERRORS[r.code].en}`}`);
    responses[String(status)] = {
      description: `${STATUS_TEXT[status] ?? "Refused"}: ${[...new Set(whens)].join("; ")}.`,
      headers: {
        ...rateHeaders(facts),
        ...status === 429 || status === 503 ? { "Retry-After": { $ref: "#/components/headers/Retry-After" } } : {}
      },
      content: {
        "application/json": {
          schema: { allOf: [{ $ref: ERROR_REF }, { type: "object", properties: { code: { enum: codes } } }] }
        }
      }
    };
  }
  return responses;
}
function commonComponents(maxIdempotencyKeyLength, cashierCookie) {
  return {
    securitySchemes: {
      bearer: {
        type: "http",
        scheme: "bearer",
        description: "An API key, or where the operation says so an access token (POST /oauth/token). On the demo account (`npm start`): `demo-api-key`."
      },
      personalAccessToken: {
        type: "http",
        scheme: "bearer",
        description: "A personal access token. On the demo account: `demo-personal-access-token`."
      },
      cashierDevice: {
        type: "apiKey",
        in: "cookie",
        name: cashierCookie,
        description: "The cashier console's device session cookie, set by POST /cashier/api/pair (its example pairs the demo account's till; the browser then sends the cookie)."
      }
    },
    headers: {
      "X-RateLimit-Limit": {
        description: "Requests allowed a minute for this credential (or portal session, or address).",
        schema: { type: "integer" }
      },
      "X-RateLimit-Remaining": {
        description: "Requests left in the current minute.",
        schema: { type: "integer" }
      },
      "Retry-After": {
        description: "Seconds to wait before trying again (the rate limit resets; the database is back).",
        schema: { type: "integer" }
      }
    },
    parameters: {
      IdempotencyKey: {
        name: "Idempotency-Key",
        in: "header",
        required: false,
        description: "A retry with the same key and body answers the first response without acting again (24 hours, per credential); the same key with another body answers 1003 with HTTP 409.",
        schema: { type: "string", minLength: 1, maxLength: maxIdempotencyKeyLength }
      }
    }
  };
}
var NOT_JSON = {
  "text/event-stream": 'A server-sent event stream (see the description). It never ends, so Swagger UI\'s "Try it out" shows nothing: read it with `curl -N`.',
  "text/html": "An HTML page.",
  "text/plain": "Plain text.",
  "image/*": "The picture."
};
function completeOperation(method, path, op, facts) {
  op.operationId = facts.operationId ?? deriveOperationId(method, path);
  op.security ??= facts.security === "none" ? [] : [{ [facts.security === "cashier" ? "cashierDevice" : facts.security]: [] }];
  const errors = describeErrors(facts.errors);
  if (errors) op.description = [op.description, errors].filter(Boolean).join("\n\n");
  if (facts.idempotent) {
    op.parameters = [
      ...op.parameters ?? [],
      { $ref: "#/components/parameters/IdempotencyKey" }
    ];
  }
  const body = op.requestBody;
  const json = body?.content?.["application/json"];
  if (json && facts.formBodies) body.content["application/x-www-form-urlencoded"] = { schema: json.schema };
  const responses = {};
  for (const [status, response] of Object.entries(op.responses ?? {})) {
    responses[status] = {
      ...response,
      description: response.description === "Default Response" ? "Success." : response.description,
      headers: rateHeaders(facts)
    };
  }
  if (facts.produces && !Object.values(responses).some((r) => r.content)) {
    for (const status of Object.keys(responses)) delete responses[status];
    responses["200"] = {
      description: NOT_JSON[facts.produces] ?? "Success.",
      headers: rateHeaders(facts),
      content: { [facts.produces]: { schema: { type: "string" } } }
    };
  }
  op.responses = { ...errorResponses(facts), ...responses };
}
var KEPT = ["description", "default", "examples", "example", "title"];
function simplifySchemas(node) {
  if (Array.isArray(node)) return node.map(simplifySchemas);
  if (!node || typeof node !== "object") return node;
  const documented = node[DOCUMENTED_AS];
  if (documented) {
    const kept = KEPT.filter((key) => key in node).map((key) => [key, node[key]]);
    return { ...Object.fromEntries(kept), ...documented };
  }
  const out = {};
  for (const [key, value] of Object.entries(node)) out[key] = simplifySchemas(value);
  for (const key of ["anyOf", "oneOf"]) {
    const branches = out[key];
    if (!Array.isArray(branches)) continue;
    if (branches.some((b) => Object.keys(b).length === 0)) {
      delete out[key];
    } else if (branches.length === 1) {
      delete out[key];
      Object.assign(out, branches[0]);
    }
  }
  return out;
}
function escapeHtml(text) {
  return text.split(/(`[^`]*`)/).map((part) => part.startsWith("`") ? part : part.replaceAll("<", "&lt;").replaceAll(">", "&gt;")).join("");
}
function escapeDescriptions(node) {
  if (!node || typeof node !== "object") return;
  for (const [key, value] of Object.entries(node)) {
    if (key === "description" && typeof value === "string") node[key] = escapeHtml(value);
    else escapeDescriptions(value);
  }
}
function pruneSchemas(doc) {
  const schemas = doc.components.schemas ?? {};
  const used = /* @__PURE__ */ new Set();
  const visit2 = (node) => {
    if (!node || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string" && value.startsWith("#/components/schemas/")) {
        const name = value.slice("#/components/schemas/".length);
        if (!used.has(name)) {
          used.add(name);
          visit2(schemas[name]);
        }
      } else visit2(value);
    }
  };
  visit2(doc.paths);
  visit2(doc.components.responses);
  for (const [name, schema] of Object.entries(schemas)) {
    if (!used.has(name)) delete schemas[name];
    else for (const key of ["$id", "$schema"]) delete schema[key];
  }
}
function completeDocument(input, facts) {
  const doc = simplifySchemas(structuredClone(input));
  const ids = /* @__PURE__ */ new Map();
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const routeFacts2 = facts.get(`${method} ${path}`);
      if (!routeFacts2) throw new Error(`OpenAPI: no route facts for ${method} ${path}`);
      completeOperation(method, path, op, routeFacts2);
      const id = op.operationId;
      if (ids.has(id)) throw new Error(`OpenAPI: operationId ${id} of ${method} ${path} and ${ids.get(id)}`);
      ids.set(id, `${method} ${path}`);
    }
  }
  linkExamples(doc, facts);
  pruneSchemas(doc);
  escapeDescriptions(doc);
  return doc;
}
function linkExamples(doc, facts) {
  const byId = /* @__PURE__ */ new Map();
  const paths = doc.paths;
  for (const operations of Object.values(paths)) {
    for (const op of Object.values(operations)) byId.set(op.operationId, op);
  }
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const after = facts.get(`${method} ${path}`)?.exampleAfter;
      if (!after) continue;
      const source = byId.get(after.operationId);
      if (!source) throw new Error(`OpenAPI: ${method} ${path} is tried after ${after.operationId}, unknown`);
      const responses = source.responses;
      const success = Object.keys(responses).find((status) => status.startsWith("2"));
      const id = op.operationId;
      responses[success].links = {
        ...responses[success].links,
        [id]: { operationId: id, parameters: after.parameters, requestBody: after.requestBody }
      };
      const names = [
        ...Object.keys(after.parameters).map((name) => `\`${name}\``),
        ...after.requestBody ? ["the body"] : []
      ];
      const tryIt = `**Try it out**: on the demo account, run \`${after.operationId}\` first with its example` + (names.length > 0 ? `; its response gives ${names.join(" and ")} (its link \`${id}\`).` : ".");
      op.description = [op.description, tryIt].filter(Boolean).join("\n\n");
    }
  }
}

// src/service/http/route.ts
function zodRoutes(app) {
  return app.withTypeProvider();
}
function ok(data) {
  return { data, meta: {} };
}
var EXTENSION_TAG = "Extension";

// src/service/http/json.ts
var TIMESTAMP_VALUE = /(?<=[:,[])"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.\d+)?(Z|[+-]\d\d:\d\d)"(?=[,}\]])/g;
function toJson(value) {
  return JSON.stringify(value).replace(
    TIMESTAMP_VALUE,
    (_match, seconds, offset) => `"${seconds}${offset === "Z" ? "+00:00" : offset}"`
  );
}

// src/service/http/sse.ts
var HEARTBEAT_MS = 15e3;
function eventStreams(app) {
  const open2 = /* @__PURE__ */ new Set();
  app.addHook("preClose", async () => {
    for (const end of [...open2]) end();
  });
  return {
    open(reply) {
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        connection: "keep-alive",
        "x-accel-buffering": "no"
      });
      res.write("retry: 3000\n\n");
      const cleanups = [];
      let closed = false;
      const write = (text) => {
        if (!closed && !res.destroyed) res.write(text);
      };
      const heartbeat = setInterval(() => write(": heartbeat\n\n"), HEARTBEAT_MS);
      const close = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        open2.delete(end);
        app.metrics.eventStreams.dec();
        for (const cleanup of cleanups) cleanup();
      };
      const end = () => {
        close();
        res.end();
      };
      open2.add(end);
      app.metrics.eventStreams.inc();
      res.on("close", close);
      return {
        send(event, data, id) {
          write(`event: ${event}
${id ? `id: ${id}
` : ""}data: ${toJson(data)}

`);
        },
        onClose(cleanup) {
          if (closed) cleanup();
          else cleanups.push(cleanup);
        },
        end
      };
    }
  };
}
function lastEventId(request) {
  const value = request.headers["last-event-id"];
  return typeof value === "string" && value !== "" ? value : void 0;
}
async function streamSessionEvents(app, stream, session, request) {
  const resumeFrom = lastEventId(request);
  let position = resumeFrom ? await sessionEventPosition(app.db, session.id, resumeFrom) : 0;
  let reading;
  let again = false;
  const catchUp = () => {
    if (reading) {
      again = true;
      return reading;
    }
    reading = (async () => {
      try {
        do {
          again = false;
          for (const { id, event } of await sessionEventsAfter(app.db, session.id, position)) {
            stream.send("portal_event", event, event.uuid);
            position = id;
          }
        } while (again);
      } catch (err) {
        request.log.warn({ err }, "event stream read failed");
      } finally {
        reading = void 0;
      }
    })();
    return reading;
  };
  stream.onClose(app.bus.subscribe(sessionTopic(session.uuid), () => void catchUp()));
  await catchUp();
}

// src/service/http/cashier/device-auth.ts
import cookie from "@fastify/cookie";
var CASHIER_COOKIE = "portal_cashier";
var COOKIE_PATH = "/cashier";
var CASHIER_RATE_LIMIT = 600;
var PAIRING_RATE_LIMIT = 10;
function setDeviceCookie(request, reply, secret) {
  reply.setCookie(CASHIER_COOKIE, secret, {
    httpOnly: true,
    sameSite: "strict",
    secure: request.protocol === "https",
    path: COOKIE_PATH,
    maxAge: CASHIER_SESSION_DAYS * 24 * 60 * 60
  });
}
function clearDeviceCookie(request, reply) {
  reply.clearCookie(CASHIER_COOKIE, {
    httpOnly: true,
    sameSite: "strict",
    secure: request.protocol === "https",
    path: COOKIE_PATH
  });
}
function cashierRateKey(request) {
  const secret = request.cookies?.[CASHIER_COOKIE];
  return secret ? `cashier:${hashToken(secret)}` : `cashier-ip:${request.ip}`;
}
async function registerDeviceAuth(scope) {
  await scope.register(cookie);
  scope.decorateRequest("cashierDevice", null);
  scope.addHook("onRequest", async (request) => {
    if (request.method === "POST") {
      const origin = request.headers.origin;
      if (origin !== void 0 && origin !== `${request.protocol}://${request.host}`) {
        throw refusal("cross_site_call", {
          en: "Calls from another site are refused",
          nl: "Verzoeken van een andere site geweigerd"
        });
      }
      if (!/^application\/json\b/i.test(request.headers["content-type"] ?? "")) {
        throw refusal("not_json", {
          en: "Send JSON (Content-Type: application/json)",
          nl: "Stuur JSON (Content-Type: application/json)"
        });
      }
    }
    if (request.routeOptions.config.cashier === "pair") return;
    const secret = request.cookies[CASHIER_COOKIE];
    const device = secret ? await pairedDeviceBySecret(scope.db, secret, scope.clock()) : void 0;
    if (!device) throw deviceRefusal();
    request.cashierDevice = device;
  });
}

// src/service/http/cashier/routes.ts
var TAG = "Cashier console";
var AUTH = "Cashier console: authorised by the device's httpOnly session cookie (from pair), scoped to its shop; 401 when not paired or the device was removed from the fixture.";
var IDEMPOTENCY = "Takes an `Idempotency-Key` header: a retry with the same key and body acts once.";
var params = z6.object({ uuid: idField() });
var UNKNOWN_SESSION = { reason: "portal_session_not_found" };
var EXPIRED = { reason: "portal_session_expired" };
var noBody = z6.preprocess((v) => v ?? {}, z6.object({}));
async function cashierRoutes(fastify) {
  await registerDeviceAuth(fastify);
  const app = zodRoutes(fastify);
  const streams = eventStreams(fastify);
  const limit = (max) => ({
    rateLimit: {
      max: Math.min(fastify.config.rateLimit, max),
      timeWindow: 6e4,
      keyGenerator: cashierRateKey
    }
  });
  const config = { auth: "none", ...limit(CASHIER_RATE_LIMIT) };
  const sessionOptions = () => ({
    portalUrl: app.config.portalUrl,
    ttlMinutes: app.config.sessionTtlMinutes
  });
  const describe = (text) => `${text}

${AUTH}`;
  const act = async (req, reply, uuid2, work) => {
    const actor = cashierActor(req.cashierDevice);
    await app.tx((tx) => shopSession(tx, actor, uuid2));
    return withIdempotency(
      app,
      req,
      reply,
      `cashier:${req.cashierDevice.id}`,
      async (tx) => ok(await cashierSessionView(tx.db, await work(tx, actor), tx.now))
    );
  };
  app.post(
    "/pair",
    {
      config: { auth: "none", cashier: "pair", ...limit(PAIRING_RATE_LIMIT) },
      schema: {
        tags: [TAG],
        summary: "Pair this browser with a cashier device token from the fixture",
        description: `Answers the device and sets its session cookie (httpOnly, SameSite=Strict, Path=/cashier, Secure under TLS); the token itself is not kept by the browser. ${PAIRING_RATE_LIMIT} attempts a minute per address.`,
        errors: [{ reason: "device_not_paired" }, { reason: "cross_site_call" }],
        body: pairRequest,
        response: { 200: envelope(cashierDevice) }
      }
    },
    async (req, reply) => {
      const { device, secret } = await app.tx((tx) => pairCashierDevice(tx, req.body.token));
      setDeviceCookie(req, reply, secret);
      return ok(await cashierDeviceView(app.db, device));
    }
  );
  app.post(
    "/unpair",
    {
      config,
      schema: {
        tags: [TAG],
        summary: "End this browser\u2019s console session",
        description: describe("The cookie is cleared and stops working."),
        body: noBody,
        response: { 200: envelope(z6.object({ paired: z6.literal(false) })) }
      }
    },
    async (req, reply) => {
      await app.tx((tx) => unpairCashierDevice(tx, req.cashierDevice));
      clearDeviceCookie(req, reply);
      return ok({ paired: false });
    }
  );
  app.get(
    "/device",
    {
      config,
      schema: {
        tags: [TAG],
        summary: "The paired device: its name, shop, the account\u2019s look and the session defaults",
        description: describe("A console session in daily use is extended (a new cookie)."),
        response: { 200: envelope(cashierDevice) }
      }
    },
    async (req, reply) => {
      const renewed = await app.tx((tx) => renewCashierSession(tx, req.cashierDevice));
      if (renewed) setDeviceCookie(req, reply, req.cookies[CASHIER_COOKIE]);
      return ok(await cashierDeviceView(app.db, req.cashierDevice));
    }
  );
  app.get(
    "/stream",
    {
      config,
      schema: {
        tags: [TAG],
        summary: "The shop's session changes as server-sent events (event: shop_session)",
        produces: ["text/event-stream"],
        description: describe("`data: {session, status}` whenever a session of the shop is created or ends.")
      }
    },
    async (req, reply) => {
      const stream = streams.open(reply);
      stream.onClose(
        app.bus.subscribe(shopTopic(req.cashierDevice.shopId), (change) => {
          if (change === void 0) stream.end();
          else stream.send("shop_session", change);
        })
      );
    }
  );
  app.post(
    "/contacts/find",
    {
      config,
      schema: {
        tags: [TAG],
        summary: "Find a customer by e-mail address or loyalty card",
        description: describe("A query with `@` is an e-mail address, else a card value."),
        errors: [{ code: 55031, when: "no such customer, or the card is not linked" }, 60003, 60004],
        body: findContactRequest,
        response: { 200: envelope(portalContact) }
      }
    },
    async (req) => ok(await app.tx((tx) => findContactForCashier(tx, cashierActor(req.cashierDevice), req.body.query)))
  );
  app.get(
    "/sessions",
    {
      config,
      schema: {
        tags: [TAG],
        summary: "The shop's sessions since a moment (default: today), newest first, with their outcome",
        description: describe(
          "`since`: an ISO 8601 time with offset, e.g. the device\u2019s local midnight. At most 200."
        ),
        querystring: sessionsQuery,
        response: { 200: envelope(z6.array(cashierSessionSummary)) }
      }
    },
    async (req) => {
      const now = app.clock();
      const since = req.query.since ? new Date(req.query.since) : new Date(new Date(now).setHours(0, 0, 0, 0));
      const rows = await shopSessionsSince(app.db, req.cashierDevice.shopId, since);
      return ok(await cashierSessionSummaries(app.db, rows, now));
    }
  );
  app.post(
    "/sessions",
    {
      config: { ...config, idempotent: true },
      schema: {
        tags: [TAG],
        summary: "Start a portal session of any type at the shop; its standby screens switch to it",
        description: describe(
          `As the public API\u2019s POST /portal-sessions[/<type>], the shop being the device\u2019s and the switches left out taken from the account's session defaults. ${IDEMPOTENCY}`
        ),
        errors: [55031],
        body: startSessionRequest,
        response: { 201: envelope(cashierSession) }
      }
    },
    async (req, reply) => {
      reply.code(201);
      const actor = cashierActor(req.cashierDevice);
      return withIdempotency(
        app,
        req,
        reply,
        `cashier:${req.cashierDevice.id}`,
        async (tx) => ok(
          await cashierSessionView(
            tx.db,
            await startCashierSession(tx, actor, req.body, sessionOptions()),
            tx.now
          )
        )
      );
    }
  );
  app.get(
    "/sessions/:uuid",
    {
      config,
      schema: {
        tags: [TAG],
        summary: "One session of the shop as the console follows it",
        exampleAfter: madeBy("createCashierSession", "uuid"),
        description: describe("Another shop\u2019s session answers as an unknown one."),
        errors: [UNKNOWN_SESSION],
        params,
        response: { 200: envelope(cashierSession) }
      }
    },
    async (req) => ok(
      await app.tx(
        async (tx) => cashierSessionView(
          tx.db,
          await shopSession(tx, cashierActor(req.cashierDevice), req.params.uuid),
          tx.now
        )
      )
    )
  );
  app.get(
    "/sessions/:uuid/stream",
    {
      config,
      schema: {
        tags: [TAG],
        summary: "A session's events as server-sent events (event: portal_event), as the POS's stream",
        exampleAfter: madeBy("createCashierSession", "uuid"),
        produces: ["text/event-stream"],
        description: describe("The stored events first, then each new one live; `Last-Event-ID` resumes."),
        errors: [UNKNOWN_SESSION],
        params
      }
    },
    async (req, reply) => {
      const session = await app.tx((tx) => shopSession(tx, cashierActor(req.cashierDevice), req.params.uuid));
      await streamSessionEvents(app, streams.open(reply), session, req);
    }
  );
  app.post(
    "/sessions/:uuid/cancel",
    {
      config: { ...config, idempotent: true },
      schema: {
        tags: [TAG],
        summary: "Cancel an open session of the shop (the counter screen shows it is cancelled)",
        exampleAfter: madeBy("createCashierSession", "uuid"),
        description: describe(IDEMPOTENCY),
        errors: [UNKNOWN_SESSION, EXPIRED, { reason: "portal_session_ended" }],
        params,
        body: noBody,
        response: { 200: envelope(cashierSession) }
      }
    },
    (req, reply) => act(req, reply, req.params.uuid, (tx, actor) => cancelCashierSession(tx, actor, req.params.uuid))
  );
  app.post(
    "/sessions/:uuid/purchase",
    {
      config: { ...config, idempotent: true },
      schema: {
        tags: [TAG],
        summary: "Send the purchase amount to a credit-reception session that waits for it",
        exampleAfter: madeBy("createCashierSession", "uuid"),
        description: describe(
          `As a POS does: a POS transaction of the shop, pushed to this session; the screen then credits the customer. ${IDEMPOTENCY}`
        ),
        errors: [
          UNKNOWN_SESSION,
          EXPIRED,
          { reason: "portal_session_ended" },
          { reason: "purchase_already_set" },
          { reason: "not_allowed_in_session" }
        ],
        params,
        body: purchaseRequest,
        response: { 200: envelope(cashierSession) }
      }
    },
    (req, reply) => act(req, reply, req.params.uuid, (tx, actor) => sendPurchase(tx, actor, req.params.uuid, req.body))
  );
}

// src/service/http/cashier/index.ts
var here = dirname(fileURLToPath(import.meta.url));
function defaultCashierDir() {
  const candidates = [resolve(here, "../cashier"), resolve(here, "../../../../dist/cashier")];
  return candidates.find((dir) => existsSync(join(dir, "index.html"))) ?? candidates[1];
}
var PAGE_HEADERS = {
  "cache-control": "no-cache",
  "content-security-policy": "default-src 'self'; img-src 'self' data: https:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff"
};
async function registerCashierConsole(app, dir = defaultCashierDir()) {
  await app.register(cashierRoutes, { prefix: "/cashier/api" });
  if (!existsSync(join(dir, "index.html"))) return;
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, {
      root: dir,
      prefix: "/cashier/",
      index: false,
      wildcard: true,
      // Built beside each file (vite-plugin-compression2); the raw file for clients asking neither.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader(
          "cache-control",
          path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache"
        );
        res.setHeader("vary", "accept-encoding");
        res.setHeader("x-content-type-options", "nosniff");
      }
    });
    const sendPage = (reply) => reply.headers(PAGE_HEADERS).sendFile("index.html");
    scope.get(
      "/cashier",
      { config: { auth: "none" }, schema: { hide: true } },
      (_req, reply) => sendPage(reply)
    );
    scope.get(
      "/cashier/index.html",
      { config: { auth: "none" }, schema: { hide: true } },
      (_req, reply) => sendPage(reply)
    );
  });
}

// src/service/http/media.ts
import { z as z7 } from "zod";
var params2 = z7.object({
  name: z7.string().regex(/^[0-9a-f]{20}\.[a-z]{3,4}$/, "must be a media file name").meta({ example: DEMO.media })
});
async function mediaRoutes(fastify) {
  const app = zodRoutes(fastify);
  app.get(
    "/media/:name",
    {
      config: { auth: "none" },
      schema: {
        tags: ["Extension"],
        summary: "Extension: a picture shipped with the account (logo, reward or promotion image)",
        description: "PNG, JPEG, WebP or SVG, cached for ever (the name is its content hash).",
        produces: ["image/*"],
        errors: [{ reason: "picture_not_found" }],
        params: params2
      }
    },
    async (req, reply) => {
      const file = await app.db.selectFrom("media_files").select(["content_type", "bytes"]).where("name", "=", req.params.name).executeTakeFirst();
      if (!file) throw refusal("picture_not_found", "Picture not found");
      return reply.type(file.content_type).header("cache-control", "public, max-age=31536000, immutable").header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox").header("x-content-type-options", "nosniff").send(Buffer.from(file.bytes));
    }
  );
}

// src/service/http/plugins/errors.ts
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";

// src/service/http/messages.ts
function wantsDutch(acceptLanguage) {
  return /^\s*nl\b/i.test(acceptLanguage ?? "");
}
function bilingual(nl, en, dutch) {
  return dutch ? `${nl} | ${en}` : en;
}
function errorBody2(code, dutch, fields, detail) {
  const entry = ERRORS[code];
  const message = detail ? bilingual(detail.nl ?? detail.en, detail.en, dutch) : bilingual(entry.nl, entry.en, dutch);
  return { code, message, status_code: entry.status, ...fields ? { errors: fields } : {} };
}
var TYPE_NAMES = {
  string: { en: "a string", nl: "een tekst" },
  number: { en: "a number", nl: "een getal" },
  integer: { en: "an integer", nl: "een geheel getal" },
  numeric: { en: "a number", nl: "een getal" },
  boolean: { en: "true or false", nl: "waar of onwaar" },
  array: { en: "an array", nl: "een lijst" },
  object: { en: "an object", nl: "een object" }
};
function messageFor(issue, field, input) {
  const p = issue.params;
  const f = field.replaceAll("_", " ");
  if (input === void 0 || input === null || input === "") {
    return { en: `The ${f} field is required.`, nl: `Het veld ${f} is verplicht.` };
  }
  switch (issue.keyword) {
    case "invalid_type": {
      const t = TYPE_NAMES[String(p.expected)] ?? { en: String(p.expected), nl: String(p.expected) };
      return { en: `The ${f} field must be ${t.en}.`, nl: `Het veld ${f} moet ${t.nl} zijn.` };
    }
    case "invalid_union": {
      const nested = p.errors?.flat() ?? [];
      const wanted = nested.find((n) => n.message in TYPE_NAMES)?.message ?? nested[0]?.expected ?? "valid";
      const t = TYPE_NAMES[wanted] ?? { en: "valid", nl: "geldig" };
      return { en: `The ${f} field must be ${t.en}.`, nl: `Het veld ${f} moet ${t.nl} zijn.` };
    }
    case "invalid_format": {
      if (p.format === "email") {
        return {
          en: `The ${f} field must be a valid email address.`,
          nl: `Het veld ${f} moet een geldig e-mailadres zijn.`
        };
      }
      return { en: `The ${f} field format is invalid.`, nl: `Het formaat van ${f} is ongeldig.` };
    }
    case "invalid_value":
      return { en: `The selected ${f} is invalid.`, nl: `De gekozen ${f} is ongeldig.` };
    case "too_small":
    case "too_big": {
      const small = issue.keyword === "too_small";
      const bound = String(small ? p.minimum : p.maximum);
      if (p.origin === "string") {
        return small ? {
          en: `The ${f} field must be at least ${bound} characters.`,
          nl: `Het veld ${f} moet minstens ${bound} tekens zijn.`
        } : {
          en: `The ${f} field must not be greater than ${bound} characters.`,
          nl: `Het veld ${f} mag niet meer dan ${bound} tekens zijn.`
        };
      }
      if (p.origin === "array") {
        return small ? {
          en: `The ${f} field must have at least ${bound} items.`,
          nl: `Het veld ${f} moet minstens ${bound} items hebben.`
        } : {
          en: `The ${f} field must not have more than ${bound} items.`,
          nl: `Het veld ${f} mag niet meer dan ${bound} items hebben.`
        };
      }
      return small ? {
        en: `The ${f} field must be at least ${bound}.`,
        nl: `Het veld ${f} moet minstens ${bound} zijn.`
      } : {
        en: `The ${f} field must not be greater than ${bound}.`,
        nl: `Het veld ${f} mag niet groter zijn dan ${bound}.`
      };
    }
    default:
      return {
        en: `The ${f} field ${issue.message}.`.replace("..", "."),
        nl: `Het veld ${f}: ${issue.message}.`.replace("..", ".")
      };
  }
}
function fieldErrors(issues, data, dutch) {
  const out = {};
  for (const issue of issues) {
    const path = issue.instancePath.split("/").filter(Boolean);
    const field = path.join(".") || "body";
    const input = path.reduce(
      (v, k) => v && typeof v === "object" ? v[k] : void 0,
      data
    );
    const m = messageFor(issue, path.at(-1) ?? field, input);
    const list = out[field] ?? [];
    const text = bilingual(m.nl, m.en, dutch);
    if (!list.includes(text)) list.push(text);
    out[field] = list;
  }
  return out;
}

// src/service/http/plugins/errors.ts
var FRAMEWORK = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, en: "Malformed JSON body", nl: "Ongeldige JSON" },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, en: "Malformed JSON body", nl: "Ongeldige JSON" },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, en: "Request body too large", nl: "Verzoek is te groot" },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    en: "Unsupported content type",
    nl: "Niet-ondersteund inhoudstype"
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, en: "Invalid content length", nl: "Ongeldige lengte" },
  FST_ERR_BAD_URL: {
    status: 400,
    en: "Malformed percent-encoding in the path",
    nl: "Ongeldige procentcodering in het pad"
  },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, en: "Path parameter too long", nl: "Padparameter te lang" }
};
function send(reply, body) {
  return reply.code(body.status_code).send(body);
}
function registerErrorHandling(app) {
  app.setErrorHandler(answerError);
  app.addHook("onRequest", async (request) => {
    if (request.raw.httpVersion === "1.1" && !request.headers.host) {
      throw Object.assign(new Error("Missing Host header"), { statusCode: 400 });
    }
  });
  app.server.on("checkExpectation", (req, res) => {
    const dutch = wantsDutch(req.headers["accept-language"]);
    const detail = {
      en: "Unsupported Expect header (only 100-continue)",
      nl: "Niet-ondersteunde Expect-header"
    };
    const body = JSON.stringify({ ...errorBody2(1003, dutch, void 0, detail), status_code: 417 });
    res.writeHead(417, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(body),
      connection: "close"
    }).end(body);
  });
  app.setNotFoundHandler((request, reply) => {
    const dutch = wantsDutch(request.headers["accept-language"]);
    const detail = {
      en: `No route ${request.method} ${request.url}`,
      nl: `Geen route ${request.method} ${request.url}`
    };
    return send(reply, { ...errorBody2(1003, dutch, void 0, detail), status_code: 404 });
  });
}
function frameworkErrorHandler(error, request, reply) {
  return answerError(error, request, reply);
}
var CLIENT_ERRORS = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: "Request Header Fields Too Large",
    message: "Request line and headers exceed 16 KiB"
  },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: "Request Timeout", message: "Request timed out" }
};
function clientErrorHandler(err, socket) {
  if (err.code === "ECONNRESET" || socket.destroyed) return;
  const known = CLIENT_ERRORS[err.code ?? ""] ?? {
    status: 400,
    reason: "Bad Request",
    message: "Malformed HTTP request"
  };
  const body = JSON.stringify({
    ...errorBody2(1003, false, void 0, { en: known.message }),
    status_code: known.status
  });
  this.log.debug({ err }, "malformed request");
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${known.status} ${known.reason}\r
Connection: close\r
Content-Type: application/json; charset=utf-8\r
Content-Length: ${Buffer.byteLength(body)}\r
\r
${body}`
    );
  }
  socket.destroy();
}
function answerError(error, request, reply) {
  const err = error;
  const dutch = wantsDutch(request.headers["accept-language"]);
  if (error instanceof ServiceError) {
    const { code, fields, detail, status, reason } = error;
    const body = errorBody2(code, dutch, fields, typeof detail === "string" ? { en: detail } : detail);
    return send(reply, {
      ...body,
      ...status ? { status_code: status } : {},
      ...reason ? { reason } : {}
    });
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const part = err.validationContext ?? "body";
    const data = part === "querystring" ? request.query : part === "params" ? request.params : request.body;
    return send(
      reply,
      errorBody2(1003, dutch, fieldErrors(err.validation, data, dutch))
    );
  }
  const framework = err.code ? FRAMEWORK[err.code] : void 0;
  if (framework) {
    const body = errorBody2(1003, dutch, void 0, framework);
    return send(reply, { ...body, status_code: framework.status });
  }
  if (err.statusCode === 429) {
    const body = errorBody2(1003, dutch, void 0, { en: "Too many requests", nl: "Te veel verzoeken" });
    return send(reply, { ...body, status_code: 429 });
  }
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    const body = errorBody2(1003, dutch, void 0, { en: err.message });
    return send(reply, { ...body, status_code: err.statusCode });
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err }, "database unavailable");
    reply.header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
    const body = errorBody2(1e3, dutch, void 0, {
      en: "The service is briefly unavailable; try again shortly",
      nl: "De dienst is even niet beschikbaar; probeer het zo opnieuw"
    });
    return send(reply, { ...body, status_code: 503 });
  }
  request.log.error({ err }, "unhandled error");
  return send(reply, errorBody2(1e3, dutch));
}

// src/service/http/plugins/health.ts
import { sql as sql7 } from "kysely";
import { z as z8 } from "zod";

// src/service/db/database.ts
import { mkdirSync } from "node:fs";
import { join as join2 } from "node:path";
import SQLite from "better-sqlite3";
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect
} from "kysely";
import pg2 from "pg";

// src/service/db/migrations/0001_initial.ts
var initial_exports = {};
__export(initial_exports, {
  up: () => up
});
async function up(db, dialect) {
  const id = (t) => dialect === "postgres" ? t.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity()) : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
  const notNull = (c) => c.notNull();
  const json = (c) => c.notNull().defaultTo("{}");
  await db.schema.createTable("account").addColumn("id", "integer", (c) => c.primaryKey()).addColumn("name", "text", notNull).addColumn("brand", "text", json).addColumn("max_credits_per_reception_centi", "bigint").addColumn("settings", "text", json).execute();
  await db.schema.createTable("shops").addColumn("id", "integer", (c) => c.primaryKey()).addColumn("uuid", "text", (c) => c.notNull().unique()).addColumn("name", "text", notNull).addColumn("reference", "text").addColumn("address", "text").execute();
  await db.schema.createTable("credentials").addColumn("token_hash", "text", (c) => c.primaryKey()).addColumn("kind", "text", notNull).addColumn("shop_id", "integer", (c) => c.references("shops.id")).execute();
  await id(db.schema.createTable("units")).addColumn("name", "text", (c) => c.notNull().unique()).addColumn("label", "text", notNull).addColumn("prefix", "text", notNull).addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0)).addColumn("format", "text").addColumn("created_at", "text", notNull).addColumn("updated_at", "text", notNull).execute();
  await id(db.schema.createTable("tiers")).addColumn("uuid", "text", (c) => c.notNull().unique()).addColumn("name", "text", notNull).addColumn("description", "text").addColumn("position", "integer", (c) => c.notNull().defaultTo(0)).addColumn("media", "text").execute();
  await id(db.schema.createTable("loyalty_rules")).addColumn("unit_id", "integer", (c) => c.notNull().references("units.id")).addColumn("credits_per_unit", "text", notNull).addColumn("rounding", "text", notNull).addColumn("tier_id", "integer", (c) => c.references("tiers.id")).addColumn("weekdays", "text").addColumn("from_time", "text").addColumn("until_time", "text").execute();
  await db.schema.createTable("subscription_types").addColumn("id", "integer", (c) => c.primaryKey()).addColumn("uuid", "text", (c) => c.unique()).addColumn("name", "text", notNull).addColumn("description", "text").addColumn("active", "integer", (c) => c.notNull().defaultTo(1)).addColumn("strategy", "text", notNull).execute();
  await id(db.schema.createTable("contacts")).addColumn("uuid", "text", (c) => c.notNull().unique()).addColumn("email", "text", (c) => c.notNull().unique()).addColumn("firstname", "text").addColumn("lastname", "text").addColumn("locale", "text").addColumn("tier_id", "integer", (c) => c.references("tiers.id")).addColumn("credit_balance_centi", "bigint", (c) => c.notNull().defaultTo(0)).addColumn("prepaid_balance_in_cents", "bigint", (c) => c.notNull().defaultTo(0)).addColumn("attributes", "text", json).addColumn("channel", "text", notNull).addColumn("referral_code", "text").addColumn("created_at", "text", notNull).addColumn("updated_at", "text", notNull).execute();
  await id(db.schema.createTable("credit_entries")).addColumn("contact_id", "integer", (c) => c.notNull().references("contacts.id")).addColumn("credits_centi", "bigint", notNull).addColumn("source", "text", notNull).addColumn("source_id", "integer").addColumn("created_at", "text", notNull).execute();
  await db.schema.createIndex("credit_entries_contact").on("credit_entries").column("contact_id").execute();
  await id(db.schema.createTable("contact_identifiers")).addColumn("value", "text", (c) => c.notNull().unique()).addColumn("name", "text", notNull).addColumn("active", "integer", (c) => c.notNull().defaultTo(1)).addColumn("contact_id", "integer", (c) => c.references("contacts.id")).addColumn("created_at", "text", notNull).execute();
  await db.schema.createIndex("contact_identifiers_contact").on("contact_identifiers").column("contact_id").execute();
  await db.schema.createTable("contact_session_tokens").addColumn("token", "text", (c) => c.primaryKey()).addColumn("contact_id", "integer", (c) => c.notNull().references("contacts.id")).addColumn("status", "text", notNull).addColumn("created_at", "text", notNull).addColumn("used_at", "text").execute();
  await db.schema.createTable("contact_subscriptions").addColumn("contact_id", "integer", (c) => c.notNull().references("contacts.id")).addColumn("subscription_type_id", "integer", (c) => c.notNull().references("subscription_types.id")).addColumn("status", "text", notNull).addColumn("confirmation_token", "text", (c) => c.unique()).addColumn("updated_at", "text", notNull).addPrimaryKeyConstraint("contact_subscriptions_pk", ["contact_id", "subscription_type_id"]).execute();
  await id(db.schema.createTable("pos_transactions")).addColumn("uuid", "text", (c) => c.notNull().unique()).addColumn("shop_id", "integer", (c) => c.notNull().references("shops.id")).addColumn("transaction_id", "bigint").addColumn("terminal_id", "bigint").addColumn("amount_in_cents", "bigint", notNull).addColumn("created_at", "text", notNull).execute();
  await id(db.schema.createTable("credit_receptions")).addColumn("uuid", "text", (c) => c.notNull().unique()).addColumn("contact_id", "integer", (c) => c.notNull().references("contacts.id")).addColumn("shop_id", "integer", (c) => c.notNull().references("shops.id")).addColumn("unit_id", "integer", (c) => c.notNull().references("units.id")).addColumn("unit_value", "text").addColumn("credits_centi", "bigint", notNull).addColumn("contact_identifier_id", "integer", (c) => c.references("contact_identifiers.id")).addColumn("pos_transaction_id", "integer", (c) => c.unique().references("pos_transactions.id")).addColumn("reverses_id", "integer", (c) => c.unique().references("credit_receptions.id")).addColumn("attributes", "text", json).addColumn("created_at", "text", notNull).execute();
  await db.schema.createIndex("credit_receptions_contact").on("credit_receptions").columns(["contact_id", "id"]).execute();
  await id(db.schema.createTable("portal_sessions")).addColumn("uuid", "text", (c) => c.notNull().unique()).addColumn("type", "text", notNull).addColumn("shop_id", "integer", (c) => c.notNull().references("shops.id")).addColumn("contact_id", "integer", (c) => c.references("contacts.id")).addColumn("settings", "text", json).addColumn("amount_in_cents", "bigint").addColumn("pos_transaction_id", "integer", (c) => c.references("pos_transactions.id")).addColumn("credit_reception_id", "integer", (c) => c.references("credit_receptions.id")).addColumn("status", "text", notNull).addColumn("expires_at", "text", notNull).addColumn("created_at", "text", notNull).addColumn("ended_at", "text").execute();
  await db.schema.createIndex("portal_sessions_shop").on("portal_sessions").columns(["shop_id", "status", "id"]).execute();
  await id(db.schema.createTable("portal_session_events")).addColumn("uuid", "text", (c) => c.notNull().unique()).addColumn("portal_session_id", "integer", (c) => c.notNull().references("portal_sessions.id")).addColumn("type", "text", notNull).addColumn("data", "text", json).addColumn("created_at", "text", notNull).execute();
  await db.schema.createIndex("portal_session_events_session").on("portal_session_events").columns(["portal_session_id", "id"]).execute();
  await db.schema.createTable("devices").addColumn("token_hash", "text", (c) => c.primaryKey()).addColumn("shop_id", "integer", (c) => c.notNull().references("shops.id")).execute();
  await id(db.schema.createTable("rewards")).addColumn("uuid", "text", (c) => c.notNull().unique()).addColumn("title", "text", notNull).addColumn("description", "text").addColumn("type", "text", notNull).addColumn("reward_type", "text", notNull).addColumn("required_credits_centi", "bigint", notNull).addColumn("stock", "integer").addColumn("active", "integer", (c) => c.notNull().defaultTo(1)).addColumn("claim_limit_per_contact", "integer").addColumn("pre_redeemable", "integer", (c) => c.notNull().defaultTo(0)).addColumn("expiration_duration", "integer").addColumn("cost_price", "integer").addColumn("media", "text").addColumn("attributes", "text", json).execute();
  await id(db.schema.createTable("giftcard_programs")).addColumn("uuid", "text", (c) => c.notNull().unique()).addColumn("name", "text", notNull).addColumn("max_amount_in_cents", "bigint").addColumn("expiration_days", "integer").addColumn("calculator_flow", "text").execute();
  await id(db.schema.createTable("giftcards")).addColumn("uuid", "text", (c) => c.notNull().unique()).addColumn("giftcard_program_id", "integer", (c) => c.notNull().references("giftcard_programs.id")).addColumn("hash", "text", (c) => c.notNull().unique()).addColumn("type", "text", notNull).addColumn("balance_in_cents", "bigint", (c) => c.notNull().defaultTo(0)).addColumn("expiration_date", "text").addColumn("active", "integer", (c) => c.notNull().defaultTo(1)).addColumn("created_at", "text", notNull).execute();
  await id(db.schema.createTable("giftcard_transactions")).addColumn("uuid", "text", (c) => c.notNull().unique()).addColumn("giftcard_id", "integer", (c) => c.notNull().references("giftcards.id")).addColumn("shop_id", "integer", (c) => c.references("shops.id")).addColumn("amount_in_cents", "bigint", notNull).addColumn("type", "text", notNull).addColumn("settled", "integer", (c) => c.notNull().defaultTo(0)).addColumn("reverses_id", "integer", (c) => c.unique().references("giftcard_transactions.id")).addColumn("attributes", "text", json).addColumn("created_at", "text", notNull).execute();
  await db.schema.createIndex("giftcard_transactions_card").on("giftcard_transactions").columns(["giftcard_id", "id"]).execute();
  await id(db.schema.createTable("prepaid_transactions")).addColumn("uuid", "text", (c) => c.notNull().unique()).addColumn("contact_id", "integer", (c) => c.notNull().references("contacts.id")).addColumn("shop_id", "integer", (c) => c.references("shops.id")).addColumn("contact_identifier_id", "integer", (c) => c.references("contact_identifiers.id")).addColumn("amount_in_cents", "bigint", notNull).addColumn("kind", "text", notNull).addColumn("reverses_id", "integer", (c) => c.unique().references("prepaid_transactions.id")).addColumn("created_at", "text", notNull).execute();
  await db.schema.createIndex("prepaid_transactions_contact").on("prepaid_transactions").columns(["contact_id", "id"]).execute();
  await id(db.schema.createTable("promotions")).addColumn("uuid", "text", (c) => c.notNull().unique()).addColumn("name", "text", notNull).addColumn("description", "text").addColumn("voucher_limit", "integer").addColumn("limit_per_contact", "integer").addColumn("expiration_duration", "integer").addColumn("attributes", "text", json).execute();
  await id(db.schema.createTable("vouchers")).addColumn("uuid", "text", (c) => c.notNull().unique()).addColumn("promotion_id", "integer", (c) => c.notNull().references("promotions.id")).addColumn("code", "text", (c) => c.notNull().unique()).addColumn("contact_id", "integer", (c) => c.references("contacts.id")).addColumn("status", "text", notNull).addColumn("expiration_date", "text").addColumn("activation_date", "text").addColumn("redeemed_at", "text").addColumn("redeemed_shop_id", "integer", (c) => c.references("shops.id")).addColumn("release_key_hash", "text").addColumn("locked_until", "text").addColumn("attributes", "text", json).addColumn("created_at", "text", notNull).execute();
  await db.schema.createIndex("vouchers_contact").on("vouchers").column("contact_id").execute();
  await id(db.schema.createTable("automated_emails")).addColumn("uuid", "text", (c) => c.notNull().unique()).addColumn("name", "text", notNull).addColumn("category", "text", notNull).addColumn("subscription_type_id", "integer", (c) => c.references("subscription_types.id")).addColumn("subject", "text", notNull).addColumn("content", "text", notNull).execute();
  await id(db.schema.createTable("custom_attributes")).addColumn("entity", "text", notNull).addColumn("name", "text", notNull).addColumn("label", "text", notNull).addColumn("type", "text", notNull).addColumn("description", "text").addColumn("group_name", "text").addColumn("options", "text", (c) => c.notNull().defaultTo("[]")).addColumn("is_platform_defined", "integer", (c) => c.notNull().defaultTo(0)).addColumn("position", "integer", (c) => c.notNull().defaultTo(0)).addColumn("created_at", "text", notNull).addUniqueConstraint("custom_attributes_entity_name", ["entity", "name"]).execute();
  await db.schema.createTable("idempotency_keys").addColumn("scope", "text", notNull).addColumn("key", "text", notNull).addColumn("request_hash", "text", notNull).addColumn("status_code", "integer").addColumn("response", "text").addColumn("created_at", "text", notNull).addPrimaryKeyConstraint("idempotency_keys_pk", ["scope", "key"]).execute();
}

// src/service/db/migrations/0002_catalog_rewards_bookings.ts
var catalog_rewards_bookings_exports = {};
__export(catalog_rewards_bookings_exports, {
  up: () => up2
});
async function up2(db, dialect) {
  const id = (t) => dialect === "postgres" ? t.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity()) : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
  const notNull = (c) => c.notNull();
  await id(db.schema.createTable("reward_receptions")).addColumn("uuid", "text", (c) => c.notNull().unique()).addColumn("contact_id", "integer", (c) => c.notNull().references("contacts.id")).addColumn("reward_id", "integer", (c) => c.references("rewards.id").onDelete("set null")).addColumn("shop_id", "integer", (c) => c.notNull().references("shops.id")).addColumn("contact_identifier_id", "integer", (c) => c.references("contact_identifiers.id")).addColumn("credits_centi", "bigint", notNull).addColumn("expires_at", "text").addColumn("collected_at", "text").addColumn("collection_uuid", "text", (c) => c.unique()).addColumn("collection_status", "text").addColumn(
    "reversed_by_credit_reception_id",
    "integer",
    (c) => c.unique().references("credit_receptions.id")
  ).addColumn("created_at", "text", notNull).execute();
  await db.schema.createIndex("reward_receptions_contact").on("reward_receptions").columns(["contact_id", "reward_id"]).execute();
  await id(db.schema.createTable("perks")).addColumn("uuid", "text", (c) => c.notNull().unique()).addColumn("name", "text", (c) => c.notNull().unique()).addColumn("label", "text", notNull).addColumn("data_type", "text", notNull).addColumn("created_at", "text", notNull).execute();
  await id(db.schema.createTable("perk_options")).addColumn("perk_id", "integer", (c) => c.notNull().references("perks.id")).addColumn("label", "text", notNull).addColumn("value", "text", notNull).addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0)).addColumn("position", "integer", notNull).addUniqueConstraint("perk_options_perk_value", ["perk_id", "value"]).execute();
  await db.schema.createTable("tier_perks").addColumn("tier_id", "integer", (c) => c.notNull().references("tiers.id")).addColumn("perk_id", "integer", (c) => c.notNull().references("perks.id")).addColumn("perk_option_id", "integer", (c) => c.notNull().references("perk_options.id")).addPrimaryKeyConstraint("tier_perks_pk", ["tier_id", "perk_id"]).execute();
  await id(db.schema.createTable("product_categories")).addColumn("uuid", "text", (c) => c.notNull().unique()).addColumn("external_identifier", "text", (c) => c.notNull().unique()).addColumn("name", "text", notNull).addColumn("created_at", "text", notNull).addColumn("updated_at", "text", notNull).execute();
  await id(db.schema.createTable("products")).addColumn("uuid", "text", (c) => c.notNull().unique()).addColumn("external_identifier", "text", (c) => c.notNull().unique()).addColumn("name", "text", notNull).addColumn("description", "text").addColumn("created_at", "text", notNull).addColumn("updated_at", "text", notNull).execute();
  await db.schema.createTable("product_category_links").addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade")).addColumn(
    "category_id",
    "integer",
    (c) => c.notNull().references("product_categories.id").onDelete("cascade")
  ).addColumn("position", "integer", notNull).addPrimaryKeyConstraint("product_category_links_pk", ["product_id", "category_id"]).execute();
  await db.schema.createIndex("product_category_links_category").on("product_category_links").column("category_id").execute();
  await id(db.schema.createTable("bookings")).addColumn("uuid", "text", (c) => c.notNull().unique()).addColumn("contact_id", "integer", (c) => c.notNull().references("contacts.id")).addColumn("shop_id", "integer", (c) => c.notNull().references("shops.id")).addColumn("external_id", "text").addColumn("source", "text").addColumn("starts_at", "text").addColumn("ends_at", "text").addColumn("checked_in_at", "text").addColumn("number_of_people", "integer").addColumn("company_name", "text").addColumn("status", "text").addColumn("prepaid_amount", "bigint").addColumn("created_at", "text", notNull).addColumn("updated_at", "text", notNull).execute();
  await id(db.schema.createTable("visits")).addColumn("uuid", "text", (c) => c.notNull().unique()).addColumn("contact_id", "integer", (c) => c.notNull().references("contacts.id")).addColumn("shop_id", "integer", (c) => c.notNull().references("shops.id")).addColumn("external_id", "text", (c) => c.unique()).addColumn("source", "text").addColumn("starts_at", "text").addColumn("ends_at", "text").addColumn("created_at", "text", notNull).addColumn("updated_at", "text", notNull).execute();
}

// src/service/db/migrations/0004_oauth_clients.ts
var oauth_clients_exports = {};
__export(oauth_clients_exports, {
  up: () => up3
});
async function up3(db, _dialect) {
  await db.schema.createTable("oauth_clients").addColumn("id", "integer", (c) => c.primaryKey()).addColumn("secret_hash", "text", (c) => c.notNull()).addColumn("name", "text", (c) => c.notNull()).execute();
  await db.schema.alterTable("credentials").addColumn("expires_at", "text").execute();
  await db.schema.alterTable("credentials").addColumn("oauth_client_id", "integer", (c) => c.references("oauth_clients.id")).execute();
}

// src/service/db/migrations/0005_cashier_devices.ts
var cashier_devices_exports = {};
__export(cashier_devices_exports, {
  up: () => up4
});
async function up4(db, dialect) {
  const id = (t) => dialect === "postgres" ? t.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity()) : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
  const notNull = (c) => c.notNull();
  await id(db.schema.createTable("cashier_devices")).addColumn("token_hash", "text", (c) => c.notNull().unique()).addColumn("shop_id", "integer", (c) => c.notNull().references("shops.id")).addColumn("name", "text", notNull).addColumn("revoked_at", "text").addColumn("created_at", "text", notNull).execute();
  await id(db.schema.createTable("cashier_device_sessions")).addColumn("secret_hash", "text", (c) => c.notNull().unique()).addColumn(
    "cashier_device_id",
    "integer",
    (c) => c.notNull().references("cashier_devices.id").onDelete("cascade")
  ).addColumn("created_at", "text", notNull).addColumn("expires_at", "text", notNull).execute();
  await id(db.schema.createTable("cashier_actions")).addColumn("cashier_device_id", "integer", (c) => c.notNull().references("cashier_devices.id")).addColumn("action", "text", notNull).addColumn("portal_session_id", "integer", (c) => c.references("portal_sessions.id")).addColumn("data", "text", notNull).addColumn("created_at", "text", notNull).execute();
  await db.schema.createIndex("cashier_actions_portal_session").on("cashier_actions").column("portal_session_id").execute();
}

// src/service/db/migrations/0006_media_files.ts
var media_files_exports = {};
__export(media_files_exports, {
  up: () => up5
});
async function up5(db, dialect) {
  await db.schema.createTable("media_files").addColumn("name", "text", (c) => c.primaryKey()).addColumn("content_type", "text", (c) => c.notNull()).addColumn("bytes", dialect === "postgres" ? "bytea" : "blob", (c) => c.notNull()).execute();
  await db.schema.alterTable("promotions").addColumn("media", "text").execute();
}

// src/service/db/migrations/0009_session_expiry.ts
var session_expiry_exports = {};
__export(session_expiry_exports, {
  up: () => up6
});
async function up6(db) {
  await db.schema.createIndex("portal_sessions_open_expiry").on("portal_sessions").columns(["status", "expires_at"]).execute();
}

// src/service/db/migrations/0010_rate_limit_counters.ts
var rate_limit_counters_exports = {};
__export(rate_limit_counters_exports, {
  up: () => up7
});
import { sql as sql5 } from "kysely";
async function up7(db, dialect) {
  if (dialect !== "postgres") return;
  await sql5`CREATE UNLOGGED TABLE rate_limit_counters (
    key text PRIMARY KEY,
    count integer NOT NULL,
    window_ends_at bigint NOT NULL
  )`.execute(db);
}

// src/service/db/migrations/0011_contact_totals.ts
var contact_totals_exports = {};
__export(contact_totals_exports, {
  up: () => up8
});
import { sql as sql6 } from "kysely";
async function up8(db, _dialect) {
  const columns = [
    ["credit_receptions_count", "bigint", true],
    ["received_credits_centi", "bigint", true],
    ["previous_credit_balance_centi", "bigint", true],
    ["first_credit_reception_at", "text", false],
    ["last_credit_reception_at", "text", false]
  ];
  for (const [name, type, counter] of columns) {
    await db.schema.alterTable("contacts").addColumn(name, type, (c) => counter ? c.notNull().defaultTo(0) : c).execute();
  }
  await db.schema.createTable("contact_shops").addColumn("contact_id", "integer", (c) => c.notNull().references("contacts.id")).addColumn("shop_id", "integer", (c) => c.notNull().references("shops.id")).addPrimaryKeyConstraint("contact_shops_pk", ["contact_id", "shop_id"]).execute();
  await sql6`
    update contacts set
      credit_receptions_count = (select count(*) from credit_receptions r where r.contact_id = contacts.id),
      received_credits_centi = (select coalesce(sum(r.credits_centi), 0) from credit_receptions r
        where r.contact_id = contacts.id and r.credits_centi > 0),
      first_credit_reception_at = (select min(r.created_at) from credit_receptions r
        where r.contact_id = contacts.id),
      last_credit_reception_at = (select max(r.created_at) from credit_receptions r
        where r.contact_id = contacts.id),
      previous_credit_balance_centi = coalesce((select contacts.credit_balance_centi - e.credits_centi
        from credit_entries e where e.contact_id = contacts.id order by e.id desc limit 1), 0)
  `.execute(db);
  await sql6`
    insert into contact_shops (contact_id, shop_id)
    select distinct contact_id, shop_id from credit_receptions
  `.execute(db);
}

// src/service/db/database.ts
var MIGRATIONS = {
  "0001_initial": initial_exports,
  "0002_catalog_rewards_bookings": catalog_rewards_bookings_exports,
  "0004_oauth_clients": oauth_clients_exports,
  "0005_cashier_devices": cashier_devices_exports,
  "0006_media_files": media_files_exports,
  "0009_session_expiry": session_expiry_exports,
  "0010_rate_limit_counters": rate_limit_counters_exports,
  "0011_contact_totals": contact_totals_exports
};
async function openDatabase(options2) {
  let db;
  let dialect;
  let poolStats;
  let groupCommit;
  let sqlite;
  if (options2.databaseUrl) {
    dialect = "postgres";
    pg2.types.setTypeParser(pg2.types.builtins.INT8, (v) => Number(v));
    const pool = survivingOutages(
      new pg2.Pool({ connectionString: options2.databaseUrl, max: 10, connectionTimeoutMillis: 5e3 }),
      (err) => process.emitWarning(`PostgreSQL connection lost: ${err.message}`)
    );
    pool.on("connect", withPreparedStatements);
    db = new Kysely({ dialect: new PostgresDialect({ pool }) });
    poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  } else {
    dialect = "sqlite";
    mkdirSync(options2.dataDir, { recursive: true });
    const file = join2(options2.dataDir, "portal.sqlite");
    sqlite = new SQLite(file);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = NORMAL");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("busy_timeout = 5000");
    db = new Kysely({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
    groupCommit = new GroupCommit(db, `${file}-wal`);
    registerGroupCommit(db, groupCommit);
  }
  await migrate(db, dialect);
  if (sqlite) trackChanges(sqlite);
  const close = async () => {
    await groupCommit?.close();
    await db.destroy();
  };
  return { db, dialect, close, poolStats, groupCommit };
}
var statementNames = /* @__PURE__ */ new Map();
function withPreparedStatements(client) {
  const query = client.query.bind(client);
  client.query = (text, values, callback) => {
    if (typeof text !== "string" || typeof values === "function" || callback !== void 0)
      return query(text, values, callback);
    let name = statementNames.get(text);
    if (!name && statementNames.size < 2e3) {
      name = `portal_${statementNames.size}`;
      statementNames.set(text, name);
    }
    if (!name) return query(text, values, callback);
    const result = query({ name, text, values }, callback);
    result.catch((err) => {
      if (err.code === "0A000") void client.end();
    });
    return result;
  };
}
function withStatementCache(sqlite) {
  const cache = /* @__PURE__ */ new Map();
  const prepare2 = sqlite.prepare.bind(sqlite);
  return Object.assign(Object.create(sqlite), {
    prepare(source) {
      let statement = cache.get(source);
      if (!statement) {
        statement = prepare2(source);
        if (cache.size < 2e3) cache.set(source, statement);
      }
      return statement;
    },
    close: () => sqlite.close()
  });
}
function migrator(db, dialect) {
  const provider = {
    async getMigrations() {
      const out = {};
      for (const [name, m] of Object.entries(MIGRATIONS)) out[name] = { up: (k) => m.up(k, dialect) };
      return out;
    }
  };
  return new Migrator({ db, provider, allowUnorderedMigrations: true });
}
async function pendingMigrations(db, dialect) {
  const migrations = await migrator(db, dialect).getMigrations();
  return migrations.filter((m) => !m.executedAt).map((m) => m.name);
}
async function migrate(db, dialect) {
  const { error, results } = await migrator(db, dialect).migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`database migration ${failed?.migrationName ?? ""} failed: ${String(error)}`, {
      cause: error
    });
  }
}

// src/service/http/plugins/health.ts
var READINESS_TIMEOUT_MS = 2e3;
var liveness = z8.object({ status: z8.literal("ok") });
var readiness = z8.object({
  status: z8.enum(["ready", "not_ready"]),
  /** `ok`, `unreachable: <reason>`, or `shutting down`. */
  database: z8.string(),
  /** `done`, `pending: <names>`, or `unknown` while the database is unreachable. */
  migrations: z8.string()
});
function withTimeout(work, ms) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
function registerHealth(app) {
  let closing = false;
  let migrated = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  const check2 = async () => {
    try {
      await sql7`select 1`.execute(app.db);
    } catch (err) {
      return {
        status: "not_ready",
        database: `unreachable: ${err.message}`,
        migrations: "unknown"
      };
    }
    if (!migrated) {
      const pending = await pendingMigrations(app.db, app.dialect);
      if (pending.length > 0) {
        return { status: "not_ready", database: "ok", migrations: `pending: ${pending.join(", ")}` };
      }
      migrated = true;
    }
    return { status: "ready", database: "ok", migrations: "done" };
  };
  const routes = zodRoutes(app);
  routes.get(
    "/healthz",
    {
      config: { auth: "none", rateLimit: false },
      schema: {
        tags: ["Operations"],
        summary: "Liveness: the process is up",
        description: 'Always `{"status":"ok"}` while the process serves requests. No token.',
        response: { 200: liveness }
      }
    },
    async () => ({ status: "ok" })
  );
  routes.get(
    "/readyz",
    {
      config: { auth: "none", rateLimit: false },
      schema: {
        tags: ["Operations"],
        summary: "Readiness: the database answers and its schema is up to date",
        description: `200 when the database answers within ${READINESS_TIMEOUT_MS} ms and every migration of this version is applied; 503 otherwise and while the process shuts down, naming what is wrong. No token.`,
        response: { 200: readiness, 503: readiness }
      }
    },
    async (_request, reply) => {
      const result = closing ? { status: "not_ready", database: "shutting down", migrations: "unknown" } : await withTimeout(check2(), READINESS_TIMEOUT_MS).catch((err) => ({
        status: "not_ready",
        database: `unreachable: ${err.message}`,
        migrations: "unknown"
      }));
      return reply.code(result.status === "ready" ? 200 : 503).send(result);
    }
  );
}

// src/service/http/plugins/input-guard.ts
function nulAt(value, path, depth = 0) {
  if (typeof value === "string") return value.includes("\0") ? path : void 0;
  if (value === null || typeof value !== "object" || depth > 32) return void 0;
  for (const [key, inner] of Object.entries(value)) {
    const found = nulAt(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return void 0;
}
function registerInputGuard(app) {
  app.addHook("preValidation", async (request) => {
    const field = nulAt(request.params, "") ?? nulAt(request.query, "") ?? nulAt(request.body, "");
    if (field !== void 0) {
      const name = field || "body";
      invalidField(name, `The ${name.replaceAll("_", " ")} field must not contain a NUL character.`);
    }
  });
}

// src/service/mail/mailer.ts
import { mkdir, writeFile } from "node:fs/promises";
import { join as join3 } from "node:path";
import nodemailer from "nodemailer";
function createMailer(options2) {
  const message = ({ fromName, ...mail }) => ({
    from: fromName ? { name: fromName, address: options2.from } : options2.from,
    ...mail
  });
  if (options2.smtpUrl) {
    const transport2 = nodemailer.createTransport(options2.smtpUrl);
    return {
      async send(mail) {
        const info = await transport2.sendMail(message(mail));
        return { messageId: info.messageId };
      },
      close: () => transport2.close()
    };
  }
  const outbox = join3(options2.dataDir, "outbox");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(mail) {
      const info = await transport.sendMail(message(mail));
      await mkdir(outbox, { recursive: true });
      const name = `${(/* @__PURE__ */ new Date()).toISOString().replace(/[:.]/g, "-")}-${info.messageId.replace(/[^\w.-]/g, "")}.eml`;
      const file = join3(outbox, name);
      await writeFile(file, info.message);
      return { messageId: info.messageId, file };
    },
    close: () => transport.close()
  };
}

// src/service/http/plugins/mail.ts
function registerMail(app) {
  const host = new URL(app.config.portalUrl).hostname;
  const domain = host.includes(".") && !/^[\d.]+$/.test(host) ? host : "localhost";
  const mailer = createMailer({
    smtpUrl: app.config.smtpUrl,
    dataDir: app.config.dataDir,
    from: `no-reply@${domain}`
  });
  app.decorate("mailer", mailer);
  app.addHook("onClose", async () => mailer.close());
}

// src/service/http/plugins/metrics.ts
import { timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
var METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;
var ServiceMetrics = class {
  registry = new Registry();
  eventStreams;
  requests;
  durations;
  constructor(options2) {
    const registers = [this.registry];
    this.requests = new Counter({
      name: "portal_http_requests_total",
      help: "HTTP requests, by method, route pattern and status",
      labelNames: ["method", "route", "status"],
      registers
    });
    this.durations = new Histogram({
      name: "portal_http_request_duration_seconds",
      help: "Time from request to the end of its response, by method, route pattern and status",
      labelNames: ["method", "route", "status"],
      buckets: [1e-3, 25e-4, 5e-3, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers
    });
    this.eventStreams = new Gauge({
      name: "portal_event_streams_open",
      help: "Server-sent-event responses (portal session and device streams) open now",
      registers
    });
    const poolStats = options2.poolStats;
    if (poolStats) {
      new Gauge({
        name: "portal_db_pool_connections",
        help: "PostgreSQL pool connections, by state (total, idle, waiting for a connection)",
        labelNames: ["state"],
        registers,
        collect() {
          const stats = poolStats();
          this.set({ state: "total" }, stats.total);
          this.set({ state: "idle" }, stats.idle);
          this.set({ state: "waiting" }, stats.waiting);
        }
      });
    }
    new Gauge({
      name: "portal_sessions_open",
      help: "Portal sessions open and not expired",
      registers,
      // The same database figure in every process: with several workers, take one, not the sum.
      aggregator: "first",
      async collect() {
        try {
          this.set(await options2.openPortalSessions());
        } catch {
        }
      }
    });
  }
  /** Records one finished request (see RequestLog). */
  observe(outcome) {
    const labels = { method: outcome.method, route: outcome.route, status: outcome.status };
    this.requests.inc(labels);
    this.durations.observe(labels, outcome.durationMs / 1e3);
  }
  /** This process's metrics in the Prometheus text format: the app's and Node's. */
  async text() {
    return Registry.merge([this.registry, processRegistry()]).metrics();
  }
  /** This process's registries, for aggregation across cluster workers. */
  registries() {
    return [this.registry, processRegistry()];
  }
};
var nodeRegistry;
function processRegistry() {
  if (!nodeRegistry) {
    nodeRegistry = new Registry();
    collectDefaultMetrics({ register: nodeRegistry });
  }
  return nodeRegistry;
}
function registerMetrics(app, requestLog, options2) {
  const metrics = new ServiceMetrics({
    poolStats: options2.poolStats,
    openPortalSessions: async () => {
      const row = await app.db.selectFrom("portal_sessions").select((eb) => eb.fn.countAll().as("n")).where("status", "=", "open").where("expires_at", ">", isoTimestamp(app.clock())).executeTakeFirstOrThrow();
      return Number(row.n);
    }
  });
  app.decorate("metrics", metrics);
  requestLog.observe((outcome) => metrics.observe(outcome));
  const token = app.config.metricsToken;
  if (!token) return;
  const expected = Buffer.from(`Bearer ${token}`);
  app.get(
    "/metrics",
    {
      config: { auth: "none" },
      schema: {
        tags: ["Operations"],
        summary: "Prometheus metrics (with --metrics-token)",
        description: 'The Prometheus text format (`text/plain; version=0.0.4`). Needs `Authorization: Bearer <metrics token>`, the value of `--metrics-token`; 401 otherwise. See README "Metrics" for the series.',
        security: [{ bearer: [] }],
        produces: ["text/plain"],
        errors: [{ code: 1003, status: 401, when: "missing or wrong metrics token" }]
      }
    },
    async (request, reply) => {
      const sent = Buffer.from(request.headers.authorization ?? "");
      if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) {
        throw Object.assign(new Error("/metrics needs Authorization: Bearer <the --metrics-token value>"), {
          statusCode: 401
        });
      }
      const text = await (options2.metricsText ?? (() => metrics.text()))();
      return reply.type(METRICS_CONTENT_TYPE).send(text);
    }
  );
}
function serveMetrics(host, port, text) {
  const server = createServer((req, res) => {
    if (req.method !== "GET" || (req.url ?? "").split("?")[0] !== "/metrics") {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found: GET /metrics\n");
      return;
    }
    text().then(
      (body) => res.writeHead(200, { "content-type": METRICS_CONTENT_TYPE }).end(body),
      (err) => res.writeHead(500, { "content-type": "text/plain" }).end(`${err.message}
`)
    );
  });
  return new Promise((resolve4, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve4(server);
    });
  });
}

// src/service/http/plugins/openapi.ts
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { createJsonSchemaTransformObject, jsonSchemaTransform } from "fastify-type-provider-zod";

// src/contract/components.ts
import { z as z34 } from "zod";

// src/contract/public/account.ts
import { z as z10 } from "zod";

// src/contract/public/common.ts
import { z as z9 } from "zod";
var contactRef = z9.object({ uuid: z9.string(), email: z9.string() });
var creditBalance = z9.object({ id: z9.number().int().optional(), balance: z9.number() });
var shopRef2 = z9.object({
  id: z9.number().int(),
  uuid: z9.string(),
  reference: z9.string().nullable(),
  name: z9.string()
});
var shopWithAddress2 = z9.object({
  id: z9.number().int(),
  uuid: z9.string(),
  type: z9.string(),
  name: z9.string(),
  address: z9.object({
    id: z9.number().int(),
    shop_id: z9.number().int(),
    street: z9.unknown(),
    housenumber: z9.unknown(),
    postalcode: z9.unknown(),
    city: z9.unknown(),
    state: z9.unknown(),
    country: z9.unknown(),
    latitude: z9.unknown(),
    longitude: z9.unknown(),
    house_number: z9.unknown(),
    postal_code: z9.unknown()
  })
});

// src/contract/public/account.ts
var shop = shopWithAddress2.extend({ reference: z10.string().nullable() });
var tier = z10.object({
  uuid: z10.string(),
  name: z10.string(),
  description: z10.string().nullable(),
  position: z10.number().int(),
  media: z10.unknown().nullable()
});
var loyaltyProgram = z10.object({
  id: z10.number().int(),
  name: z10.string(),
  max_amount: z10.number().nullable(),
  custom_credit_name: z10.string().nullable()
});
var shopUuidParams = z10.object({
  shop_uuid: z10.string().trim().min(1).max(191).meta({ example: DEMO.shop })
});

// src/contract/public/bookings.ts
import { z as z11 } from "zod";
var stayFields = {
  uuid: z11.string(),
  contact: contactRef,
  external_id: z11.string().nullable(),
  source: z11.string().nullable(),
  starts_at: z11.string().nullable(),
  ends_at: z11.string().nullable()
};
var booking = z11.object({
  ...stayFields,
  checked_in_at: z11.string().nullable(),
  created_at: z11.string()
});
var timestampField = () => z11.iso.datetime({ offset: true }).nullable().optional();
var bookingFields = {
  external_id: textField().nullable().optional(),
  source: textField().nullable().optional(),
  starts_at: timestampField(),
  ends_at: timestampField().describe("Not before starts_at."),
  checked_in_at: timestampField(),
  number_of_people: integerField(z11.number().int().min(0).max(1e5)).nullable().optional(),
  company_name: textField().nullable().optional(),
  status: textField().nullable().optional().describe("Free text, e.g. created, in progress, canceled, completed."),
  prepaid_amount: integerField(z11.number().int().min(0).max(1e8)).nullable().optional().describe("Cents.")
};
var createBookingBody = z11.object({
  contact_uuid: idField(),
  shop_uuid: idField().optional().describe("Extension: the shop, for an API key that is not bound to one (else error 1008)."),
  ...bookingFields
}).meta({
  example: {
    contact_uuid: DEMO.anna,
    shop_uuid: DEMO.shop,
    starts_at: "2027-01-15T19:00:00+01:00",
    ends_at: "2027-01-15T21:00:00+01:00",
    number_of_people: 2
  }
});
var updateBookingBody = z11.looseObject(bookingFields).meta({ example: { number_of_people: 4, status: "confirmed" } });
var bookingUuidParams = z11.object({ uuid: idField() });

// src/contract/public/categories.ts
import { z as z13 } from "zod";

// src/contract/public/pagination.ts
import { z as z12 } from "zod";
var MAX_PAGE = 1e6;
var pageField = () => integerField(z12.number().min(1).max(MAX_PAGE)).default(1).describe(`Page number, from 1 to ${MAX_PAGE} (default 1); a page past the end is empty.`);
var limitField = (min, max, fallback) => integerField(z12.number().min(min).max(max)).default(fallback).describe(`Items per page, ${min} to ${max} (default ${fallback}).`);

// src/contract/public/categories.ts
var category = z13.object({ uuid: z13.string(), external_identifier: z13.string(), name: z13.string() });
var MAX_PAGE_LIMIT = 100;
var MAX_BATCH_ITEMS = 100;
var catalogPageQuery = z13.object({
  // Bounded so that the row offset stays a safe integer.
  page: pageField(),
  limit: limitField(1, MAX_PAGE_LIMIT, 30)
});
var createCategoryBody = z13.object({
  external_identifier: idField(),
  name: textField().trim().min(1)
}).meta({ example: { external_identifier: "HOUSE-BLEND", name: "House blend" } });
var batchCategoriesBody = z13.object({
  categories: z13.array(createCategoryBody).min(1).max(MAX_BATCH_ITEMS)
}).meta({
  example: {
    categories: [
      { external_identifier: "CUPS", name: "Cups" },
      { external_identifier: "PASTRY", name: "Pastry" }
    ]
  }
});
var findOrCreateCategoryBody = z13.object({
  external_identifier: idField(),
  name: textField().trim().min(1).optional().describe("Required when no category has this identifier.")
}).meta({ example: { external_identifier: "HOUSE-BLEND", name: "House blend" } });
var updateCategoryBody = z13.object({
  external_identifier: idField().optional(),
  name: textField().trim().min(1).optional()
}).meta({ example: { name: "Beans" } });
var findByExternalIdentifierQuery = z13.object({
  external_identifier: idField().meta({ example: "HOUSE-BLEND" })
});
var catalogUuidParams = z13.object({ uuid: idField() });

// src/contract/public/collectable-rewards.ts
import { z as z15 } from "zod";

// src/contract/public/rewards.ts
import { z as z14 } from "zod";
var rewardMedia = z14.object({ type: z14.string(), value: z14.string() });
var reward = z14.looseObject({
  id: z14.number().int(),
  uuid: z14.string(),
  title: z14.string(),
  description: z14.string().nullable(),
  type: z14.string(),
  reward_type: z14.enum(["PHYSICAL", "DIGITAL"]),
  is_active: z14.boolean(),
  active: z14.boolean(),
  required_credits: z14.number(),
  media: rewardMedia.nullable(),
  pre_redeemable: z14.boolean(),
  expiration_duration: z14.number().int().nullable(),
  cost_price: z14.number().int().nullable(),
  stock: z14.number().int().nullable()
});
var REWARD_FIELDS = Object.keys(reward.shape);
var listRewardsQuery = z14.object({
  contact_uuid: idField().meta({ example: DEMO.anna }),
  shop_uuid: idField().meta({ example: DEMO.shop }).optional().describe("Extension: checked like the shop of a reward reception (1008 when unknown or not the key\u2019s).")
});
var listRewardsSurfaceQuery = listRewardsQuery.extend({ contact_uuid: idField().optional() });
var rewardUuidParams = z14.object({ reward_uuid: idField().meta({ example: DEMO.rewardCoffee }) });
var updateRewardBody = z14.looseObject({
  title: textField().trim().min(1).optional(),
  description: textField(5e3).nullable().optional(),
  required_credits: numberField(z14.number().min(0).max(1e9), { multipleOf: 0.01 }).optional().describe("Credits, at most 2 decimals.")
}).meta({ example: { title: "Free coffee", required_credits: 45 } });

// src/contract/public/collectable-rewards.ts
var collectableReward = z15.object({
  contact: z15.object({
    uuid: z15.string(),
    email: z15.string(),
    credit_balance: z15.object({ balance: z15.number() })
  }),
  created_at: z15.string(),
  uuid: z15.string(),
  title: z15.string(),
  reward,
  expires_at: z15.string().nullable(),
  has_been_collected: z15.boolean()
});
var rewardRedemption = z15.object({ uuid: z15.string(), status: z15.enum(["COLLECTED", "REVERSED"]) });
var collectedReward = collectableReward.extend(rewardRedemption.shape);
var collectableRewardsQuery = z15.object({ contact_uuid: idField().meta({ example: DEMO.anna }) });
var collectParams = z15.object({ loyalty_transaction_uuid: idField() });
var redemptionParams = z15.object({ collectable_reward_redemption_uuid: idField() });
var reverseRedemptionBody = z15.object({ uuid: idField().optional().describe("When sent, must equal the uuid in the path.") }).nullish();

// src/contract/public/contact-identifiers.ts
import { z as z16 } from "zod";
var contactIdentifier = z16.object({
  name: z16.string(),
  value: z16.string(),
  active: z16.boolean(),
  contact: contactRef.nullable()
});
var findIdentifierQuery = z16.object({
  contact_identifier_value: idField().meta({ example: DEMO.annaCard })
});
var createIdentifierBody = z16.object({
  contact_identifier_value: idField(),
  contact_uuid: idField().optional(),
  contact_identifier_name: textField().optional()
}).meta({ example: { contact_identifier_value: "CARD-1234", contact_uuid: DEMO.ben } });
var linkIdentifierBody = z16.object({ contact_identifier_value: idField(), contact_uuid: idField() }).meta({ example: { contact_identifier_value: DEMO.freeCard, contact_uuid: DEMO.carla } });
var unlinkIdentifierBody = z16.object({ contact_identifier_value: idField() }).meta({ example: { contact_identifier_value: DEMO.annaCard } });
var deleteIdentifierParams = z16.object({ contact_identifier_value: idField().optional() });

// src/contract/public/contact-session-tokens.ts
import { z as z17 } from "zod";
var contactSessionToken = z17.object({
  token: z17.string(),
  contact: contactRef,
  status: z17.enum(["active", "used"])
});
var contactSessionTokenParams = z17.object({
  contact_session_token: idField().meta({ example: DEMO.annaAppToken })
});

// src/contract/public/contacts.ts
import { z as z18 } from "zod";
var subscriptionType2 = z18.object({
  id: z18.number().int(),
  uuid: z18.string().nullable(),
  name: z18.string(),
  description: z18.string().nullable(),
  active: z18.boolean(),
  strategy: z18.enum(["OPT_OUT", "OPT_IN", "DOUBLE_OPT_IN"])
});
var contactSubscription = z18.object({
  is_subscribed: z18.boolean(),
  status: z18.enum(["SUBSCRIBED", "PENDING_CONFIRMATION", "UNSUBSCRIBED"]),
  subscription_type: subscriptionType2
});
var contact = z18.object({
  id: z18.number().int(),
  uuid: z18.string(),
  email: z18.string(),
  tier: z18.object({
    uuid: z18.string(),
    name: z18.string(),
    description: z18.string().nullable(),
    position: z18.number().int(),
    media: z18.unknown().nullable()
  }).nullable(),
  subscriptions: z18.array(contactSubscription),
  credit_balance: creditBalance,
  prepaid_balance: z18.object({ balance_in_cents: z18.number().int() }),
  attributes: z18.array(z18.unknown()).describe("Deprecated; always empty. Use current_values."),
  current_values: z18.record(z18.string(), z18.unknown()),
  current_display_values: z18.record(z18.string(), z18.string().nullable())
});
var contactUuidParams = z18.object({ contact_uuid: idField().meta({ example: DEMO.anna }) });
var findContactQuery = z18.object({ email: emailField().meta({ example: DEMO.annaEmail }) });
var createContactBody = z18.object({ email: emailField(), referral_code: textField().optional() }).meta({ example: { email: "new.customer@example.com" } });
var createAnonymousContactBody = z18.object({
  contact_identifier_value: idField().optional().describe("A card for the contact: an unlinked one is linked, an unknown one created and linked.")
}).nullish().meta({ example: { contact_identifier_value: DEMO.freeCard } });
var updateContactBody = z18.object({
  attributes: z18.record(z18.string(), z18.unknown()).describe("current_values keys to change; read-only ones (balances, tier, status, \u2026) are refused.")
}).meta({ example: { attributes: { firstname: "Anna", city: "Haarlem" } } });
var contactCreditBalance = z18.object({ balance: z18.number() });

// src/contract/public/credit-receptions.ts
import { z as z20 } from "zod";

// src/contract/public/units.ts
import { z as z19 } from "zod";
var unit = z19.object({
  name: z19.string(),
  label: z19.string(),
  prefix: z19.string(),
  is_default: z19.boolean()
});
var unitRef = unit.extend({ id: z19.number().int() });
var createdUnit = unitRef.extend({
  loyalty_program_id: z19.number().int(),
  format: z19.string().nullable(),
  updated_at: z19.string(),
  created_at: z19.string()
});
var createUnitBody = z19.object({
  name: idField().describe("Unique within the account; cannot change later."),
  label: textField().trim().min(1),
  is_default: booleanField().optional().describe("true, false, 1, 0, yes or no; default false. True makes this the one default unit."),
  prefix: textField(16).trim().min(1).optional().describe("Default: the first character of name.")
}).meta({ example: { name: "stamps", label: "Stamps", prefix: "S" } });

// src/contract/public/credit-receptions.ts
var creditReception = z20.looseObject({
  type: z20.literal("credit_reception"),
  channel: z20.string().describe("Extension (the real platform's field): where it was made; always `API` here."),
  contact_identifier: contactIdentifier.nullable().describe("The Contact Identifier it was made with (an object, as on the real platform), or null."),
  contact: z20.object({
    uuid: z20.string(),
    email: z20.string(),
    credit_balance: z20.object({ id: z20.number().int(), balance: z20.number() })
  }),
  shop: shopWithAddress2,
  credits: z20.number(),
  created_at: z20.string(),
  uuid: z20.string(),
  unit: unitRef,
  unit_value: z20.number().nullable()
});
var unitValue = () => numberField(z20.number().gte(-1e9).lte(1e9));
var shopUuid = idField().meta({ example: DEMO.shop }).optional().describe("Extension: the shop, for an API key that is not bound to one (else error 1008).");
var createCreditReceptionBody = withAlias(
  z20.object({
    contact_uuid: idField(),
    credits: numberField(z20.number(), { multipleOf: 0.01 }).optional().describe("Required when unit_value is absent; overrides the loyalty rules. At most 2 decimals."),
    unit_value: unitValue().optional().describe("Required when credits is absent; for purchase_amount a decimal amount of currency."),
    unit_name: idField().optional().describe("Default: the default unit (purchase_amount)."),
    contact_identifier_value: idField().optional(),
    pos_transaction_uuid: idField().optional().describe(
      "The POS transaction to link (6001 when linked already). Also read from `pos_transaction_id`."
    ),
    shop_uuid: shopUuid
  }),
  "pos_transaction_id",
  "pos_transaction_uuid"
).meta({ example: { contact_uuid: DEMO.anna, unit_value: 12.5, shop_uuid: DEMO.shop } });
var calculateCreditsQuery = z20.object({
  contact_uuid: idField().optional().describe("Tier-based rules use this contact's tier."),
  unit_value: unitValue().meta({ example: 12.5 }),
  unit_name: idField().optional().describe("Default: the default unit (purchase_amount)."),
  shop_uuid: shopUuid
});
var calculatedCredits = z20.object({ credits: z20.number() });
var creditReceptionUuidParams = z20.object({ credit_reception_uuid: idField() });

// src/contract/public/custom-attributes.ts
import { z as z21 } from "zod";
var ATTRIBUTE_ENTITIES = [
  "business_profiles",
  "contact",
  "reward",
  "promotion",
  "voucher",
  "giftcard",
  "giftcard_transaction",
  "prepaid",
  "booking",
  "visit",
  "shift"
];
var ATTRIBUTE_TYPES = [
  "url",
  "text",
  "date",
  "phone",
  "float",
  "color",
  "email",
  "number",
  "select",
  "boolean",
  "rich_text",
  "date_time",
  "long_text",
  "date_range",
  "time_range",
  "identifier",
  "birth_date",
  "file_upload",
  "media_upload",
  "multi_select",
  "license_plate"
];
var media = z21.union([z21.string().max(2048), z21.object({ type: z21.string(), value: z21.string() })]);
var attributeOption = z21.object({
  value: z21.string(),
  label: z21.string(),
  description: z21.string().nullable(),
  media: media.nullable()
});
var customAttribute = z21.object({
  id: z21.number().int(),
  entity: z21.enum(ATTRIBUTE_ENTITIES),
  name: z21.string(),
  label: z21.string(),
  type: z21.enum(ATTRIBUTE_TYPES),
  group_name: z21.string().nullable(),
  group: z21.object({
    id: z21.number().int(),
    name: z21.string(),
    label: z21.string(),
    created_by_user: z21.boolean(),
    position: z21.number().int()
  }).nullable(),
  is_platform_defined: z21.boolean(),
  is_piggy_defined: z21.boolean(),
  is_soft_read_only: z21.boolean(),
  is_hard_read_only: z21.boolean(),
  field_type: z21.string(),
  has_unique_value: z21.boolean(),
  description: z21.string(),
  options: z21.array(attributeOption),
  position: z21.number().int(),
  created_at: z21.string(),
  meta: z21.array(z21.unknown()),
  can_be_deleted: z21.boolean(),
  last_used_date: z21.string().nullable(),
  created_by_user: z21.boolean()
});
var optionInput = z21.object({
  value: z21.string().trim().min(1).max(191),
  label: textField().trim().min(1),
  description: textField(1e3).nullable().optional(),
  media: media.nullable().optional()
});
var options = z21.array(optionInput).max(500).describe("Only for select and multi_select; values unique.");
var listAttributesQuery = z21.object({
  entity: z21.enum(ATTRIBUTE_ENTITIES).meta({ example: "contact" })
});
var createAttributeBody = z21.object({
  entity: z21.enum(ATTRIBUTE_ENTITIES),
  name: z21.string().trim().regex(/^[a-z][a-z0-9_]*$/, { message: "lowercase letters, digits and _, starting with a letter" }).max(64).describe("Unique per entity: lowercase letters, digits and _, starting with a letter."),
  label: textField().trim().min(1),
  type: z21.enum(ATTRIBUTE_TYPES),
  options: options.optional(),
  description: textField(1e3).nullable().optional(),
  group_name: textField().trim().min(1).nullable().optional()
}).meta({ example: { entity: "contact", name: "favourite_drink", label: "Favourite drink", type: "text" } });
var updateAttributeBody = z21.looseObject({
  entity: z21.enum(ATTRIBUTE_ENTITIES),
  label: textField().trim().min(1).optional(),
  options: options.optional(),
  description: textField(1e3).nullable().optional(),
  group_name: textField().trim().min(1).nullable().optional()
}).meta({ example: { entity: "contact", label: "Favourite pet" } });
var attributeNameParams = z21.object({ custom_attribute_name: idField().meta({ example: "dier" }) });

// src/contract/public/giftcard-transactions.ts
import { z as z22 } from "zod";
var amountInCents = () => integerField(
  z22.number().min(-1e9).max(1e9).refine((n) => n !== 0, { message: "must not be zero" }),
  { not: { const: 0 } }
).describe("Cents, non-zero: positive adds to the balance, negative takes from it.");
var giftcardTransaction = z22.looseObject({
  id: z22.number().int(),
  uuid: z22.string(),
  amount_in_cents: z22.number().int(),
  type: z22.literal("STANDARD"),
  settled: z22.boolean(),
  card: z22.object({ id: z22.number().int(), uuid: z22.string() }),
  card_id: z22.number().int().describe("Extension: `card.id`, as the real platform sends it (its PHP SDK reads it)."),
  shop: z22.object({ id: z22.number().int(), uuid: z22.string(), name: z22.string() }).nullable(),
  shop_id: z22.number().int().nullable().describe("Extension: `shop.id` (null without a shop), as the real platform sends it."),
  settlements: z22.array(z22.unknown()),
  created_at: z22.string()
});
var attributeValue = z22.union([z22.string().max(1e3), z22.number(), z22.boolean(), z22.null()]);
var createGiftcardTransactionBody = z22.object({
  giftcard_uuid: idField(),
  amount_in_cents: amountInCents(),
  custom_attributes: z22.record(z22.string().regex(/^[a-z][a-z0-9_]{0,63}$/, "must be a snake_case name"), attributeValue).optional().describe("Custom attribute values of the transaction (name \u2192 value); shown as top-level keys."),
  shop_uuid: idField().optional().describe(
    "Extension: the shop, for an API key that is not bound to one (else the transaction has no shop)."
  )
}).meta({ example: { giftcard_uuid: DEMO.giftcard, amount_in_cents: -500, shop_uuid: DEMO.shop } });
var giftcardTransactionUuidParams = z22.object({ giftcard_transaction_uuid: idField() });

// src/contract/public/giftcards.ts
import { z as z23 } from "zod";
var giftcardType = z23.enum(["DIGITAL", "PHYSICAL"]);
var giftcardProgram = z23.object({
  id: z23.number().int(),
  name: z23.string(),
  uuid: z23.string(),
  max_amount_in_cents: z23.number().int().nullable(),
  calculator_flow: z23.string().nullable(),
  expiration_days: z23.number().int().nullable()
});
var giftcard = z23.object({
  id: z23.number().int(),
  uuid: z23.string(),
  type: giftcardType,
  hash: z23.string(),
  amount_in_cents: z23.number().int(),
  upgradeable: z23.boolean(),
  active: z23.boolean(),
  expiration_date: z23.string().nullable(),
  amount: z23.number(),
  url: z23.string().nullable(),
  display_amount: z23.string(),
  formatted_expiration_date: z23.string().nullable(),
  giftcard_program: giftcardProgram,
  giftcard_recipients: z23.array(z23.unknown())
});
var giftcardListItem = giftcard.pick({
  uuid: true,
  type: true,
  hash: true,
  expiration_date: true,
  active: true,
  upgradeable: true,
  amount_in_cents: true
}).extend({ giftcard_program: giftcardProgram.pick({ uuid: true, name: true }) });
var foundGiftcard = giftcardListItem.extend({
  display_amount: z23.string(),
  giftcard_program: giftcardProgram.pick({ name: true, uuid: true })
});
var giftcardListMeta = giftcardPageMeta;
var createGiftcardBody = z23.object({
  type: integerField(z23.literal([0, 1])).describe(
    "0 physical, 1 digital; only 1 is accepted (0 answers 55021)."
  ),
  giftcard_program_uuid: idField()
}).meta({ example: { type: 1, giftcard_program_uuid: DEMO.giftcardProgram } });
var listGiftcardsQuery = z23.object({
  giftcard_program_uuid: idField().optional().describe("Only the cards of this program (1100 when unknown)."),
  page: pageField(),
  limit: limitField(1, 100, 30)
});
var findGiftcardQuery = z23.object({
  hash: z23.string().trim().min(1).max(2048).describe(
    "The card hash, or the content of its QR code: a URL or text ending in the hash as its last path segment, or carrying it as a `hash=` query parameter."
  ).meta({ example: DEMO.giftcardHash })
});
var giftcardUuidParams = z23.object({ giftcard_uuid: idField().meta({ example: DEMO.giftcard }) });
var mergeTagValue = z23.union([z23.string().max(1e3), z23.number(), z23.boolean(), z23.null()]);
var sendGiftcardBody = z23.object({
  contact_uuid: idField(),
  email_uuid: idField().optional().describe("An automated e-mail of category giftcard_recipient; default: the first that matches."),
  merge_tags: z23.record(z23.string(), mergeTagValue).refine((tags) => Object.keys(tags).every((key) => /^custom\.[\w.-]+$/.test(key)), {
    message: 'must only have keys that start with "custom."'
  }).optional().describe("Values for `{{ custom.<name> }}` tokens of the e-mail; every key starts with `custom.`.")
}).meta({ example: { contact_uuid: DEMO.anna } });
var sentGiftcard = z23.object({
  message: z23.string(),
  data: z23.object({
    giftcard: z23.object({ uuid: z23.string(), hash: z23.string() }),
    contact: contactRef,
    email: z23.object({ uuid: z23.string(), name: z23.string(), subject: z23.string() })
  })
});

// src/contract/public/oauth.ts
import { z as z24 } from "zod";
var accessTokenBody = z24.object({
  grant_type: z24.string().describe("Only `client_credentials`."),
  client_id: integerField(),
  client_secret: z24.string().min(1)
}).meta({
  example: {
    grant_type: "client_credentials",
    client_id: DEMO.oauthClientId,
    client_secret: DEMO.oauthClientSecret
  }
});
var accessToken = z24.object({
  token_type: z24.literal("Bearer"),
  expires_in: z24.number().int().describe("Seconds until the token expires."),
  access_token: z24.string()
});

// src/contract/public/perks.ts
import { z as z25 } from "zod";
var perkOption = z25.object({
  label: z25.string(),
  value: z25.union([z25.string(), z25.boolean()]),
  default: z25.boolean()
});
var perk = z25.object({
  uuid: z25.string(),
  label: z25.string(),
  name: z25.string(),
  data_type: z25.enum(["single_select", "boolean"]),
  options: z25.array(perkOption)
});
var createPerkBody = withAlias(
  z25.object({
    label: textField().trim().min(1),
    name: idField().describe("Internal name, unique within the account."),
    data_type: z25.enum(["single_select", "boolean"]),
    options: z25.array(
      z25.object({
        label: textField().trim().min(1),
        value: z25.union([z25.string().trim().min(1).max(191), z25.number(), z25.boolean()]).describe("For boolean perks only true or false (1/0 in form bodies)."),
        default: booleanField().optional()
      })
    ).min(1).max(100).describe("Exactly one option must be the default; it is assigned to every existing tier.")
  }),
  "dataType",
  "data_type"
).meta({
  example: {
    label: "Free refill",
    name: "free_refill",
    data_type: "boolean",
    options: [
      { label: "Yes", value: true },
      { label: "No", value: false, default: true }
    ]
  }
});
var updatePerkBody = z25.object({ label: textField().trim().min(1) }).meta({ example: { label: "Free refill, any size" } });
var perkUuidParams = z25.object({ perk_uuid: idField() });

// src/contract/public/portal-sessions.ts
import { z as z26 } from "zod";
var positiveCents2 = () => integerField(z26.number().int().min(1).max(1e8));
var portalSessionSettingsBody = z26.object({
  shop_uuid: idField().optional().describe("Required, except with an API key bound to a shop (a register key): then that shop."),
  contact_uuid: idField().optional().describe("Pre-fills the contact; else it is identified in the session."),
  scanner_type: z26.enum(["camera", "hand_scanner"]).default("camera"),
  enable_email_identification: booleanField().default(false),
  enable_registration: booleanField().default(false),
  enable_on_screen_keyboard: booleanField().default(false),
  camera_service: integerField(z26.literal([1, 2, 3])).default(3).describe(
    "1 = ZXing in JavaScript, 2 = ZXing-C++ in WebAssembly off the main thread, 3 = the platform's BarcodeDetector where present, else the faster of 1 and 2."
  ),
  facing_mode: z26.enum(["user", "environment"]).default("user"),
  primary_identification_method: z26.enum(["email", "identifier"]).default("identifier")
});
var extensionAmount = positiveCents2().optional().describe("Extension: the purchase amount in cents the session acts on (credits, prepaid).");
var creditReceptionSessionBody = portalSessionSettingsBody.extend({
  amount_in_cents: extensionAmount,
  pos_transaction_uuid: idField().optional().describe(
    "Extension: a POS transaction to credit in the session (errors 1027 unknown, 6001 already linked)."
  )
});
var redeemGiftcardsSessionBody = portalSessionSettingsBody.extend({
  amount_in_cents: positiveCents2().describe("The purchase amount in cents to pay with gift cards."),
  allow_multiple_giftcards: booleanField().default(true)
});
var prepaidSessionBody = portalSessionSettingsBody.extend({ amount_in_cents: extensionAmount });
var portalSession = z26.object({
  uuid: z26.string(),
  url: z26.string().describe("The session screen; carries the session uuid as query parameter `uuid`."),
  contact: z26.object({ uuid: z26.string() }).nullable(),
  shop: shopRef2,
  created_at: z26.string()
});
var createdPortalSession = portalSession.extend({ events: z26.array(portalEvent) });
var portalSessionUuidParams = z26.object({ portal_session_uuid: idField() });
var optionalBody = (schema) => z26.preprocess((v) => v ?? {}, schema);
var pushCreditReceptionBody = optionalBody(
  z26.object({
    shop_uuid: idField().optional().describe(
      "Extension: the pushing shop, for an API key that is not bound to one; without it the reception's own shop's end-screen gets it."
    )
  })
);
var posTransactionUuidParams = z26.object({ pos_transaction_uuid: idField() });
var emptyList = z26.array(z26.never()).max(0);

// src/contract/public/pos-transactions.ts
import { z as z27 } from "zod";
var posTransaction = z27.object({
  uuid: z27.string(),
  transaction_id: z27.number().int().nullable(),
  terminal_id: z27.number().int().nullable(),
  created_at: z27.string(),
  amount_in_cents: z27.number().int()
});
var createPosTransactionBody = z27.object({
  amount_in_cents: integerField(),
  transaction_id: integerField().optional().describe("The register's own transaction number."),
  terminal_id: integerField().optional().describe("The register's terminal number."),
  shop_uuid: idField().optional().describe("Extension: the shop, for an API key that is not bound to one (else error 1008).")
}).meta({ example: { amount_in_cents: 1250, shop_uuid: DEMO.shop } });

// src/contract/public/prepaid-transactions.ts
import { z as z28 } from "zod";
var prepaidBalance = z28.object({ balance_in_cents: z28.number().int() });
var prepaidTransaction = z28.object({
  uuid: z28.string(),
  amount_in_cents: z28.number().int(),
  prepaid_balance: prepaidBalance,
  contact: contactRef,
  contact_identifier: z28.string().nullable(),
  shop: shopWithAddress2.nullable(),
  created_at: z28.string()
});
var prepaidListMeta = paginatorMeta;
var createPrepaidTransactionBody = z28.object({
  contact_uuid: idField().optional().describe("Required when contact_identifier_value is absent."),
  contact_identifier_value: idField().optional().describe("Required when contact_uuid is absent."),
  amount_in_cents: amountInCents().describe("Cents, non-zero: negative pays, positive tops up."),
  shop_uuid: idField().optional().describe("Required unless the API key is bound to a shop (else 1008).")
}).meta({ example: { contact_uuid: DEMO.anna, amount_in_cents: -500, shop_uuid: DEMO.shop } });
var listPrepaidTransactionsQuery = z28.object({
  contact_uuid: idField().meta({ example: DEMO.anna }),
  page: pageField(),
  limit: limitField(1, 30, 10)
});
var prepaidTransactionUuidParams = z28.object({ prepaid_transaction_uuid: idField() });

// src/contract/public/products.ts
import { z as z29 } from "zod";
var product = z29.object({
  uuid: z29.string(),
  external_identifier: z29.string(),
  name: z29.string(),
  description: z29.string().nullable(),
  categories: z29.array(category)
});
var categoryRef = z29.object({ uuid: idField().optional(), external_identifier: idField().optional() });
var categories = z29.array(categoryRef).max(100).describe("Existing categories, each by uuid or external_identifier (unknown: 1003 naming categories.N).");
var createProductBody = z29.object({
  external_identifier: idField(),
  name: textField().trim().min(1),
  description: textField(5e3).nullable().optional(),
  categories: categories.optional()
}).meta({ example: { external_identifier: "HOUSE-BLEND", name: "House blend 1 kg" } });
var batchProductsBody = z29.object({
  products: z29.array(createProductBody).min(1).max(MAX_BATCH_ITEMS)
}).meta({
  example: {
    products: [
      { external_identifier: "MUG-01", name: "Mug" },
      { external_identifier: "TUMBLER-01", name: "Tumbler" }
    ]
  }
});
var findOrCreateProductBody = createProductBody.extend({
  name: textField().trim().min(1).optional().describe("Required when no product has this identifier.")
}).meta({ example: { external_identifier: "HOUSE-BLEND", name: "House blend 1 kg" } });
var updateProductBody = z29.object({
  external_identifier: idField().optional(),
  name: textField().trim().min(1).optional(),
  description: textField(5e3).nullable().optional(),
  categories: categories.optional()
}).meta({ example: { name: "House blend, 1 kg" } });

// src/contract/public/promotions.ts
import { z as z30 } from "zod";
var promotion = z30.object({
  uuid: z30.string(),
  name: z30.string(),
  description: z30.string().nullable(),
  voucher_limit: z30.number().int().nullable(),
  limit_per_contact: z30.number().int().nullable(),
  expiration_duration: z30.number().int().nullable(),
  attributes: z30.record(z30.string(), z30.unknown()),
  type: z30.literal("SINGLE_USE"),
  redemptions_per_voucher: z30.literal(1)
});
var promotionUuidParams = z30.object({
  promotion_uuid: idField().meta({ example: DEMO.promotionMuffin })
});

// src/contract/public/reward-receptions.ts
import { z as z31 } from "zod";
var rewardReception = z31.object({
  title: z31.string(),
  type: z31.literal("reward_reception"),
  uuid: z31.string(),
  credits: z31.number(),
  contact: z31.object({
    uuid: z31.string(),
    email: z31.string(),
    credit_balance: z31.object({ id: z31.number().int(), balance: z31.number() })
  }),
  shop: shopWithAddress2,
  channel: z31.string().describe("Extension (the real platform's field): where it was made; always `API` here."),
  contact_identifier: contactIdentifier.nullable().describe("The Contact Identifier it was made with (an object, as on the real platform), or null."),
  created_at: z31.string(),
  reward,
  expires_at: z31.string().nullable(),
  has_been_collected: z31.boolean()
});
var createRewardReceptionBody = z31.object({
  contact_uuid: idField(),
  reward_uuid: idField(),
  shop_uuid: idField().describe(
    "A key bound to a shop may only name its own shop (else 1008), and acts for it when this is absent."
  ),
  contact_identifier_value: idField().optional().describe("An active identifier of this contact (else 1003); shown on the reception.")
}).meta({ example: { contact_uuid: DEMO.anna, reward_uuid: DEMO.rewardCoffee, shop_uuid: DEMO.shop } });
var rewardReceptionUuidParams = z31.object({ reward_reception_uuid: idField() });

// src/contract/public/visits.ts
import { z as z32 } from "zod";
var visit = z32.object({ ...stayFields, created_at: z32.string() });
var visitFields = {
  external_id: textField().trim().min(1).nullable().optional().describe("Unique within the account."),
  source: textField().nullable().optional(),
  starts_at: timestampField(),
  ends_at: timestampField().describe("Not before starts_at.")
};
var createVisitBody = z32.object({ contact_uuid: idField(), shop_uuid: idField(), ...visitFields }).meta({
  example: { contact_uuid: DEMO.anna, shop_uuid: DEMO.shop, starts_at: "2027-01-15T10:00:00+01:00" }
});
var updateVisitBody = z32.looseObject(visitFields).meta({ example: { ends_at: "2027-01-15T11:00:00+01:00" } });
var visitUuidParams = z32.object({ uuid: idField() });

// src/contract/public/vouchers.ts
import { z as z33 } from "zod";
var voucherStatus = z33.enum(["ACTIVE", "REDEEMED", "EXPIRED", "DEACTIVATED", "INACTIVE", "LOCKED"]);
var voucher = z33.object({
  uuid: z33.string(),
  code: z33.string(),
  status: voucherStatus,
  name: z33.string(),
  description: z33.string().nullable(),
  expiration_date: z33.string().nullable(),
  activation_date: z33.string().nullable(),
  redeemed_at: z33.string().nullable(),
  is_redeemed: z33.boolean(),
  attributes: z33.record(z33.string(), z33.unknown()),
  contact: contactRef.nullable(),
  promotion: promotion.extend({ shipping: z33.null(), shipping_region: z33.null() }).loose()
});
var voucherListMeta = pageMeta.extend(paginatorMeta.shape);
var voucherListPageMeta = voucherListMeta.extend({
  path: z33.string(),
  links: z33.array(paginatorLink)
});
var listVouchersQuery = z33.object({
  promotion_uuid: idField().optional(),
  contact_uuid: idField().optional(),
  status: voucherStatus.optional().describe("The status as of now (see Voucher)."),
  limit: limitField(0, 500, 30),
  page: pageField()
});
var findVoucherQuery = z33.object({ code: idField().meta({ example: DEMO.voucherCode }) });
var voucherUuidParams = z33.object({ voucher_uuid: idField().meta({ example: DEMO.voucher }) });
var lockDetails = z33.object({
  release_key: z33.string(),
  locked_at: z33.string(),
  unlocked_at: z33.string().nullable(),
  system_release_at: z33.string().nullable()
});
var voucherLock = z33.object({
  release_key: z33.string(),
  locked_until: z33.string().describe("The lock ends by itself at this time (one hour)."),
  voucher,
  lock: lockDetails
});
var releasedVoucher = voucher.extend({ voucher, lock: lockDetails });
var releaseVoucherBody = z33.object({ release_key: idField() });
var redeemVoucherBody = z33.object({
  code: idField(),
  shop_uuid: idField().optional().describe("Required unless the API key is bound to a shop (else 1008)."),
  contact_uuid: idField().optional().describe("Required when the voucher is not linked to a contact; the voucher is then linked to it."),
  release_key: idField().optional().describe("Required when the voucher is locked.")
}).meta({ example: { code: DEMO.voucherCode, shop_uuid: DEMO.shop } });

// src/contract/components.ts
var COMPONENT_SCHEMAS = {
  AccessToken: accessToken,
  Booking: booking,
  CashierDevice: cashierDevice,
  CashierSession: cashierSession,
  CashierSessionSummary: cashierSessionSummary,
  Category: category,
  CollectableReward: collectableReward,
  Contact: contact,
  ContactIdentifier: contactIdentifier,
  ContactSessionToken: contactSessionToken,
  ContactSubscription: contactSubscription,
  CreditReception: creditReception,
  CustomAttribute: customAttribute,
  DeviceState: deviceState,
  Error: errorBody,
  FoundGiftcard: foundGiftcard,
  Giftcard: giftcard,
  GiftcardListItem: giftcardListItem,
  GiftcardPageMeta: giftcardPageMeta,
  GiftcardProgram: giftcardProgram,
  GiftcardRedeemResult: giftcardRedeemResult,
  GiftcardTopUpResult: giftcardTopUpResult,
  GiftcardTransaction: giftcardTransaction,
  LoyaltyProgram: loyaltyProgram,
  PageMeta: pageMeta,
  PaginatorMeta: paginatorMeta,
  Perk: perk,
  PortalActivity: portalActivity,
  PortalCard: portalCard,
  PortalContact: portalContact,
  PortalEvent: portalEvent,
  PortalGiftcard: portalGiftcard,
  PortalReward: portalReward,
  PortalSession: portalSession,
  PortalSessionState: portalSessionState,
  PortalSubscription: portalSubscription,
  PortalVoucher: portalVoucher,
  PosTransaction: posTransaction,
  PrepaidResult: prepaidResult,
  PrepaidTransaction: prepaidTransaction,
  Product: product,
  Promotion: promotion,
  Reward: reward,
  RewardClaimResult: rewardClaimResult,
  RewardReception: rewardReception,
  RewardRedemption: rewardRedemption,
  Shop: shopWithAddress2,
  SubscriptionType: subscriptionType2,
  Tier: tier,
  Unit: unit,
  Visit: visit,
  Voucher: voucher,
  VoucherLock: voucherLock
};
for (const [id, schema] of Object.entries(COMPONENT_SCHEMAS)) {
  const meta = z34.globalRegistry.get(schema);
  if (meta?.id === id) continue;
  z34.globalRegistry.add(schema, { ...meta, id });
}

// src/service/http/plugins/openapi.ts
var AUTH_TEXT = {
  K: "Auth K: API key bearer token.",
  A: "Auth A: access token or API key bearer token.",
  P: "Auth P: personal access token bearer token.",
  portal: "Portal API: scoped to the portal session in the path; no token."
};
var TAGS = {
  Contacts: 'Contacts: find, create, update (spec "Contacts").',
  "Contact identifiers": 'Cards and other identifiers of contacts (spec "Contact identifiers").',
  "Contact session tokens": 'One-time tokens of a contact app (spec "Contact session tokens").',
  "Contact subscriptions": 'Newsletter and other subscriptions (spec "Contact subscriptions").',
  "Loyalty transactions": "A contact's history of credits, rewards and gift card use.",
  Account: "The loyalty program, its shops, tiers and subscription types.",
  Units: 'Units that credit receptions convert into credits (spec "Units").',
  "Credit receptions": 'Credits given to contacts (spec "Credit receptions").',
  "POS transactions": 'Purchases of the point of sale (spec "POS transactions").',
  "Portal sessions": 'Sessions at the in-store screen, started by the point of sale (spec "Portal sessions").',
  Giftcards: 'Gift cards (spec "Giftcards").',
  "Giftcard transactions": 'Payments and top-ups on gift cards (spec "Giftcard transactions").',
  "Prepaid transactions": "Prepaid balance of contacts (extension).",
  "Promotions and vouchers": 'Promotions and their vouchers (spec "Promotions and vouchers").',
  Rewards: 'Rewards that contacts claim with credits (spec "Rewards").',
  "Reward receptions": 'Rewards given to contacts (spec "Reward receptions").',
  "Collectable rewards": 'Rewards to collect at the shop (spec "Collectable rewards").',
  "Custom attributes": 'Custom attributes of contacts and other entities (spec "Custom attributes").',
  Perks: 'Perks of tiers (spec "Perks").',
  Bookings: 'Bookings (spec "Bookings").',
  Visits: 'Visits (spec "Visits").',
  Products: 'Products (spec "Products").',
  Categories: 'Product categories (spec "Categories").',
  "Portal API": "The kiosk's calls, scoped to one portal session (or one paired screen).",
  "Cashier console": "The cashier console's calls, authorised by its device's session cookie.",
  Operations: "Health of the service (no credential).",
  Extension: "Our additions to the spec (docs/extensions.md)."
};
var DESCRIPTION = "The public interface of the loyalty service (spec: `docs/spec/service-interface.md`) and our extensions, marked with the tag \"Extension\". Every path is also served under the real platform's two surfaces, as its PHP SDK calls them: `/api/v3/register/<path>` with an API key (a shop-bound key acts for its shop), and `/api/v3/oauth/clients/<path>` with an API key, an access token (from POST /oauth/token) or a personal access token; `<path>` is the path below without its `/v3/oauth/clients` prefix. The paths below keep the spec's auth column.\n\nBodies may be JSON or `application/x-www-form-urlencoded` (bracket nesting, as PHP writes them). Every failed call answers the error body `{code, message, status_code, errors?}`; each operation lists its codes by HTTP status. Every response carries `X-RateLimit-Limit` and `X-RateLimit-Remaining`; past the limit, 429 with `Retry-After`. A POST with a token honours `Idempotency-Key`.";
var toOpenApiPath = (url) => url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
function routeFacts(route) {
  const schema = route.schema ?? {};
  const auth = route.config?.auth;
  const cashier = route.url.startsWith("/cashier/api/");
  const security = auth === "K" || auth === "A" ? "bearer" : auth === "P" ? "personalAccessToken" : cashier && route.config?.cashier !== "pair" ? "cashier" : "none";
  const post = route.method === "POST";
  return {
    security,
    exampleAfter: schema.exampleAfter,
    errors: schema.errors ?? [],
    idempotent: post && (security === "bearer" || security === "personalAccessToken" || auth === "portal" || route.config?.idempotent === true),
    formBodies: !cashier,
    rateLimited: route.config?.rateLimit !== false,
    produces: schema.produces?.[0],
    operationId: schema.operationId,
    hasParams: Boolean(schema.params),
    hasBody: Boolean(schema.body),
    hasInput: Boolean(schema.params || schema.querystring || schema.body)
  };
}
async function registerOpenApi(app) {
  const facts = /* @__PURE__ */ new Map();
  app.addHook("onRoute", (route) => {
    if (!route.schema || route.method === "HEAD" || route.schema.hide) return;
    const text = AUTH_TEXT[route.config?.auth ?? ""];
    if (text && !route.config?.surface) {
      route.schema.description = [route.schema.description, text].filter(Boolean).join("\n\n");
    }
    for (const method of [route.method].flat()) {
      facts.set(`${method.toLowerCase()} ${toOpenApiPath(route.url)}`, routeFacts(route));
    }
  });
  const withComponents = createJsonSchemaTransformObject({});
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Portal loyalty service",
        version: "1.0.0",
        description: DESCRIPTION,
        contact: { name: "Portal maintainers" },
        license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" }
      },
      servers: [{ url: "/", description: "This service" }],
      tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
      components: commonComponents(MAX_KEY_LENGTH, CASHIER_COOKIE)
    },
    transform: jsonSchemaTransform,
    transformObject: (input) => {
      if (!("openapiObject" in input)) throw new Error("OpenAPI 2.0 is not served");
      return completeDocument(withComponents(input), facts);
    }
  });
  await app.register(swaggerUi, { routePrefix: "/docs" });
  app.get("/openapi.json", { schema: { hide: true } }, () => app.swagger());
}

// src/service/http/plugins/rate-limit.ts
import rateLimit from "@fastify/rate-limit";

// src/service/http/plugins/rate-limit-store.ts
import { sql as sql8 } from "kysely";
var PRUNE_MS = 6e4;
function postgresRateLimitStore(db) {
  const prune = setInterval(() => {
    sql8`DELETE FROM rate_limit_counters
        WHERE window_ends_at < (extract(epoch from clock_timestamp()) * 1000)::bigint`.execute(db).catch(() => void 0);
  }, PRUNE_MS);
  prune.unref();
  class PostgresStore {
    // The plugin passes its options; only a child has a prefix.
    constructor(_options, prefix = "") {
      this.prefix = prefix;
    }
    prefix;
    incr(key, done, timeWindow) {
      sql8`
        WITH now AS (SELECT (extract(epoch from clock_timestamp()) * 1000)::bigint AS ms)
        INSERT INTO rate_limit_counters AS c (key, count, window_ends_at)
        SELECT ${this.prefix + key}, 1, ms + ${timeWindow} FROM now
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN c.window_ends_at <= (SELECT ms FROM now) THEN 1 ELSE c.count + 1 END,
          window_ends_at = CASE WHEN c.window_ends_at <= (SELECT ms FROM now)
            THEN (SELECT ms FROM now) + ${timeWindow} ELSE c.window_ends_at END
        RETURNING c.count, (c.window_ends_at - (SELECT ms FROM now))::integer AS ttl`.execute(db).then(
        ({ rows }) => done(null, { current: rows[0].count, ttl: rows[0].ttl }),
        (err) => done(err)
      );
    }
    child(routeOptions) {
      const { method, url } = routeOptions.routeInfo;
      return new PostgresStore(void 0, `${this.prefix}${method}${url}-`);
    }
  }
  return { Store: PostgresStore, stop: () => clearInterval(prune) };
}

// src/service/http/plugins/rate-limit.ts
var PORTAL_SESSION_RATE_LIMIT = 300;
var PORTAL_SESSION_PATH = /^\/portal\/api\/sessions\/([^/?#]+)/;
function rateLimitKey(request) {
  const token = bearerToken(request);
  if (token) return `credential:${hashToken(token)}`;
  const session = PORTAL_SESSION_PATH.exec(request.url);
  if (session) return `portal-session:${session[1]}`;
  return `ip:${request.ip}`;
}
async function registerRateLimit(app) {
  const max = app.config.rateLimit;
  if (max === 0) return;
  const shared = app.dialect === "postgres" ? postgresRateLimitStore(app.db) : void 0;
  if (shared) app.addHook("onClose", async () => shared.stop());
  await app.register(rateLimit, {
    global: true,
    ...shared ? { store: shared.Store } : {},
    max: (request) => PORTAL_SESSION_PATH.test(request.url) ? Math.min(max, PORTAL_SESSION_RATE_LIMIT) : max,
    timeWindow: 6e4,
    keyGenerator: rateLimitKey,
    addHeaders: {
      "x-ratelimit-limit": true,
      "x-ratelimit-remaining": true,
      "x-ratelimit-reset": false,
      "retry-after": true
    },
    addHeadersOnExceeding: {
      "x-ratelimit-limit": true,
      "x-ratelimit-remaining": true,
      "x-ratelimit-reset": false
    },
    errorResponseBuilder: (_request, context) => Object.assign(new Error(`Rate limit of ${context.max} requests a minute exceeded`), {
      statusCode: 429
    })
  });
}

// src/service/http/portal/customer-portal.ts
import { z as z38 } from "zod";

// src/service/domain/contact-profile.ts
import { z as z36 } from "zod";

// src/service/domain/custom-attributes.ts
import { z as z35 } from "zod";
var CONTACT_FIELDS = ["id", ...CONTACT_VALUE_KEYS];
var RESERVED = {
  reward: { names: REWARD_FIELDS, prefixes: [] },
  contact: { names: CONTACT_FIELDS, prefixes: ["subscription_status_", "double_opt_in_confirmation_url_"] }
};
var WITH_OPTIONS = ["select", "multi_select"];
var FIELD_TYPES = {
  url: "string",
  text: "string",
  date: "date",
  phone: "string",
  float: "float",
  color: "string",
  email: "string",
  number: "integer",
  select: "string",
  boolean: "boolean",
  rich_text: "string",
  date_time: "datetime",
  long_text: "string",
  date_range: "range",
  time_range: "range",
  identifier: "string",
  birth_date: "date",
  file_upload: "file",
  media_upload: "file",
  multi_select: "array",
  license_plate: "string"
};
var DATE = /^\d{4}-\d{2}-\d{2}$/;
function valueSchema(row) {
  const type = row.type;
  const choices = JSON.parse(row.options).map((o) => o.value);
  switch (type) {
    case "number":
      return integerField();
    case "float":
      return numberField();
    case "boolean":
      return booleanField();
    case "email":
      return z35.email();
    case "url":
      return z35.url();
    case "date":
    case "birth_date":
      return z35.string().regex(DATE, { message: "a date (YYYY-MM-DD)" });
    case "date_time":
      return z35.iso.datetime({ offset: true });
    case "select":
      return z35.string().refine((v) => choices.includes(v), { message: "one of its options" });
    case "multi_select":
      return z35.array(z35.string().refine((v) => choices.includes(v), { message: "one of its options" }));
    case "date_range":
    case "time_range":
    case "file_upload":
    case "media_upload":
      return z35.union([z35.string().max(1e4), z35.record(z35.string(), z35.unknown())]);
    default:
      return z35.union([z35.string().max(1e4), z35.number().transform(String)]);
  }
}
async function attributeDefinitions(db, entity) {
  return db.selectFrom("custom_attributes").selectAll().where("entity", "=", entity).orderBy("position").orderBy("id").execute();
}
async function checkedAttributeValues(db, entity, values) {
  const keys = Object.keys(values);
  if (keys.length === 0) return {};
  const definitions = new Map((await attributeDefinitions(db, entity)).map((d) => [d.name, d]));
  const errors = {};
  const out = {};
  for (const key of keys) {
    const definition = definitions.get(key);
    const value = values[key];
    if (!definition) {
      errors[key] = [`The ${key} field is not a field or custom attribute of a ${entity}.`];
    } else if (value === null) {
      out[key] = null;
    } else {
      const parsed = valueSchema(definition).safeParse(value);
      if (parsed.success) out[key] = parsed.data;
      else errors[key] = [`The ${key} field must be a valid ${definition.type} value.`];
    }
  }
  assertNoFieldErrors(errors);
  return out;
}
function mergeAttributes(stored, changes) {
  const merged = { ...stored };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return JSON.stringify(merged);
}
function attributeViews(rows, all) {
  const groups = /* @__PURE__ */ new Map();
  for (const row of [...all].sort((a, b) => a.id - b.id)) {
    if (row.group_name !== null && !groups.has(row.group_name)) groups.set(row.group_name, row.id);
  }
  const ranks = [...groups.keys()];
  return rows.map((row) => {
    const platform = row.is_platform_defined === 1;
    const options2 = JSON.parse(row.options);
    return {
      id: row.id,
      entity: row.entity,
      name: row.name,
      label: row.label,
      type: row.type,
      group_name: row.group_name,
      group: row.group_name === null ? null : {
        id: groups.get(row.group_name),
        name: row.group_name,
        label: row.group_name,
        created_by_user: true,
        position: ranks.indexOf(row.group_name) + 1
      },
      is_platform_defined: platform,
      is_piggy_defined: platform,
      is_soft_read_only: false,
      is_hard_read_only: platform,
      field_type: FIELD_TYPES[row.type] ?? "string",
      has_unique_value: row.type === "identifier",
      description: row.description ?? "",
      options: options2.map((o) => ({
        value: o.value,
        label: o.label,
        description: o.description ?? null,
        media: o.media ?? null
      })),
      position: row.position,
      created_at: row.created_at,
      meta: [],
      can_be_deleted: !platform,
      last_used_date: null,
      created_by_user: !platform
    };
  });
}
async function listCustomAttributes(db, entity) {
  const rows = await attributeDefinitions(db, entity);
  return attributeViews(rows, rows);
}
async function attributeView(db, entity, id) {
  const rows = await attributeDefinitions(db, entity);
  return attributeViews(
    rows.filter((r) => r.id === id),
    rows
  )[0];
}
function checkedOptions(type, options2) {
  if (options2 === void 0) return void 0;
  if (!WITH_OPTIONS.includes(type)) {
    invalidField("options", "The options field is only allowed for select and multi_select attributes.");
  }
  const values = options2.map((o) => o.value);
  if (new Set(values).size !== values.length) {
    invalidField("options", "The options field must not repeat a value.");
  }
  return options2.map((o) => ({
    value: o.value,
    label: o.label,
    description: o.description ?? null,
    media: o.media ?? null
  }));
}
async function createCustomAttribute(tx, input) {
  const reserved = RESERVED[input.entity];
  if (reserved?.names.includes(input.name) || reserved?.prefixes.some((p) => input.name.startsWith(p))) {
    invalidField("name", `The name ${input.name} is a built-in field of a ${input.entity}.`);
  }
  const options2 = checkedOptions(input.type, input.options) ?? [];
  const last = await tx.db.selectFrom("custom_attributes").select((eb) => eb.fn.max("position").as("position")).where("entity", "=", input.entity).executeTakeFirst();
  const row = await tx.db.insertInto("custom_attributes").values({
    entity: input.entity,
    name: input.name,
    label: input.label,
    type: input.type,
    description: input.description ?? null,
    group_name: input.group_name ?? null,
    options: JSON.stringify(options2),
    is_platform_defined: 0,
    position: Number(last?.position ?? 0) + 1,
    created_at: isoTimestamp(tx.now)
  }).onConflict((oc) => oc.columns(["entity", "name"]).doNothing()).returning("id").executeTakeFirst();
  if (!row) {
    invalidField("name", `A ${input.entity} attribute named ${input.name} already exists.`, { status: 409 });
  }
  return attributeView(tx.db, input.entity, row.id);
}
var UPDATABLE = ["entity", "label", "options", "description", "group_name"];
async function updateCustomAttribute(tx, name, input) {
  const fixed = Object.keys(input).filter((k) => !UPDATABLE.includes(k));
  if (fixed.length > 0) {
    throw new ServiceError(1003, {
      fields: Object.fromEntries(fixed.map((k) => [k, [`The ${k} field cannot be updated.`]]))
    });
  }
  const row = await tx.db.selectFrom("custom_attributes").selectAll().where("entity", "=", input.entity).where("name", "=", name).executeTakeFirst();
  if (!row) {
    throw refusal("custom_attribute_not_found", `No ${input.entity} attribute named ${name}`);
  }
  if (row.is_platform_defined === 1) {
    throw refusal("system_attribute_read_only", "System-defined attributes cannot be updated");
  }
  const options2 = checkedOptions(row.type, input.options);
  const changes = {
    ...input.label === void 0 ? {} : { label: input.label },
    ...input.description === void 0 ? {} : { description: input.description },
    ...input.group_name === void 0 ? {} : { group_name: input.group_name },
    ...options2 === void 0 ? {} : { options: JSON.stringify(options2) }
  };
  if (Object.keys(changes).length > 0) {
    await tx.db.updateTable("custom_attributes").set(changes).where("id", "=", row.id).execute();
  }
  return attributeView(tx.db, input.entity, row.id);
}

// src/service/domain/contact-profile.ts
async function findOrCreateContact(tx, email) {
  try {
    return { contact: await contactByEmail(tx.db, email), created: false };
  } catch (err) {
    if (!(err instanceof ServiceError) || err.code !== 55031) throw err;
  }
  try {
    const { id } = await createContact(tx, { email }, "api");
    return { contact: await contactById(tx.db, id), created: true };
  } catch (err) {
    if (!(err instanceof ServiceError) || err.code !== 60005) throw err;
    return { contact: await contactByEmail(tx.db, email), created: false };
  }
}
async function createAnonymousContact(tx, contactIdentifierValue) {
  const placeholder = `anonymous-${newUuid()}@${ANONYMOUS_EMAIL_DOMAIN}`;
  const { id } = await createContact(tx, { email: placeholder }, "api");
  if (contactIdentifierValue !== void 0) {
    if (await identifierByValue(tx.db, contactIdentifierValue)) {
      await linkIdentifier(tx, contactIdentifierValue, id);
    } else {
      await createIdentifier(tx, { value: contactIdentifierValue, contactId: id });
    }
  }
  return contactById(tx.db, id);
}
var LOCALE = /^[a-z]{2}(-[A-Z]{2})?$/;
var TEXT = z36.string().trim().max(191);
var EDITABLE = {
  firstname: TEXT,
  lastname: TEXT,
  locale: z36.string().regex(LOCALE, { message: "a language code such as nl or en-GB" }),
  birthdate: z36.iso.date(),
  add_to_wallet: booleanField(),
  ...Object.fromEntries(
    PROFILE_FIELDS.filter((f) => f !== "birthdate" && f !== "add_to_wallet").map((f) => [f, TEXT])
  )
};
var COLUMNS = /* @__PURE__ */ new Set(["firstname", "lastname", "locale"]);
function readOnly(key) {
  return CONTACT_VALUE_KEYS.includes(key) && key !== "email" && !(key in EDITABLE) || key.startsWith("subscription_status_") || key.startsWith("double_opt_in_confirmation_url_");
}
async function updateContact(tx, uuid2, attributes) {
  const contact2 = await contactByUuid(tx.db, uuid2);
  await tx.lock("contacts", contact2.id);
  const errors = {};
  const columns = {};
  const profile = {};
  const custom = {};
  let email;
  for (const [key, value] of Object.entries(attributes)) {
    const field = `attributes.${key}`;
    if (key === "email") {
      const parsed = emailField().safeParse(value);
      if (parsed.success) email = parsed.data;
      else errors[field] = ["The email field must be a valid email address."];
    } else if (readOnly(key)) {
      errors[field] = [`The ${key} field is set by the service and cannot be changed.`];
    } else if (key in EDITABLE) {
      const parsed = value === null || value === "" ? { success: true, data: null } : EDITABLE[key].safeParse(value);
      if (!parsed.success) errors[field] = [`The ${key} field is not valid.`];
      else if (COLUMNS.has(key)) columns[key] = parsed.data;
      else profile[key] = parsed.data;
    } else {
      custom[key] = value;
    }
  }
  let checked = {};
  try {
    checked = await checkedAttributeValues(tx.db, "contact", custom);
  } catch (err) {
    if (!(err instanceof ServiceError) || !err.fields) throw err;
    for (const [key, messages] of Object.entries(err.fields)) errors[`attributes.${key}`] = messages;
  }
  assertNoFieldErrors(errors);
  if (email !== void 0 && email !== contact2.email) {
    const taken = await tx.db.selectFrom("contacts").select("id").where("email", "=", email).executeTakeFirst();
    if (taken) throw new ServiceError(60005);
  }
  await tx.db.updateTable("contacts").set({
    ...columns,
    ...email === void 0 ? {} : { email },
    attributes: mergeAttributes(jsonObject(contact2.attributes), { ...profile, ...checked }),
    updated_at: isoTimestamp(tx.now)
  }).where("id", "=", contact2.id).execute();
  return contactById(tx.db, contact2.id);
}

// src/service/domain/portal-profile.ts
function portalCard2(row) {
  return { id: row.id, value_hint: hint(row.value), name: row.name, active: bool(row.active) };
}
async function sessionStats(db, session) {
  const contactId = requireContact(session);
  const [receptions, visits] = await Promise.all([
    db.selectFrom("credit_receptions").select((eb) => [
      eb.fn.countAll().as("count"),
      eb.fn.max("created_at").as("last"),
      eb.fn.sum("credits_centi").as("centi")
    ]).where("contact_id", "=", contactId).where("credits_centi", ">", 0).where("reverses_id", "is", null).where(
      (eb) => eb.not(
        eb.exists(
          eb.selectFrom("credit_receptions as r").select("r.id").whereRef("r.reverses_id", "=", "credit_receptions.id")
        )
      )
    ).executeTakeFirstOrThrow(),
    db.selectFrom("visits").select((eb) => [eb.fn.countAll().as("count"), eb.fn.max("created_at").as("last")]).where("contact_id", "=", contactId).executeTakeFirstOrThrow()
  ]);
  const last = [receptions.last, visits.last].filter((v) => typeof v === "string").sort().pop();
  return {
    visits: Number(receptions.count) + Number(visits.count),
    last_visit_at: last ?? null,
    total_credits_earned: fromCenti(Number(receptions.centi ?? 0))
  };
}
async function removeCardInSession(tx, session, cardId) {
  const contactId = requireContact(session);
  const card = await tx.db.selectFrom("contact_identifiers").select(["id", "value", "name", "active"]).where("id", "=", cardId).where("contact_id", "=", contactId).executeTakeFirst();
  if (!card) invalidField("card_id", "This is not one of your cards.", { status: 404 });
  await tx.db.updateTable("contact_identifiers").set({ contact_id: null }).where("id", "=", card.id).execute();
  const contact2 = await contactById(tx.db, contactId);
  const removed = portalCard2(card);
  await recordEvent(tx, session, "card_removed", {
    contact: { uuid: contact2.uuid },
    contact_identifier: { name: removed.name, value_hint: removed.value_hint }
  });
  return removed;
}
async function editableFields(db) {
  return (await accountLook(db)).kiosk.editable_contact_fields;
}
async function sessionProfile(db, session) {
  const contact2 = await contactById(db, requireContact(session));
  const attributes = jsonObject(contact2.attributes);
  const fields = await editableFields(db);
  return {
    fields: fields.map((name) => {
      const value = name === "firstname" || name === "lastname" ? contact2[name] : attributes[name];
      return { name, value: typeof value === "string" && value !== "" ? value : null };
    })
  };
}
async function updateProfileInSession(tx, session, attributes) {
  const contactId = requireContact(session);
  const editable = new Set(await editableFields(tx.db));
  const refused = Object.keys(attributes).filter((key) => !editable.has(key));
  if (refused.length > 0) {
    throw new ServiceError(1003, {
      fields: Object.fromEntries(
        refused.map((key) => [`attributes.${key}`, [`The ${key} field cannot be changed here.`]])
      )
    });
  }
  const contact2 = await contactById(tx.db, contactId);
  await updateContact(tx, contact2.uuid, attributes);
  await recordEvent(tx, session, "profile_changed", {
    contact: { uuid: contact2.uuid },
    fields: Object.keys(attributes)
  });
  return sessionProfile(tx.db, session);
}

// src/service/domain/reward-receptions.ts
import { sql as sql9 } from "kysely";

// src/service/domain/rewards.ts
async function rewardByUuid(db, uuid2) {
  const row = await db.selectFrom("rewards").selectAll().where("uuid", "=", uuid2).executeTakeFirst();
  if (!row) throw new ServiceError(6003);
  return row;
}
async function rewardAttributeNames(db) {
  return (await attributeDefinitions(db, "reward")).map((d) => d.name);
}
function rewardView(row, attributeNames) {
  const attributes = jsonObject(row.attributes);
  const custom = {};
  for (const name of attributeNames) custom[name] = null;
  return {
    ...custom,
    ...attributes,
    id: row.id,
    uuid: row.uuid,
    title: row.title,
    description: row.description,
    type: row.type,
    reward_type: row.reward_type,
    is_active: bool(row.active),
    active: bool(row.active),
    required_credits: fromCenti(Number(row.required_credits_centi)),
    media: row.media ? JSON.parse(row.media) : null,
    pre_redeemable: bool(row.pre_redeemable),
    expiration_duration: row.expiration_duration,
    cost_price: row.cost_price === null ? null : Number(row.cost_price),
    stock: row.stock
  };
}
async function getReward(db, uuid2) {
  return rewardView(await rewardByUuid(db, uuid2), await rewardAttributeNames(db));
}
async function listRewards(db, actor, query) {
  if (query.contact_uuid !== void 0 || query.shop_uuid !== void 0) {
    await resolveShop(db, actor, query.shop_uuid);
  }
  if (query.contact_uuid !== void 0) await contactByUuid(db, query.contact_uuid);
  const [rows, names] = await Promise.all([
    db.selectFrom("rewards").selectAll().orderBy("id").execute(),
    rewardAttributeNames(db)
  ]);
  return rows.map((row) => rewardView(row, names));
}
var EDITABLE_FIELDS = ["title", "description", "required_credits"];
var READ_ONLY_FIELDS = REWARD_FIELDS.filter((field) => !EDITABLE_FIELDS.includes(field));
function sameValue(current, sent) {
  if (current === null) return sent === null || sent === "";
  if (typeof current === "boolean") {
    const parsed = booleanField().safeParse(sent);
    return parsed.success && parsed.data === current;
  }
  if (typeof current === "number") {
    const parsed = numberField().safeParse(sent);
    return parsed.success && parsed.data === current;
  }
  return sent === current;
}
function checkReadOnlyFields(current, input) {
  const errors = {};
  for (const field of READ_ONLY_FIELDS) {
    if (field in input && !sameValue(current[field], input[field])) {
      errors[field] = [
        `The ${field} field cannot be changed; send it as the reward shows it, or leave it out.`
      ];
    }
  }
  assertNoFieldErrors(errors);
}
async function updateReward(tx, uuid2, input) {
  const row = await lockByUuid(tx, "rewards", uuid2, rewardByUuid);
  checkReadOnlyFields(rewardView(row, await rewardAttributeNames(tx.db)), input);
  const custom = Object.fromEntries(
    Object.entries(input).filter(([key]) => !REWARD_FIELDS.includes(key))
  );
  const values = await checkedAttributeValues(tx.db, "reward", custom);
  const changes = {
    ...input.title === void 0 ? {} : { title: input.title },
    ...input.description === void 0 ? {} : { description: input.description },
    ...input.required_credits === void 0 ? {} : { required_credits_centi: toCenti(input.required_credits, "required_credits") },
    ...Object.keys(values).length === 0 ? {} : { attributes: mergeAttributes(jsonObject(row.attributes), values) }
  };
  if (Object.keys(changes).length > 0) {
    await tx.db.updateTable("rewards").set(changes).where("id", "=", row.id).execute();
  }
  return getReward(tx.db, uuid2);
}

// src/service/domain/reward-receptions.ts
var DAY_MS2 = 24 * 60 * 60 * 1e3;
async function rewardReceptionByUuid(db, uuid2) {
  return db.selectFrom("reward_receptions").selectAll().where("uuid", "=", uuid2).executeTakeFirst();
}
async function rewardReceptionView(db, id) {
  const row = await db.selectFrom("reward_receptions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  if (row.reward_id === null) throw new ServiceError(6003);
  const [contact2, shop2, reward2, names, identifier] = await Promise.all([
    contactById(db, row.contact_id),
    shopById(db, row.shop_id),
    db.selectFrom("rewards").selectAll().where("id", "=", row.reward_id).executeTakeFirstOrThrow(),
    rewardAttributeNames(db),
    identifierViewById(db, row.contact_identifier_id)
  ]);
  return {
    title: reward2.title,
    type: "reward_reception",
    uuid: row.uuid,
    credits: fromCenti(Number(row.credits_centi)),
    contact: {
      uuid: contact2.uuid,
      email: contact2.email,
      credit_balance: { id: contact2.id, balance: fromCenti(Number(contact2.credit_balance_centi)) }
    },
    shop: shopWithAddress(shop2),
    channel: RECEPTION_CHANNEL,
    contact_identifier: identifier,
    created_at: row.created_at,
    reward: rewardView(reward2, names),
    expires_at: row.expires_at,
    has_been_collected: row.collection_status === "COLLECTED"
  };
}
async function receptionIdentifierId(db, value, contactId) {
  if (value === void 0) return null;
  const identifier = await identifierByValue(db, value);
  if (identifier?.contact_id !== contactId || identifier.active !== 1) {
    invalidField(
      "contact_identifier_value",
      "The contact identifier value is not an active identifier of this contact."
    );
  }
  return identifier.id;
}
async function createRewardReception(tx, actor, input) {
  const contact2 = await contactByUuid(tx.db, input.contact_uuid);
  const shop2 = await resolveShop(tx.db, actor, input.shop_uuid);
  const found = await rewardByUuid(tx.db, input.reward_uuid);
  await tx.lock("contacts", contact2.id);
  await tx.lock("rewards", found.id);
  const identifierId = await receptionIdentifierId(tx.db, input.contact_identifier_value, contact2.id);
  const reward2 = await rewardByUuid(tx.db, input.reward_uuid);
  if (reward2.active !== 1) throw new ServiceError(1052);
  if (reward2.stock !== null && reward2.stock <= 0) throw new ServiceError(1018);
  if (reward2.claim_limit_per_contact !== null) {
    const claimed = await tx.db.selectFrom("reward_receptions").select((eb) => eb.fn.countAll().as("count")).where("contact_id", "=", contact2.id).where("reward_id", "=", reward2.id).where("reversed_by_credit_reception_id", "is", null).executeTakeFirstOrThrow();
    if (Number(claimed.count) >= reward2.claim_limit_per_contact) throw new ServiceError(1019);
  }
  const required = Number(reward2.required_credits_centi);
  const balance = await contactById(tx.db, contact2.id);
  if (Number(balance.credit_balance_centi) < required) throw new ServiceError(1017);
  const at = isoTimestamp(tx.now);
  const { id } = await tx.db.insertInto("reward_receptions").values({
    uuid: newUuid(),
    contact_id: contact2.id,
    reward_id: reward2.id,
    shop_id: shop2.id,
    contact_identifier_id: identifierId,
    credits_centi: 0 - required,
    expires_at: reward2.expiration_duration === null ? null : isoTimestamp(new Date(tx.now.getTime() + reward2.expiration_duration * DAY_MS2)),
    collected_at: null,
    collection_uuid: null,
    collection_status: null,
    reversed_by_credit_reception_id: null,
    created_at: at
  }).returning("id").executeTakeFirstOrThrow();
  if (reward2.stock !== null) {
    const taken = await tx.db.updateTable("rewards").set({ stock: sql9`stock - 1` }).where("id", "=", reward2.id).where("stock", ">", 0).executeTakeFirst();
    if (taken.numUpdatedRows === 0n) throw new ServiceError(1018);
  }
  const debited = await postCreditEntry(tx, {
    contactId: contact2.id,
    creditsCenti: 0 - required,
    source: "reward_reception",
    sourceId: id
  });
  if (!debited) throw new ServiceError(1017);
  return rewardReceptionView(tx.db, id);
}
async function reverseRewardReception(tx, uuid2) {
  const found = await rewardReceptionByUuid(tx.db, uuid2);
  if (!found) throw refusal("reward_reception_not_found", "Reward reception not found");
  await tx.lock("contacts", found.contact_id);
  if (found.reward_id !== null) await tx.lock("rewards", found.reward_id);
  const alreadyReversed = () => refusal("reward_reception_already_reversed", "Reward reception already reversed");
  const row = await rewardReceptionByUuid(tx.db, uuid2);
  if (row.reversed_by_credit_reception_id !== null) throw alreadyReversed();
  const unit2 = await unitByNameOrDefault(tx.db, void 0);
  const creditReceptionId = await recordReception(tx, {
    contactId: row.contact_id,
    shopId: row.shop_id,
    unitId: unit2.id,
    unitValue: null,
    creditsCenti: 0 - Number(row.credits_centi),
    identifierId: row.contact_identifier_id,
    posTransactionId: null,
    reversesId: null
  });
  const marked = await tx.db.updateTable("reward_receptions").set({ reversed_by_credit_reception_id: creditReceptionId }).where("id", "=", row.id).where("reversed_by_credit_reception_id", "is", null).executeTakeFirst();
  if (marked.numUpdatedRows === 0n) throw alreadyReversed();
  if (row.reward_id !== null) {
    await tx.db.updateTable("rewards").set({ stock: sql9`stock + 1` }).where("id", "=", row.reward_id).where("stock", "is not", null).execute();
  }
  return creditReceptionView(tx.db, creditReceptionId);
}

// src/service/domain/pagination.ts
function pageWindow(page, limit, total) {
  return {
    offset: (page - 1) * limit,
    lastPage: limit === 0 ? 1 : Math.max(1, Math.ceil(total / limit))
  };
}
function paginatorMeta2(page, limit, total, shown) {
  const { offset, lastPage } = pageWindow(page, limit, total);
  return {
    current_page: page,
    per_page: limit,
    from: shown === 0 ? null : offset + 1,
    to: shown === 0 ? null : offset + shown,
    last_page: lastPage,
    total
  };
}
function pageMeta2(page, limit, total, shown) {
  const { offset, lastPage } = pageWindow(page, limit, total);
  return {
    page,
    limit,
    viewing_from: shown === 0 ? 0 : offset + 1,
    viewing_to: shown === 0 ? 0 : offset + shown,
    last_page: lastPage,
    total
  };
}

// src/service/domain/promotions.ts
function promotionView(row) {
  return {
    uuid: row.uuid,
    name: row.name,
    description: row.description,
    voucher_limit: row.voucher_limit,
    limit_per_contact: row.limit_per_contact,
    expiration_duration: row.expiration_duration,
    attributes: jsonObject(row.attributes),
    type: "SINGLE_USE",
    redemptions_per_voucher: 1
  };
}
async function listPromotions(db) {
  const rows = await db.selectFrom("promotions").selectAll().orderBy("id").execute();
  return rows.map(promotionView);
}
async function promotionByUuid(db, uuid2) {
  const row = await db.selectFrom("promotions").selectAll().where("uuid", "=", uuid2).executeTakeFirst();
  if (!row) throw new ServiceError(80002);
  return row;
}

// src/service/domain/vouchers.ts
var VOUCHER_LOCK_MS = 60 * 6e4;
var USABLE = ["ACTIVE", "LOCKED"];
function lockHeld(row, now) {
  return row.status === "LOCKED" && row.locked_until !== null && Date.parse(row.locked_until) > now.getTime();
}
function voucherStatusAt(row, now) {
  if (USABLE.includes(row.status) && row.expiration_date !== null && Date.parse(row.expiration_date) < now.getTime()) {
    return "EXPIRED";
  }
  if (row.status === "LOCKED" && !lockHeld(row, now)) return "ACTIVE";
  return row.status;
}
async function voucherViews(db, rows, now) {
  if (rows.length === 0) return [];
  const promotionIds = [...new Set(rows.map((r) => r.promotion_id))];
  const contactIds = [...new Set(rows.map((r) => r.contact_id).filter((id) => id !== null))];
  const [promotions, contacts] = await Promise.all([
    db.selectFrom("promotions").selectAll().where("id", "in", promotionIds).execute(),
    contactIds.length === 0 ? [] : db.selectFrom("contacts").select(["id", "uuid", "email"]).where("id", "in", contactIds).execute()
  ]);
  const promotionById = new Map(promotions.map((p) => [p.id, p]));
  const contactById2 = new Map(contacts.map((c) => [c.id, { uuid: c.uuid, email: c.email }]));
  return rows.map((row) => {
    const promotion2 = promotionById.get(row.promotion_id);
    const view = promotionView(promotion2);
    const status = voucherStatusAt(row, now);
    return {
      uuid: row.uuid,
      code: row.code,
      status,
      name: promotion2.name,
      description: promotion2.description,
      expiration_date: row.expiration_date,
      activation_date: row.activation_date,
      redeemed_at: row.redeemed_at,
      is_redeemed: status === "REDEEMED",
      attributes: jsonObject(row.attributes),
      contact: row.contact_id === null ? null : contactById2.get(row.contact_id) ?? null,
      promotion: { ...view.attributes, ...view, shipping: null, shipping_region: null }
    };
  });
}
async function voucherView(db, row, now) {
  return (await voucherViews(db, [row], now))[0];
}
async function voucherByUuid(db, uuid2) {
  const row = await db.selectFrom("vouchers").selectAll().where("uuid", "=", uuid2).executeTakeFirst();
  if (!row) throw new ServiceError(80004);
  return row;
}
async function voucherByCode(db, code) {
  const row = await db.selectFrom("vouchers").selectAll().where("code", "=", code.trim()).executeTakeFirst();
  if (!row) throw new ServiceError(80004);
  return row;
}
var STORED_FOR = {
  ACTIVE: ["ACTIVE", "LOCKED"],
  LOCKED: ["LOCKED"],
  EXPIRED: ["EXPIRED", "ACTIVE", "LOCKED"],
  REDEEMED: ["REDEEMED"],
  DEACTIVATED: ["DEACTIVATED"],
  INACTIVE: ["INACTIVE"]
};
async function listVouchers(db, filters, now) {
  let base = db.selectFrom("vouchers");
  if (filters.promotion_uuid !== void 0) {
    const uuid2 = filters.promotion_uuid;
    base = base.where(
      "promotion_id",
      "in",
      (eb) => eb.selectFrom("promotions").select("id").where("uuid", "=", uuid2)
    );
  }
  if (filters.contact_uuid !== void 0) {
    const uuid2 = filters.contact_uuid;
    base = base.where(
      "contact_id",
      "in",
      (eb) => eb.selectFrom("contacts").select("id").where("uuid", "=", uuid2)
    );
  }
  const offset = (filters.page - 1) * filters.limit;
  let total;
  let rows;
  if (filters.status === void 0) {
    total = Number((await base.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    rows = await base.selectAll().orderBy("id").limit(filters.limit).offset(offset).execute();
  } else {
    const wanted = filters.status;
    const candidates = await base.selectAll().where("status", "in", STORED_FOR[wanted]).orderBy("id").execute();
    const matching = candidates.filter((row) => voucherStatusAt(row, now) === wanted);
    total = matching.length;
    rows = matching.slice(offset, offset + filters.limit);
  }
  const items = await voucherViews(db, rows, now);
  return {
    items,
    meta: {
      ...pageMeta2(filters.page, filters.limit, total, items.length),
      ...paginatorMeta2(filters.page, filters.limit, total, items.length)
    }
  };
}
var VoucherExpiredError = class extends ServiceError {
  constructor(voucherId) {
    super(80006);
    this.voucherId = voucherId;
  }
  voucherId;
};
async function recordingVoucherExpiry(run, work, record2 = run) {
  try {
    return await run(work);
  } catch (err) {
    if (err instanceof VoucherExpiredError) {
      await record2(
        (tx) => tx.db.updateTable("vouchers").set({ status: "EXPIRED", release_key_hash: null, locked_until: null }).where("id", "=", err.voucherId).where("status", "in", USABLE).execute()
      );
    }
    throw err;
  }
}
async function lockedVoucher(tx, id) {
  await tx.lock("vouchers", id);
  return tx.db.selectFrom("vouchers").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}
function assertUsable(row, status, now) {
  if (status === "REDEEMED") throw new ServiceError(80005);
  if (status === "EXPIRED") throw new VoucherExpiredError(row.id);
  if (status === "DEACTIVATED") throw new ServiceError(80012);
  if (status === "INACTIVE") throw new ServiceError(80014);
  if (row.activation_date !== null && Date.parse(row.activation_date) > now.getTime()) {
    throw new ServiceError(80014, { detail: "Voucher is not active yet" });
  }
}
async function lockVoucher(tx, uuid2) {
  const row = await lockedVoucher(tx, (await voucherByUuid(tx.db, uuid2)).id);
  const status = voucherStatusAt(row, tx.now);
  if (status === "LOCKED") throw new ServiceError(80017);
  assertUsable(row, status, tx.now);
  const releaseKey = newSecret();
  const lockedUntil = isoTimestamp(new Date(tx.now.getTime() + VOUCHER_LOCK_MS));
  const locked = await tx.db.updateTable("vouchers").set({ status: "LOCKED", release_key_hash: hashToken(releaseKey), locked_until: lockedUntil }).where("id", "=", row.id).where("status", "in", USABLE).returningAll().executeTakeFirstOrThrow();
  return {
    release_key: releaseKey,
    locked_until: lockedUntil,
    voucher: await voucherView(tx.db, locked, tx.now),
    lock: {
      release_key: releaseKey,
      locked_at: isoTimestamp(tx.now),
      unlocked_at: null,
      system_release_at: lockedUntil
    }
  };
}
function assertReleaseKey(row, releaseKey) {
  if (hashToken(releaseKey) !== row.release_key_hash) {
    invalidField("release_key", "The release key does not match the lock of this voucher.", {
      reason: "voucher_release_key_wrong"
    });
  }
}
async function releaseVoucher(tx, uuid2, releaseKey) {
  const row = await lockedVoucher(tx, (await voucherByUuid(tx.db, uuid2)).id);
  if (!lockHeld(row, tx.now)) throw refusal("voucher_not_locked", "Voucher is not locked");
  assertReleaseKey(row, releaseKey);
  const released = await tx.db.updateTable("vouchers").set({ status: "ACTIVE", release_key_hash: null, locked_until: null }).where("id", "=", row.id).returningAll().executeTakeFirstOrThrow();
  const view = await voucherView(tx.db, released, tx.now);
  const lockedAt = new Date(Date.parse(row.locked_until) - VOUCHER_LOCK_MS);
  return {
    ...view,
    voucher: view,
    lock: {
      release_key: releaseKey,
      locked_at: isoTimestamp(lockedAt),
      unlocked_at: isoTimestamp(tx.now),
      system_release_at: null
    }
  };
}
async function redeemVoucher(tx, actor, input, options2 = {}) {
  const found = await voucherByCode(tx.db, input.code);
  const shop2 = options2.shopOptional && input.shop_uuid === void 0 && actor.shopId === null ? null : await resolveShop(tx.db, actor, input.shop_uuid);
  const row = await lockedVoucher(tx, found.id);
  const status = voucherStatusAt(row, tx.now);
  if (status === "LOCKED") {
    if (input.release_key === void 0) throw new ServiceError(80017);
    assertReleaseKey(row, input.release_key);
  }
  assertUsable(row, status, tx.now);
  const contact2 = input.contact_uuid === void 0 ? void 0 : await contactByUuid(tx.db, input.contact_uuid);
  let contactId = row.contact_id;
  if (contactId === null) {
    if (!contact2) {
      invalidField(
        "contact_uuid",
        "The contact uuid field is required when the voucher is not linked to a contact."
      );
    }
    await tx.lock("contacts", contact2.id);
    const { limit_per_contact: limit } = await tx.db.selectFrom("promotions").select("limit_per_contact").where("id", "=", row.promotion_id).executeTakeFirstOrThrow();
    if (limit !== null) {
      const { n } = await tx.db.selectFrom("vouchers").select((eb) => eb.fn.countAll().as("n")).where("promotion_id", "=", row.promotion_id).where("contact_id", "=", contact2.id).executeTakeFirstOrThrow();
      if (Number(n) >= limit) {
        throw refusal("voucher_limit_reached", "Limit per contact reached", {
          fields: {
            contact_uuid: [
              `The contact already holds ${limit} voucher(s) of this promotion, its limit per contact.`
            ]
          }
        });
      }
    }
    contactId = contact2.id;
  } else if (contact2 && contact2.id !== contactId) {
    invalidField("contact_uuid", "The voucher belongs to another contact.", {
      reason: "voucher_someone_else"
    });
  }
  const redeemed = await tx.db.updateTable("vouchers").set({
    status: "REDEEMED",
    redeemed_at: isoTimestamp(tx.now),
    redeemed_shop_id: shop2?.id ?? null,
    contact_id: contactId,
    release_key_hash: null,
    locked_until: null
  }).where("id", "=", row.id).where("status", "in", USABLE).returningAll().executeTakeFirst();
  if (!redeemed) throw new ServiceError(80005);
  return voucherView(tx.db, redeemed, tx.now);
}
async function reverseVoucherRedemption(tx, uuid2) {
  const row = await lockedVoucher(tx, (await voucherByUuid(tx.db, uuid2)).id);
  if (row.status !== "REDEEMED") {
    throw refusal("voucher_not_redeemed", "Only a redeemed voucher can be reversed");
  }
  const reversed = await tx.db.updateTable("vouchers").set({ status: "ACTIVE", redeemed_at: null, redeemed_shop_id: null }).where("id", "=", row.id).where("status", "=", "REDEEMED").returningAll().executeTakeFirstOrThrow();
  return voucherView(tx.db, reversed, tx.now);
}

// src/service/domain/portal-customer.ts
function portalVoucher2(voucher2) {
  return {
    uuid: voucher2.uuid,
    code: voucher2.code,
    name: voucher2.name,
    description: voucher2.description,
    expiration_date: voucher2.expiration_date,
    status: voucher2.status
  };
}
async function sessionVouchers(db, session, now) {
  const contact2 = await contactById(db, requireContact(session));
  const { items } = await listVouchers(
    db,
    { contact_uuid: contact2.uuid, status: "ACTIVE", page: 1, limit: 500 },
    now
  );
  return items.map(portalVoucher2);
}
async function redeemVoucherInSession(tx, session, code) {
  const contact2 = await contactById(tx.db, requireContact(session));
  const found = await voucherByCode(tx.db, code);
  if (found.contact_id !== null && found.contact_id !== contact2.id) {
    throw refusal(
      "voucher_someone_else",
      { en: "This voucher belongs to someone else", nl: "Deze voucher is van iemand anders" },
      { status: 403 }
    );
  }
  const voucher2 = await redeemVoucher(tx, sessionActor(session), { code, contact_uuid: contact2.uuid });
  await recordEvent(tx, session, "voucher_redeemed", voucher2);
  return { voucher: portalVoucher2(voucher2) };
}
async function sessionRewards(db, session) {
  const contact2 = await contactById(db, requireContact(session));
  const balance = Number(contact2.credit_balance_centi);
  const rows = await db.selectFrom("rewards").selectAll().where("active", "=", 1).orderBy("id").execute();
  const rewards = rows.map((row) => {
    const view = rewardView(row, []);
    const required = Number(row.required_credits_centi);
    const outOfStock = row.stock !== null && row.stock <= 0;
    return {
      uuid: view.uuid,
      title: view.title,
      description: view.description,
      reward_type: view.reward_type,
      required_credits: view.required_credits,
      media: view.media,
      claimable: balance >= required && !outOfStock,
      credits_short: fromCenti(Math.max(0, required - balance)),
      out_of_stock: outOfStock
    };
  });
  return rewards.sort(
    (a, b) => Number(b.claimable) - Number(a.claimable) || a.required_credits - b.required_credits
  );
}
async function claimRewardInSession(tx, session, rewardUuid) {
  const contactId = requireContact(session);
  const [contact2, shop2] = await Promise.all([
    contactById(tx.db, contactId),
    shopById(tx.db, session.shop_id)
  ]);
  const reception = await createRewardReception(tx, sessionActor(session), {
    contact_uuid: contact2.uuid,
    reward_uuid: rewardUuid,
    shop_uuid: shop2.uuid
  });
  await recordEvent(tx, session, "reward_reception", reception);
  return {
    reward_reception: {
      uuid: reception.uuid,
      title: reception.title,
      credits: reception.credits,
      reward_type: reception.reward.reward_type,
      expires_at: reception.expires_at,
      collect_at: reception.reward.reward_type === "PHYSICAL" ? shop2.name : null
    },
    contact: await portalContact2(tx.db, contactId)
  };
}
var ACTIVITY_LIMIT = 50;
async function sessionActivity(db, session) {
  const contactId = requireContact(session);
  const [credits2, rewards, prepaid, sessions] = await Promise.all([
    db.selectFrom("credit_receptions as c").leftJoin("shops as s", "s.id", "c.shop_id").leftJoin("reward_receptions as r", "r.reversed_by_credit_reception_id", "c.id").select(["c.uuid", "c.created_at", "c.credits_centi", "s.name as shop", "r.id as reversed_reward"]).where("c.contact_id", "=", contactId).orderBy("c.id", "desc").limit(ACTIVITY_LIMIT).execute(),
    db.selectFrom("reward_receptions as r").leftJoin("rewards as w", "w.id", "r.reward_id").leftJoin("shops as s", "s.id", "r.shop_id").select(["r.uuid", "r.created_at", "r.credits_centi", "w.title", "s.name as shop"]).where("r.contact_id", "=", contactId).orderBy("r.id", "desc").limit(ACTIVITY_LIMIT).execute(),
    db.selectFrom("prepaid_transactions as p").leftJoin("shops as s", "s.id", "p.shop_id").select(["p.uuid", "p.created_at", "p.amount_in_cents", "p.kind", "s.name as shop"]).where("p.contact_id", "=", contactId).where("p.kind", "<>", "opening").orderBy("p.id", "desc").limit(ACTIVITY_LIMIT).execute(),
    db.selectFrom("portal_sessions").select("id").where("contact_id", "=", contactId).execute()
  ]);
  const giftcards = await sessionGiftcardTransactions(
    db,
    sessions.map((s) => s.id)
  );
  const lines = [
    ...credits2.map((c) => {
      const centi = Number(c.credits_centi);
      return {
        type: "credit_reception",
        uuid: c.uuid,
        created_at: c.created_at,
        title: c.reversed_reward !== null ? "Credits returned" : centi < 0 ? "Credits reversed" : "Credits earned",
        credits: fromCenti(centi),
        amount_in_cents: null,
        shop: c.shop
      };
    }),
    ...rewards.map((r) => ({
      type: "reward_reception",
      uuid: r.uuid,
      created_at: r.created_at,
      title: r.title ?? "Reward",
      credits: fromCenti(Number(r.credits_centi)),
      amount_in_cents: null,
      shop: r.shop
    })),
    ...prepaid.map((p) => {
      const cents3 = Number(p.amount_in_cents);
      return {
        type: "prepaid_transaction",
        uuid: p.uuid,
        created_at: p.created_at,
        title: p.kind === "reversal" ? "Prepaid reversed" : cents3 < 0 ? "Prepaid payment" : "Prepaid top-up",
        credits: null,
        amount_in_cents: cents3,
        shop: p.shop
      };
    }),
    ...giftcards.map((g) => ({
      type: "giftcard_transaction",
      uuid: g.uuid,
      created_at: g.created_at,
      title: g.amount_in_cents < 0 ? "Gift card payment" : "Gift card top-up",
      credits: null,
      amount_in_cents: g.amount_in_cents,
      shop: g.shop
    }))
  ];
  return lines.sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at)).slice(0, ACTIVITY_LIMIT);
}
function portalSubscription2(s) {
  return {
    id: s.subscription_type.id,
    name: s.subscription_type.name,
    description: s.subscription_type.description,
    strategy: s.subscription_type.strategy,
    status: s.status
  };
}
async function sessionSubscriptions(db, session) {
  return (await listContactSubscriptions(db, requireContact(session))).map(portalSubscription2);
}
async function changeSubscriptionInSession(tx, session, input) {
  const contactId = requireContact(session);
  const type = { id: input.subscription_type_id };
  const changed = input.subscribed ? await subscribeContact(tx, contactId, type) : await unsubscribeContact(tx, contactId, type);
  await recordEvent(tx, session, "subscription_changed", {
    subscription_type: { id: changed.subscription_type.id },
    status: changed.status
  });
  return portalSubscription2(changed);
}
async function sessionCards(db, session) {
  const rows = await db.selectFrom("contact_identifiers").select(["id", "value", "name", "active"]).where("contact_id", "=", requireContact(session)).orderBy("id").execute();
  return rows.map(portalCard2);
}
async function addCardInSession(tx, session, value) {
  const contactId = requireContact(session);
  const existing = await identifierByValue(tx.db, value);
  if (existing && existing.active !== 1) throw new ServiceError(60004);
  if (existing?.contact_id === contactId) return portalCard2(existing);
  const card = existing ? await linkIdentifier(tx, value, contactId) : await createIdentifier(tx, { value, name: "Loyalty card", contactId });
  const contact2 = await contactById(tx.db, contactId);
  await recordEvent(tx, session, "card_added", {
    contact: { uuid: contact2.uuid, email: contact2.email },
    contact_identifier: value
  });
  return portalCard2(card);
}

// src/service/http/portal/session-calls.ts
import { z as z37 } from "zod";
var TAG2 = "Portal API";
var params3 = z37.object({ uuid: idField() });
var noBody2 = optionalBody(z37.object({}));
var IDEMPOTENCY2 = "Send an `Idempotency-Key` header per action: a retry with the same key and body answers the first response without acting again.";
var UNKNOWN_SESSION2 = { reason: "portal_session_not_found" };
var REFUSED = [
  UNKNOWN_SESSION2,
  { reason: "portal_session_expired" },
  { reason: "portal_session_ended" },
  { reason: "not_allowed_in_session" }
];
function sessionCalls(app) {
  return {
    /** A write: runs `work` once per Idempotency-Key, in one transaction. */
    async act(req, reply, uuid2, action, work) {
      await app.tx((tx) => loadSession(tx, uuid2));
      return withIdempotency(
        app,
        req,
        reply,
        `portal:${uuid2}`,
        async (tx) => ok(await work(tx, await sessionForAction(tx, uuid2, action)))
      );
    },
    /** A read of the session's customer data, allowed in the session's state and type only. */
    async read(uuid2, action, work) {
      await app.tx((tx) => loadSession(tx, uuid2));
      return ok(await app.tx(async (tx) => work(tx, await sessionForAction(tx, uuid2, action))));
    }
  };
}

// src/service/http/portal/customer-portal.ts
var IDENTIFIED = {
  operationId: "identifyPortalApiSession",
  parameters: { uuid: "$request.path.uuid" }
};
var CUSTOMER_REFUSED = [...REFUSED, { reason: "customer_not_identified" }];
async function customerPortalRoutes(fastify) {
  const app = zodRoutes(fastify);
  const { act, read } = sessionCalls(fastify);
  app.get(
    "/sessions/:uuid/vouchers",
    {
      config: { auth: "portal" },
      schema: {
        tags: [TAG2],
        summary: "The customer's active vouchers; vouchers and identify",
        exampleAfter: madeBy("createPortalSessionVoucher", "uuid"),
        errors: CUSTOMER_REFUSED,
        params: params3,
        response: { 200: envelope(z38.array(portalVoucher)) }
      }
    },
    (req) => read(req.params.uuid, "voucher_list", (tx, session) => sessionVouchers(tx.db, session, tx.now))
  );
  app.post(
    "/sessions/:uuid/vouchers/redeem",
    {
      config: { auth: "portal" },
      schema: {
        tags: [TAG2],
        summary: "Redeem a voucher by code for the customer (links a voucher of nobody); vouchers, identify",
        exampleAfter: madeBy("createPortalSessionVoucher", "uuid"),
        description: IDEMPOTENCY2,
        errors: [
          ...CUSTOMER_REFUSED,
          { reason: "voucher_someone_else", status: 403 },
          ...VOUCHER_REDEEM_REFUSALS,
          { reason: "voucher_limit_reached" }
        ],
        params: params3,
        body: voucherRedeemRequest,
        response: { 200: envelope(z38.object({ voucher: portalVoucher })) }
      }
    },
    (req, reply) => act(
      req,
      reply,
      req.params.uuid,
      "voucher_redeem",
      (tx, session) => redeemVoucherInSession(tx, session, req.body.code)
    )
  );
  app.get(
    "/sessions/:uuid/rewards",
    {
      config: { auth: "portal" },
      schema: {
        tags: [TAG2],
        summary: "The active rewards, claimable ones first, then by required credits; identify",
        exampleAfter: IDENTIFIED,
        errors: CUSTOMER_REFUSED,
        params: params3,
        response: { 200: envelope(z38.array(portalReward)) }
      }
    },
    (req) => read(req.params.uuid, "customer_portal", (tx, session) => sessionRewards(tx.db, session))
  );
  app.post(
    "/sessions/:uuid/rewards/claim",
    {
      config: { auth: "portal" },
      schema: {
        tags: [TAG2],
        summary: "Claim a reward with credits (a reward reception at this shop); identify",
        exampleAfter: IDENTIFIED,
        description: IDEMPOTENCY2,
        errors: [...CUSTOMER_REFUSED, 6003, 1052, 1018, 1019, 1017],
        params: params3,
        body: rewardClaimRequest,
        response: { 200: envelope(rewardClaimResult) }
      }
    },
    (req, reply) => act(
      req,
      reply,
      req.params.uuid,
      "customer_portal",
      (tx, session) => claimRewardInSession(tx, session, req.body.reward_uuid)
    )
  );
  app.get(
    "/sessions/:uuid/activity",
    {
      config: { auth: "portal" },
      schema: {
        tags: [TAG2],
        summary: "The customer's recent activity, newest first (at most 50); identify",
        exampleAfter: IDENTIFIED,
        errors: CUSTOMER_REFUSED,
        params: params3,
        response: { 200: envelope(z38.array(portalActivity)) }
      }
    },
    (req) => read(req.params.uuid, "customer_portal", (tx, session) => sessionActivity(tx.db, session))
  );
  app.get(
    "/sessions/:uuid/subscriptions",
    {
      config: { auth: "portal" },
      schema: {
        tags: [TAG2],
        summary: "The customer's e-mail subscriptions; identify",
        exampleAfter: IDENTIFIED,
        errors: CUSTOMER_REFUSED,
        params: params3,
        response: { 200: envelope(z38.array(portalSubscription)) }
      }
    },
    (req) => read(req.params.uuid, "customer_portal", (tx, session) => sessionSubscriptions(tx.db, session))
  );
  app.post(
    "/sessions/:uuid/subscriptions",
    {
      config: { auth: "portal" },
      schema: {
        tags: [TAG2],
        summary: "Subscribe or unsubscribe the customer (double opt-in: PENDING_CONFIRMATION); identify",
        exampleAfter: IDENTIFIED,
        description: IDEMPOTENCY2,
        errors: [...CUSTOMER_REFUSED, 55030],
        params: params3,
        body: subscriptionChangeRequest,
        response: { 200: envelope(portalSubscription) }
      }
    },
    (req, reply) => act(
      req,
      reply,
      req.params.uuid,
      "customer_portal",
      (tx, session) => changeSubscriptionInSession(tx, session, req.body)
    )
  );
  app.get(
    "/sessions/:uuid/cards",
    {
      config: { auth: "portal" },
      schema: {
        tags: [TAG2],
        summary: "The customer's cards (values as their last 4 characters); identify",
        exampleAfter: IDENTIFIED,
        errors: CUSTOMER_REFUSED,
        params: params3,
        response: { 200: envelope(z38.array(portalCard)) }
      }
    },
    (req) => read(req.params.uuid, "customer_portal", (tx, session) => sessionCards(tx.db, session))
  );
  app.post(
    "/sessions/:uuid/cards",
    {
      config: { auth: "portal" },
      schema: {
        tags: [TAG2],
        summary: "Add a scanned card to the customer (new, or unlinked); identify",
        exampleAfter: IDENTIFIED,
        description: IDEMPOTENCY2,
        errors: [...CUSTOMER_REFUSED, 60004, { code: 60014, when: "someone else's card" }],
        params: params3,
        body: scanRequest.meta({ example: { value: DEMO.freeCard } }),
        response: { 200: envelope(portalCard) }
      }
    },
    (req, reply) => act(
      req,
      reply,
      req.params.uuid,
      "customer_portal",
      (tx, session) => addCardInSession(tx, session, req.body.value)
    )
  );
  app.post(
    "/sessions/:uuid/cards/remove",
    {
      config: { auth: "portal" },
      schema: {
        tags: [TAG2],
        summary: "Remove one of the customer\u2019s cards (unlinked, kept with its history); identify",
        exampleAfter: IDENTIFIED,
        description: IDEMPOTENCY2,
        errors: [
          ...CUSTOMER_REFUSED,
          { code: 1003, status: 404, when: "naming card_id: not one of the customer\u2019s cards" }
        ],
        params: params3,
        body: cardRemoveRequest,
        response: { 200: envelope(portalCard) }
      }
    },
    (req, reply) => act(
      req,
      reply,
      req.params.uuid,
      "customer_portal",
      (tx, session) => removeCardInSession(tx, session, req.body.card_id)
    )
  );
  app.get(
    "/sessions/:uuid/stats",
    {
      config: { auth: "portal" },
      schema: {
        tags: [TAG2],
        summary: "The customer's visits, last visit and credits earned; identify",
        exampleAfter: IDENTIFIED,
        errors: CUSTOMER_REFUSED,
        params: params3,
        response: { 200: envelope(portalStats) }
      }
    },
    (req) => read(req.params.uuid, "customer_portal", (tx, session) => sessionStats(tx.db, session))
  );
  app.get(
    "/sessions/:uuid/profile",
    {
      config: { auth: "portal" },
      schema: {
        tags: [TAG2],
        summary: "The profile fields the account lets the customer change, with their values; identify",
        exampleAfter: IDENTIFIED,
        errors: CUSTOMER_REFUSED,
        params: params3,
        response: { 200: envelope(portalProfile) }
      }
    },
    (req) => read(req.params.uuid, "customer_portal", (tx, session) => sessionProfile(tx.db, session))
  );
  app.post(
    "/sessions/:uuid/profile",
    {
      config: { auth: "portal" },
      schema: {
        tags: [TAG2],
        summary: "Change editable profile fields (settings.editable_contact_fields); identify",
        exampleAfter: IDENTIFIED,
        description: IDEMPOTENCY2,
        errors: [
          ...CUSTOMER_REFUSED,
          {
            code: 1003,
            when: "naming attributes.<field>: not editable here, or not valid (as PUT /contacts/{uuid} checks it)"
          }
        ],
        params: params3,
        body: profileUpdateRequest,
        response: { 200: envelope(portalProfile) }
      }
    },
    (req, reply) => act(
      req,
      reply,
      req.params.uuid,
      "customer_portal",
      (tx, session) => updateProfileInSession(tx, session, req.body.attributes)
    )
  );
}

// src/service/http/portal/devices.ts
import { z as z39 } from "zod";

// src/service/domain/devices.ts
async function deviceShopId(db, token) {
  const device = await db.selectFrom("devices").select("shop_id").where("token_hash", "=", hashToken(token)).executeTakeFirst();
  if (!device) throw sessionRefusal("device_not_found", "Device not found", "Apparaat niet gevonden");
  return device.shop_id;
}
async function deviceState2(db, shopId, now) {
  const [shop2, look, session] = await Promise.all([
    shopById(db, shopId),
    accountLook(db),
    db.selectFrom("portal_sessions").select(["uuid", "type", "expires_at"]).where("shop_id", "=", shopId).where("status", "=", "open").where("expires_at", ">", isoTimestamp(now)).orderBy("id", "desc").limit(1).executeTakeFirst()
  ]);
  return {
    state: {
      shop: { uuid: shop2.uuid, name: shop2.name },
      account: look.account,
      session: session ? { uuid: session.uuid, type: session.type } : null
    },
    expiresAt: session?.expires_at ?? null
  };
}

// src/service/http/portal/devices.ts
var TAG3 = "Portal API";
var params4 = z39.object({ token: idField().meta({ example: DEMO.device }) });
var UNKNOWN_DEVICE = { reason: "device_not_found" };
async function deviceRoutes(fastify) {
  const app = zodRoutes(fastify);
  const streams = eventStreams(fastify);
  app.get(
    "/devices/:token",
    {
      config: { auth: "portal" },
      schema: {
        tags: [TAG3],
        summary: "A standby screen's shop and the session it shows",
        errors: [UNKNOWN_DEVICE],
        params: params4,
        response: { 200: envelope(deviceState) }
      }
    },
    async (req) => {
      const shopId = await deviceShopId(app.db, req.params.token);
      return ok((await deviceState2(app.db, shopId, app.clock())).state);
    }
  );
  app.get(
    "/devices/:token/stream",
    {
      config: { auth: "portal" },
      schema: {
        tags: [TAG3],
        summary: "A standby screen's state as server-sent events (event: device_state)",
        produces: ["text/event-stream"],
        description: "Sends the state at once, and again whenever a session of the shop is created or ends (or the one shown expires).",
        errors: [UNKNOWN_DEVICE],
        params: params4
      }
    },
    async (req, reply) => {
      const shopId = await deviceShopId(app.db, req.params.token);
      const stream = streams.open(reply);
      let last = "";
      let expiry;
      let closed = false;
      let queue = Promise.resolve();
      const send2 = async () => {
        const { state, expiresAt } = await deviceState2(app.db, shopId, app.clock());
        if (closed) return;
        clearTimeout(expiry);
        if (expiresAt) {
          expiry = setTimeout(refresh, Math.max(0, Date.parse(expiresAt) - app.clock().getTime()) + 1e3);
          expiry.unref();
        }
        const text = JSON.stringify(state);
        if (text === last) return;
        last = text;
        stream.send("device_state", state);
      };
      function refresh() {
        queue = queue.then(send2).catch((err) => req.log.warn({ err }, "device state failed"));
      }
      stream.onClose(() => {
        closed = true;
        clearTimeout(expiry);
      });
      stream.onClose(app.bus.subscribe(shopTopic(shopId), refresh));
      refresh();
      await queue;
    }
  );
}

// src/service/http/portal/money.ts
import { z as z40 } from "zod";

// src/service/domain/giftcard-transactions.ts
import { sql as sql11 } from "kysely";

// src/service/domain/giftcards.ts
import { randomBytes as randomBytes2 } from "node:crypto";
import { sql as sql10 } from "kysely";

// src/service/mail/template.ts
var TOKEN = /\{\{\s*([A-Za-z_][\w-]*(?:\.[\w-]+)+)\s*\}\}/g;
var HTML_ESCAPES = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;"
};
function isHtml(content) {
  return /<[a-z][^>]*>/i.test(content);
}
function renderTemplate(content, values, html = isHtml(content)) {
  return content.replace(TOKEN, (_token, name) => {
    const value = values[name];
    const text = value === null || value === void 0 ? "" : String(value);
    return html ? text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]) : text;
  });
}
function hasToken(content, name) {
  return [...content.matchAll(TOKEN)].some((m) => m[1] === name);
}

// src/service/domain/giftcards.ts
async function giftcardByUuid(db, uuid2) {
  const row = await db.selectFrom("giftcards").selectAll().where("uuid", "=", uuid2).executeTakeFirst();
  if (!row) throw new ServiceError(5001);
  return row;
}
async function giftcardProgramByUuid(db, uuid2) {
  const row = await db.selectFrom("giftcard_programs").selectAll().where("uuid", "=", uuid2).executeTakeFirst();
  if (!row) throw new ServiceError(1100);
  return row;
}
async function programById(db, id) {
  return db.selectFrom("giftcard_programs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}
function decoded(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
function hashCandidates(input) {
  const text = input.trim();
  const found = [text];
  const param = /[?&#]hash=([^&#\s]+)/i.exec(text)?.[1];
  if (param) found.push(decoded(param));
  const last = text.split(/[?#]/)[0].replace(/\/+$/, "").split("/").pop();
  if (last) found.push(decoded(last));
  return [...new Set(found.flatMap((c) => [c, c.toUpperCase()]))];
}
async function findGiftcard(db, hashOrQr) {
  const candidates = hashCandidates(hashOrQr);
  const rows = await db.selectFrom("giftcards").selectAll().where("hash", "in", candidates).execute();
  const byHash = new Map(rows.map((r) => [r.hash, r]));
  const match = candidates.map((c) => byHash.get(c)).find(Boolean);
  if (!match) throw new ServiceError(5001);
  return match;
}
async function hasBeenIncremented(db, giftcardId) {
  const row = await db.selectFrom("giftcard_transactions").select("id").where("giftcard_id", "=", giftcardId).where("amount_in_cents", ">", 0).where("reverses_id", "is", null).limit(1).executeTakeFirst();
  return row !== void 0;
}
function isExpired(card, now) {
  return card.expiration_date !== null && Date.parse(card.expiration_date) < now.getTime();
}
function formatDate(timestamp2) {
  const m = timestamp2 ? /^(\d{4})-(\d{2})-(\d{2})/.exec(timestamp2) : null;
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}
async function giftcardView(db, card) {
  const [program, incremented] = await Promise.all([
    programById(db, card.giftcard_program_id),
    card.type === "DIGITAL" ? hasBeenIncremented(db, card.id) : false
  ]);
  const cents3 = Number(card.balance_in_cents);
  return {
    id: card.id,
    uuid: card.uuid,
    type: card.type,
    hash: card.hash,
    amount_in_cents: cents3,
    upgradeable: !incremented,
    active: bool(card.active),
    expiration_date: card.expiration_date,
    amount: cents3 / 100,
    url: null,
    display_amount: formatCents(cents3),
    formatted_expiration_date: formatDate(card.expiration_date),
    giftcard_program: {
      id: program.id,
      name: program.name,
      uuid: program.uuid,
      max_amount_in_cents: program.max_amount_in_cents === null ? null : Number(program.max_amount_in_cents),
      calculator_flow: program.calculator_flow,
      expiration_days: program.expiration_days
    },
    giftcard_recipients: []
  };
}
async function foundGiftcardView(db, card) {
  const view = await giftcardView(db, card);
  return {
    uuid: view.uuid,
    type: view.type,
    hash: view.hash,
    expiration_date: view.expiration_date,
    active: view.active,
    upgradeable: view.upgradeable,
    amount_in_cents: view.amount_in_cents,
    display_amount: view.display_amount,
    giftcard_program: { name: view.giftcard_program.name, uuid: view.giftcard_program.uuid }
  };
}
var HASH_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
var HASH_LENGTH = 12;
function newHash() {
  const bytes = randomBytes2(HASH_LENGTH * 2);
  let out = "GC-";
  for (const byte of bytes) {
    if (out.length === 3 + HASH_LENGTH) break;
    if (byte < 256 - 256 % HASH_ALPHABET.length) out += HASH_ALPHABET[byte % HASH_ALPHABET.length];
  }
  return out.length === 3 + HASH_LENGTH ? out : newHash();
}
async function createGiftcard(tx, input) {
  if (input.type !== 1) throw new ServiceError(55021);
  const program = await giftcardProgramByUuid(tx.db, input.giftcard_program_uuid);
  const expiration = program.expiration_days === null ? null : isoTimestamp(new Date(tx.now.getTime() + program.expiration_days * 864e5));
  for (; ; ) {
    const row = await tx.db.insertInto("giftcards").values({
      uuid: newUuid(),
      giftcard_program_id: program.id,
      hash: newHash(),
      type: "DIGITAL",
      balance_in_cents: 0,
      expiration_date: expiration,
      active: 1,
      created_at: isoTimestamp(tx.now)
    }).onConflict((oc) => oc.column("hash").doNothing()).returningAll().executeTakeFirst();
    if (row) return giftcardView(tx.db, row);
  }
}
async function listGiftcards(db, query) {
  const program = query.giftcard_program_uuid === void 0 ? void 0 : await giftcardProgramByUuid(db, query.giftcard_program_uuid);
  let base = db.selectFrom("giftcards");
  if (program) base = base.where("giftcards.giftcard_program_id", "=", program.id);
  const { total } = await base.select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow();
  const { offset, lastPage } = pageWindow(query.page, query.limit, Number(total));
  const rows = await base.innerJoin("giftcard_programs as p", "p.id", "giftcards.giftcard_program_id").select([
    "giftcards.uuid",
    "giftcards.type",
    "giftcards.hash",
    "giftcards.expiration_date",
    "giftcards.active",
    "giftcards.balance_in_cents",
    "p.uuid as program_uuid",
    "p.name as program_name",
    sql10`case when giftcards.type = 'DIGITAL' and exists (select 1 from giftcard_transactions t
        where t.giftcard_id = giftcards.id and t.amount_in_cents > 0 and t.reverses_id is null)
        then 1 else 0 end`.as("incremented")
  ]).orderBy("giftcards.id").limit(query.limit).offset(offset).execute();
  return {
    items: rows.map((r) => ({
      uuid: r.uuid,
      type: r.type,
      hash: r.hash,
      expiration_date: r.expiration_date,
      active: bool(r.active),
      upgradeable: Number(r.incremented) !== 1,
      amount_in_cents: Number(r.balance_in_cents),
      giftcard_program: { uuid: r.program_uuid, name: r.program_name }
    })),
    meta: { page: query.page, per_page: query.limit, last_page: lastPage, total: Number(total) }
  };
}
var GIFTCARD_RECIPIENT = "giftcard_recipient";
async function giftcardEmail(db, giftcardUuid, input) {
  const card = await giftcardByUuid(db, giftcardUuid);
  const contact2 = await contactByUuid(db, input.contact_uuid);
  const subscribed = new Set(
    (await listContactSubscriptions(db, contact2.id)).filter((s) => s.status === "SUBSCRIBED").map((s) => s.subscription_type.id)
  );
  let query = db.selectFrom("automated_emails").selectAll().where("category", "=", GIFTCARD_RECIPIENT);
  if (input.email_uuid !== void 0) query = query.where("uuid", "=", input.email_uuid);
  const email = (await query.orderBy("id").execute()).find(
    (e) => e.subscription_type_id !== null && subscribed.has(e.subscription_type_id) && hasToken(e.content, "giftcard.hash")
  );
  if (!email) {
    const rule = "of category giftcard_recipient, with a subscription type the contact is subscribed to and {{ giftcard.hash }} in its content";
    if (input.email_uuid !== void 0) {
      invalidField("email_uuid", `The email uuid must name an automated e-mail ${rule}.`);
    }
    throw refusal("no_automated_email", `No automated e-mail fits: one is needed ${rule}.`);
  }
  const view = await giftcardView(db, card);
  const account = await db.selectFrom("account").select("name").executeTakeFirst();
  const values = {
    ...input.merge_tags,
    "contact.firstname": contact2.firstname,
    "contact.lastname": contact2.lastname,
    "contact.email": contact2.email,
    "giftcard.hash": card.hash,
    "giftcard.display_amount": view.display_amount,
    "giftcard.formatted_expiration_date": view.formatted_expiration_date
  };
  const body = renderTemplate(email.content, values);
  return {
    mail: {
      to: contact2.email,
      fromName: account?.name,
      subject: renderTemplate(email.subject, values, false),
      ...isHtml(email.content) ? { html: body } : { text: body }
    },
    result: {
      giftcard: { uuid: card.uuid, hash: card.hash },
      contact: { uuid: contact2.uuid, email: contact2.email },
      email: { uuid: email.uuid, name: email.name, subject: email.subject }
    }
  };
}

// src/service/domain/giftcard-transactions.ts
var RESOURCE_FIELDS = /* @__PURE__ */ new Set([
  "id",
  "uuid",
  "amount_in_cents",
  "type",
  "settled",
  "card",
  "card_id",
  "shop",
  "shop_id",
  "settlements",
  "created_at"
]);
async function giftcardTransactionByUuid(db, uuid2) {
  const row = await db.selectFrom("giftcard_transactions").selectAll().where("uuid", "=", uuid2).executeTakeFirst();
  if (!row) throw new ServiceError(5010);
  return row;
}
async function giftcardTransactionView(db, row) {
  const [card, shop2] = await Promise.all([
    db.selectFrom("giftcards").select(["id", "uuid"]).where("id", "=", row.giftcard_id).executeTakeFirstOrThrow(),
    row.shop_id === null ? void 0 : db.selectFrom("shops").select(["id", "uuid", "name"]).where("id", "=", row.shop_id).executeTakeFirst()
  ]);
  return {
    ...jsonObject(row.attributes),
    id: row.id,
    uuid: row.uuid,
    amount_in_cents: Number(row.amount_in_cents),
    type: "STANDARD",
    settled: bool(row.settled),
    card: { id: card.id, uuid: card.uuid },
    card_id: card.id,
    shop: shop2 ?? null,
    shop_id: shop2?.id ?? null,
    settlements: [],
    created_at: row.created_at
  };
}
async function applyTransaction(tx, cardId, amount, values) {
  await tx.lock("giftcards", cardId);
  const card = await tx.db.selectFrom("giftcards").selectAll().where("id", "=", cardId).executeTakeFirstOrThrow();
  if (!bool(card.active)) throw refusal("giftcard_inactive", "Giftcard is inactive");
  if (isExpired(card, tx.now)) throw new ServiceError(5002);
  if (amount > 0 && values.reversesId === null && card.type === "DIGITAL" && await hasBeenIncremented(tx.db, card.id)) {
    throw new ServiceError(5006);
  }
  const program = await tx.db.selectFrom("giftcard_programs").select("max_amount_in_cents").where("id", "=", card.giftcard_program_id).executeTakeFirstOrThrow();
  const max = program.max_amount_in_cents === null ? null : Number(program.max_amount_in_cents);
  const after = Number(card.balance_in_cents) + amount;
  if (max !== null && after > max) throw new ServiceError(5008);
  if (after < 0) throw new ServiceError(5003);
  const next = sql11`balance_in_cents + ${amount}`;
  let update = tx.db.updateTable("giftcards").set({ balance_in_cents: next }).where("id", "=", card.id).where(next, ">=", 0);
  if (max !== null) update = update.where(next, "<=", max);
  const moved = await update.executeTakeFirst();
  if (moved.numUpdatedRows === 0n) throw new ServiceError(amount < 0 ? 5003 : 5008);
  const row = await tx.db.insertInto("giftcard_transactions").values({
    uuid: newUuid(),
    giftcard_id: card.id,
    shop_id: values.shopId,
    amount_in_cents: amount,
    type: "STANDARD",
    settled: 1,
    reverses_id: values.reversesId,
    attributes: JSON.stringify(values.attributes),
    created_at: isoTimestamp(tx.now)
  }).onConflict((oc) => oc.doNothing()).returningAll().executeTakeFirst();
  if (!row) throw new ServiceError(55025);
  return row;
}
async function createGiftcardTransaction(tx, actor, input) {
  const attributes = input.custom_attributes ?? {};
  const clashes = Object.keys(attributes).filter((name) => RESOURCE_FIELDS.has(name));
  if (clashes.length > 0) {
    throw new ServiceError(1003, {
      fields: Object.fromEntries(
        clashes.map((name) => [
          `custom_attributes.${name}`,
          [`The name ${name} is a field of the transaction.`]
        ])
      )
    });
  }
  const card = await giftcardByUuid(tx.db, input.giftcard_uuid);
  const shop2 = await resolveShop(tx.db, actor, input.shop_uuid);
  const row = await applyTransaction(tx, card.id, input.amount_in_cents, {
    shopId: shop2.id,
    attributes,
    reversesId: null
  });
  return giftcardTransactionView(tx.db, row);
}
async function reverseGiftcardTransaction(tx, uuid2) {
  const original = await giftcardTransactionByUuid(tx.db, uuid2);
  await tx.lock("giftcards", original.giftcard_id);
  const last = await tx.db.selectFrom("giftcard_transactions").select((eb) => eb.fn.max("id").as("id")).where("giftcard_id", "=", original.giftcard_id).executeTakeFirstOrThrow();
  if (Number(last.id) !== original.id) throw new ServiceError(55025);
  const row = await applyTransaction(tx, original.giftcard_id, 0 - Number(original.amount_in_cents), {
    shopId: original.shop_id,
    attributes: {},
    reversesId: original.id
  });
  return giftcardTransactionView(tx.db, row);
}

// src/service/domain/prepaid.ts
import { sql as sql12 } from "kysely";
async function prepaidTransactionByUuid(db, uuid2) {
  const row = await db.selectFrom("prepaid_transactions").selectAll().where("uuid", "=", uuid2).executeTakeFirst();
  if (!row) throw refusal("prepaid_transaction_not_found", "Prepaid transaction not found");
  return row;
}
async function balanceAfter(db, contactId, id) {
  const row = await db.selectFrom("prepaid_transactions").select(sql12`coalesce(sum(amount_in_cents), 0)`.as("balance")).where("contact_id", "=", contactId).where("id", "<=", id).executeTakeFirstOrThrow();
  return Number(row.balance);
}
async function views(db, contact2, rows, newestBalance) {
  const identifierIds = [...new Set(rows.map((r) => r.contact_identifier_id).filter((id) => id !== null))];
  const identifiers = identifierIds.length === 0 ? [] : await db.selectFrom("contact_identifiers").select(["id", "value"]).where("id", "in", identifierIds).execute();
  const values = new Map(identifiers.map((i) => [i.id, i.value]));
  const shopIds = [...new Set(rows.map((r) => r.shop_id).filter((id) => id !== null))];
  const shops = new Map(
    await Promise.all(shopIds.map(async (id) => [id, shopWithAddress(await shopById(db, id))]))
  );
  let balance = newestBalance;
  return rows.map((row) => {
    const view = {
      uuid: row.uuid,
      amount_in_cents: Number(row.amount_in_cents),
      prepaid_balance: { balance_in_cents: balance },
      contact: { uuid: contact2.uuid, email: contact2.email },
      contact_identifier: row.contact_identifier_id === null ? null : values.get(row.contact_identifier_id) ?? null,
      shop: row.shop_id === null ? null : shops.get(row.shop_id) ?? null,
      created_at: row.created_at
    };
    balance -= Number(row.amount_in_cents);
    return view;
  });
}
async function record(tx, values) {
  await tx.lock("contacts", values.contactId);
  const next = sql12`prepaid_balance_in_cents + ${values.amount}`;
  const moved = await tx.db.updateTable("contacts").set({ prepaid_balance_in_cents: next }).where("id", "=", values.contactId).where(next, ">=", 0).returning(["uuid", "email", "prepaid_balance_in_cents"]).executeTakeFirst();
  if (!moved) {
    throw refusal("prepaid_balance_insufficient", "Insufficient prepaid balance", {
      fields: { amount_in_cents: ["The amount in cents field is more than the prepaid balance."] }
    });
  }
  const row = await tx.db.insertInto("prepaid_transactions").values({
    uuid: newUuid(),
    contact_id: values.contactId,
    shop_id: values.shopId,
    contact_identifier_id: values.identifierId,
    amount_in_cents: values.amount,
    kind: values.reversesId === null ? "transaction" : "reversal",
    reverses_id: values.reversesId,
    created_at: isoTimestamp(tx.now)
  }).onConflict((oc) => oc.doNothing()).returningAll().executeTakeFirst();
  if (!row) throw refusal("prepaid_transaction_already_reversed", "Prepaid transaction already reversed");
  const [view] = await views(tx.db, moved, [row], Number(moved.prepaid_balance_in_cents));
  return view;
}
async function createPrepaidTransaction(tx, actor, input) {
  if (input.contact_uuid === void 0 && input.contact_identifier_value === void 0) {
    throw new ServiceError(1003, {
      fields: {
        contact_uuid: ["The contact uuid field is required when contact identifier value is not present."],
        contact_identifier_value: [
          "The contact identifier value field is required when contact uuid is not present."
        ]
      }
    });
  }
  const shop2 = await resolveShop(tx.db, actor, input.shop_uuid);
  const identifier = input.contact_identifier_value === void 0 ? void 0 : await activeIdentifierByValue(tx.db, input.contact_identifier_value);
  let contact2;
  if (input.contact_uuid !== void 0) {
    contact2 = await contactByUuid(tx.db, input.contact_uuid);
    if (identifier && identifier.contact_id !== contact2.id) throw new ServiceError(60003);
  } else {
    if (identifier?.contact_id == null) {
      throw new ServiceError(55031, { detail: "The contact identifier is not linked to a contact" });
    }
    contact2 = await contactById(tx.db, identifier.contact_id);
  }
  return record(tx, {
    contactId: contact2.id,
    shopId: shop2.id,
    identifierId: identifier?.id ?? null,
    amount: input.amount_in_cents,
    reversesId: null
  });
}
async function reversePrepaidTransaction(tx, uuid2) {
  const original = await prepaidTransactionByUuid(tx.db, uuid2);
  if (original.kind !== "transaction") {
    throw original.kind === "opening" ? refusal("opening_balance_not_reversible", "An opening balance cannot be reversed") : refusal("reversal_not_reversible", "A reversal cannot be reversed");
  }
  return record(tx, {
    contactId: original.contact_id,
    shopId: original.shop_id,
    identifierId: original.contact_identifier_id,
    amount: 0 - Number(original.amount_in_cents),
    reversesId: original.id
  });
}
async function listPrepaidTransactions(db, query) {
  const contact2 = await contactByUuid(db, query.contact_uuid);
  const { total } = await db.selectFrom("prepaid_transactions").select((eb) => eb.fn.countAll().as("total")).where("contact_id", "=", contact2.id).executeTakeFirstOrThrow();
  const { offset } = pageWindow(query.page, query.limit, Number(total));
  const rows = await db.selectFrom("prepaid_transactions").selectAll().where("contact_id", "=", contact2.id).orderBy("id", "desc").limit(query.limit).offset(offset).execute();
  const items = rows.length === 0 ? [] : await views(db, contact2, rows, await balanceAfter(db, contact2.id, rows[0].id));
  return { items, meta: paginatorMeta2(query.page, query.limit, Number(total), items.length) };
}
async function prepaidBalance2(db, contactUuid) {
  const contact2 = await contactByUuid(db, contactUuid);
  return { balance_in_cents: Number(contact2.prepaid_balance_in_cents) };
}

// src/service/domain/portal-money.ts
async function portalGiftcard2(db, card, now) {
  const view = await giftcardView(db, card);
  const expired = isExpired(card, now);
  const max = view.giftcard_program.max_amount_in_cents;
  const room = max === null ? null : Math.max(0, max - view.amount_in_cents);
  return {
    uuid: card.uuid,
    hash_hint: hint(card.hash),
    type: card.type,
    balance_in_cents: view.amount_in_cents,
    expiration_date: card.expiration_date,
    expired,
    active: view.active,
    can_top_up: view.active && !expired && view.upgradeable && room !== 0,
    max_top_up_in_cents: room
  };
}
async function scanGiftcard(db, value, now) {
  return { giftcard: await portalGiftcard2(db, await findGiftcard(db, value), now) };
}
async function redeemGiftcardInSession(tx, session, giftcardUuid) {
  const before = await giftcardPaymentState(tx.db, session);
  if (before.remaining_in_cents === 0) {
    throw sessionRefusal(
      "nothing_left_to_pay",
      "Nothing remains to be paid",
      "Er hoeft niets meer betaald te worden"
    );
  }
  if (!sessionSettings(session).allow_multiple_giftcards && before.payments.length > 0) {
    throw sessionRefusal(
      "one_giftcard_only",
      "This session takes one gift card only",
      "In deze sessie kan maar \xE9\xE9n cadeaukaart betalen"
    );
  }
  const card = await lockByUuid(tx, "giftcards", giftcardUuid, giftcardByUuid);
  const balance = Number(card.balance_in_cents);
  const remaining = before.remaining_in_cents;
  const charge = balance > 0 ? Math.min(balance, remaining) : remaining;
  const transaction = await createGiftcardTransaction(tx, sessionActor(session), {
    giftcard_uuid: giftcardUuid,
    amount_in_cents: -charge
  });
  await recordEvent(tx, session, "giftcard_transaction", transaction);
  const after = await giftcardPaymentState(tx.db, session);
  return { payment: after.payments.at(-1), ...after };
}
async function assertTypedAmountAllowed(db, amountInCents2) {
  if (amountInCents2 === void 0) return;
  const min = (await accountLook(db)).kiosk.min_amount_in_cents;
  if (amountInCents2 < min) {
    invalidField("amount_in_cents", `The amount in cents field must be at least ${min}.`, {
      reason: "amount_below_minimum"
    });
  }
}
async function topUpGiftcardInSession(tx, session, input) {
  await assertTypedAmountAllowed(tx.db, input.amount_in_cents);
  const transaction = await createGiftcardTransaction(tx, sessionActor(session), input);
  await recordEvent(tx, session, "giftcard_transaction", transaction);
  const card = await giftcardByUuid(tx.db, input.giftcard_uuid);
  return {
    giftcard: await portalGiftcard2(tx.db, card, tx.now),
    transaction_uuid: transaction.uuid,
    amount_in_cents: transaction.amount_in_cents
  };
}
async function assertNoPrepaidYet(db, session) {
  const done = await db.selectFrom("portal_session_events").select("id").where("portal_session_id", "=", session.id).where("type", "=", "prepaid_transaction").executeTakeFirst();
  if (done) {
    throw sessionRefusal(
      "prepaid_transaction_done",
      "This session has already made its prepaid transaction",
      "Deze sessie heeft haar prepaid-transactie al gedaan"
    );
  }
}
function prepaidAmount(session, amount) {
  const cents3 = amount ?? (session.amount_in_cents === null ? void 0 : Number(session.amount_in_cents));
  if (cents3 === void 0) {
    invalidField("amount_in_cents", "The amount in cents field is required when the session has no amount.");
  }
  return cents3;
}
async function payPrepaidInSession(tx, session, amount) {
  const contactId = requireContact(session);
  await assertNoPrepaidYet(tx.db, session);
  await assertTypedAmountAllowed(tx.db, amount);
  const asked = prepaidAmount(session, amount);
  await tx.lock("contacts", contactId);
  const contact2 = await contactById(tx.db, contactId);
  const balance = Number(contact2.prepaid_balance_in_cents);
  const charge = balance > 0 ? Math.min(asked, balance) : asked;
  return prepaidInSession(tx, session, contact2.uuid, -charge, asked - charge);
}
async function topUpPrepaidInSession(tx, session, amount) {
  const contactId = requireContact(session);
  await assertNoPrepaidYet(tx.db, session);
  await assertTypedAmountAllowed(tx.db, amount);
  const cents3 = prepaidAmount(session, amount);
  const contact2 = await contactById(tx.db, contactId);
  return prepaidInSession(tx, session, contact2.uuid, cents3, 0);
}
async function prepaidInSession(tx, session, contactUuid, cents3, unpaid) {
  const transaction = await createPrepaidTransaction(tx, sessionActor(session), {
    contact_uuid: contactUuid,
    amount_in_cents: cents3
  });
  await recordEvent(tx, session, "prepaid_transaction", transaction);
  return {
    transaction_uuid: transaction.uuid,
    charged_in_cents: Math.abs(cents3),
    unpaid_in_cents: unpaid,
    contact: await portalContact2(tx.db, requireContact(session))
  };
}

// src/service/http/portal/money.ts
async function portalMoneyRoutes(fastify) {
  const app = zodRoutes(fastify);
  const { act } = sessionCalls(fastify);
  app.post(
    "/sessions/:uuid/giftcards/scan",
    {
      config: { auth: "portal" },
      schema: {
        tags: [TAG2],
        summary: "A scanned gift card (hash or QR content); redeem_giftcards and top_up_giftcards",
        exampleAfter: madeBy("createPortalSessionRedeemGiftcard", "uuid"),
        description: IDEMPOTENCY2,
        errors: [...REFUSED, 5001],
        params: params3,
        body: scanRequest.meta({ example: { value: DEMO.giftcardHash } }),
        response: { 200: envelope(z40.object({ giftcard: portalGiftcard })) }
      }
    },
    (req, reply) => act(req, reply, req.params.uuid, "giftcard_scan", (tx) => scanGiftcard(tx.db, req.body.value, tx.now))
  );
  app.post(
    "/sessions/:uuid/giftcards/redeem",
    {
      config: { auth: "portal" },
      schema: {
        tags: [TAG2],
        summary: "Pay with a gift card: min(balance, remaining) of the session's amount; redeem_giftcards",
        exampleAfter: madeBy("createPortalSessionRedeemGiftcard", "uuid"),
        description: IDEMPOTENCY2,
        errors: [
          ...REFUSED,
          { reason: "nothing_left_to_pay" },
          { reason: "one_giftcard_only" },
          5001,
          { reason: "giftcard_inactive" },
          5002,
          { code: 5003, when: "an empty card" }
        ],
        params: params3,
        body: giftcardRequest,
        response: { 200: envelope(giftcardRedeemResult) }
      }
    },
    (req, reply) => act(
      req,
      reply,
      req.params.uuid,
      "giftcard_redeem",
      (tx, session) => redeemGiftcardInSession(tx, session, req.body.giftcard_uuid)
    )
  );
  app.post(
    "/sessions/:uuid/giftcards/top-up",
    {
      config: { auth: "portal" },
      schema: {
        tags: [TAG2],
        summary: "Top up a gift card; top_up_giftcards",
        exampleAfter: madeBy("createPortalSessionTopUpGiftcard", "uuid"),
        description: IDEMPOTENCY2,
        errors: [
          ...REFUSED,
          5001,
          { reason: "giftcard_inactive" },
          5002,
          { code: 5006, when: "a digital card topped up already" },
          { code: 5008, when: "above the program's maximum" }
        ],
        params: params3,
        body: giftcardTopUpRequest,
        response: { 200: envelope(giftcardTopUpResult) }
      }
    },
    (req, reply) => act(
      req,
      reply,
      req.params.uuid,
      "giftcard_top_up",
      (tx, session) => topUpGiftcardInSession(tx, session, req.body)
    )
  );
  app.post(
    "/sessions/:uuid/prepaid/pay",
    {
      config: { auth: "portal" },
      schema: {
        tags: [TAG2],
        summary: "Pay min(amount, balance) from the customer's prepaid balance; pay_prepaid",
        exampleAfter: madeBy("createPortalSessionPayPrepaid", "uuid"),
        description: `The amount is \`amount_in_cents\`, else the session's. Once per session. ${IDEMPOTENCY2}`,
        errors: [
          ...REFUSED,
          { reason: "customer_not_identified" },
          { reason: "prepaid_transaction_done" },
          { code: 1003, when: "naming amount_in_cents without an amount" },
          { reason: "amount_below_minimum" },
          { reason: "prepaid_balance_insufficient" }
        ],
        params: params3,
        body: optionalBody(amountRequest),
        response: { 200: envelope(prepaidResult) }
      }
    },
    (req, reply) => act(
      req,
      reply,
      req.params.uuid,
      "prepaid_pay",
      (tx, session) => payPrepaidInSession(tx, session, req.body.amount_in_cents)
    )
  );
  app.post(
    "/sessions/:uuid/prepaid/top-up",
    {
      config: { auth: "portal" },
      schema: {
        tags: [TAG2],
        summary: "Top up the customer's prepaid balance; top_up_prepaid",
        exampleAfter: madeBy("createPortalSessionTopUpPrepaid", "uuid"),
        description: `The amount is \`amount_in_cents\`, else the session's. Once per session. ${IDEMPOTENCY2}`,
        errors: [
          ...REFUSED,
          { reason: "customer_not_identified" },
          { reason: "prepaid_transaction_done" },
          { code: 1003, when: "naming amount_in_cents without an amount" },
          { reason: "amount_below_minimum" }
        ],
        params: params3,
        body: optionalBody(amountRequest),
        response: { 200: envelope(prepaidResult) }
      }
    },
    (req, reply) => act(
      req,
      reply,
      req.params.uuid,
      "prepaid_top_up",
      (tx, session) => topUpPrepaidInSession(tx, session, req.body.amount_in_cents)
    )
  );
}

// src/service/http/portal/sessions.ts
import { z as z41 } from "zod";

// src/service/domain/contact-session-tokens.ts
var TOKEN_NOT_FOUND = "Contact session token not found";
var TOKEN_USED = "Contact session token already used";
async function contactSessionTokenView(db, token) {
  const row = await db.selectFrom("contact_session_tokens").innerJoin("contacts", "contacts.id", "contact_session_tokens.contact_id").select(["contact_session_tokens.status", "contacts.uuid", "contacts.email"]).where("contact_session_tokens.token", "=", token).executeTakeFirst();
  if (!row) throw refusal("contact_session_token_not_found", TOKEN_NOT_FOUND);
  return { token, contact: { uuid: row.uuid, email: row.email }, status: row.status };
}
async function useContactSessionToken(tx, token) {
  const used = await tx.db.updateTable("contact_session_tokens").set({ status: "used", used_at: isoTimestamp(tx.now) }).where("token", "=", token).where("status", "=", "active").returning("contact_id").executeTakeFirst();
  if (used) return used.contact_id;
  const exists = await tx.db.selectFrom("contact_session_tokens").select("token").where("token", "=", token).executeTakeFirst();
  throw exists ? refusal("contact_session_token_used", TOKEN_USED) : refusal("contact_session_token_not_found", TOKEN_NOT_FOUND);
}

// src/service/domain/portal-scan.ts
async function classifyScannedValue(db, value, now) {
  const card = await identifierByValue(db, value);
  if (card) {
    const state = card.active !== 1 ? "inactive" : card.contact_id === null ? "unlinked" : "linked";
    return { kind: "card", state };
  }
  const token = await db.selectFrom("contact_session_tokens").select("status").where("token", "=", value).executeTakeFirst();
  if (token) return { kind: "app_token", state: token.status === "active" ? "usable" : "used" };
  return codeOfNobody(db, value, now);
}
async function codeOfNobody(db, value, now) {
  if (await orNull(findGiftcard(db, value))) return { kind: "giftcard" };
  const voucher2 = await db.selectFrom("vouchers").selectAll().where("code", "=", value).executeTakeFirst();
  if (voucher2) return { kind: "voucher", voucher: portalVoucher2(await voucherView(db, voucher2, now)) };
  return { kind: "unknown" };
}
async function orNull(lookup) {
  try {
    return await lookup;
  } catch (err) {
    if (err instanceof ServiceError) return null;
    throw err;
  }
}

// src/service/domain/portal-identification.ts
function assertContactMayChange(session) {
  if (session.credit_reception_id !== null) {
    throw sessionRefusal(
      "customer_already_credited",
      "The customer of this session has already received credits",
      "De klant van deze sessie heeft al punten ontvangen"
    );
  }
}
async function identified(tx, session, contactId, method) {
  await setSessionContact(tx, session, contactId);
  const contact2 = await contactById(tx.db, contactId);
  await recordEvent(tx, session, "contact_identified", {
    method,
    contact: { uuid: contact2.uuid, email: contact2.email }
  });
  return portalContact2(tx.db, contactId);
}
async function byScannedValue(tx, session, value) {
  const card = await identifierByValue(tx.db, value);
  if (card) {
    if (card.active !== 1) throw new ServiceError(60004);
    if (card.contact_id === null) return { result: "unregistered_card", value };
    return {
      result: "identified",
      method: "card",
      contact: await identified(tx, session, card.contact_id, "card")
    };
  }
  let contactId;
  try {
    contactId = await useContactSessionToken(tx, value);
  } catch (err) {
    if (err instanceof ServiceError && err.reason === "contact_session_token_not_found") {
      return { result: "other_code", code: await codeOfNobody(tx.db, value, tx.now) };
    }
    throw err;
  }
  return {
    result: "identified",
    method: "app_token",
    contact: await identified(tx, session, contactId, "app_token")
  };
}
async function identifyInSession(tx, session, input) {
  assertContactMayChange(session);
  if ("value" in input) return byScannedValue(tx, session, input.value);
  let contactId;
  try {
    contactId = (await contactByEmail(tx.db, input.email)).id;
  } catch (err) {
    if (err instanceof ServiceError && err.code === 55031)
      return { result: "unknown_email", email: input.email };
    throw err;
  }
  return {
    result: "identified",
    method: "email",
    contact: await identified(tx, session, contactId, "email")
  };
}
async function registerInSession(tx, session, input) {
  if (!sessionSettings(session).enable_registration) {
    throw sessionRefusal(
      "registration_disabled",
      "Registration is not enabled in this session",
      "Registreren is niet ingeschakeld in deze sessie"
    );
  }
  assertContactMayChange(session);
  const created = await createContact(tx, { email: input.email, locale: input.locale ?? null }, "portal");
  if (input.card_value !== void 0) {
    if (!await identifierByValue(tx.db, input.card_value)) {
      invalidField("card_value", "The card value is not a loyalty card of this account.");
    }
    await linkIdentifier(tx, input.card_value, created.id);
  }
  const ticked = new Set(input.subscription_type_ids);
  const subscriptions = [];
  for (const id of ticked) subscriptions.push(await subscribeContact(tx, created.id, { id }));
  const optOut = await tx.db.selectFrom("subscription_types").select("id").where("active", "=", 1).where("strategy", "=", "OPT_OUT").execute();
  for (const { id } of optOut) {
    if (!ticked.has(id)) subscriptions.push(await unsubscribeContact(tx, created.id, { id }));
  }
  await recordEvent(tx, session, "contact_registered", {
    contact: { uuid: created.uuid, email: input.email },
    contact_identifier: input.card_value ?? null,
    subscriptions: subscriptions.map((s) => ({
      subscription_type: { id: s.subscription_type.id },
      status: s.status
    }))
  });
  return { contact: await identified(tx, session, created.id, "registration") };
}

// src/service/http/portal/sessions.ts
async function portalSessionRoutes(fastify) {
  const app = zodRoutes(fastify);
  const streams = eventStreams(fastify);
  const { act, read } = sessionCalls(fastify);
  const endWith = (status) => async (tx, session) => portalSessionState2(tx.db, await endSession(tx, session, status), app.config.allowedOrigins);
  app.get(
    "/sessions/:uuid",
    {
      config: { auth: "portal" },
      schema: {
        tags: [TAG2],
        summary: "The state the kiosk renders a session from (also of ended sessions)",
        exampleAfter: madeBy("createPortalSession", "uuid"),
        errors: [UNKNOWN_SESSION2],
        params: params3,
        response: { 200: envelope(portalSessionState) }
      }
    },
    async (req) => ok(
      await app.tx(
        async (tx) => portalSessionState2(tx.db, await loadSession(tx, req.params.uuid), app.config.allowedOrigins)
      )
    )
  );
  app.get(
    "/sessions/:uuid/stream",
    {
      config: { auth: "portal" },
      schema: {
        tags: [TAG2],
        summary: "The session's events as server-sent events (event: portal_event)",
        exampleAfter: madeBy("createPortalSession", "uuid"),
        produces: ["text/event-stream"],
        errors: [UNKNOWN_SESSION2],
        params: params3
      }
    },
    async (req, reply) => {
      const session = await app.tx((tx) => loadSession(tx, req.params.uuid));
      await streamSessionEvents(app, streams.open(reply), session, req);
    }
  );
  app.post(
    "/sessions/:uuid/identify",
    {
      config: { auth: "portal" },
      schema: {
        tags: [TAG2],
        summary: "Identify the customer by a scanned card or app token, or by e-mail",
        exampleAfter: madeBy("createPortalSession", "uuid"),
        description: IDEMPOTENCY2,
        errors: [
          ...REFUSED,
          60004,
          { reason: "contact_session_token_used" },
          { reason: "customer_already_credited" }
        ],
        params: params3,
        body: identifyRequest.meta({ example: { value: DEMO.annaCard } }),
        response: { 200: envelope(identifyResult) }
      }
    },
    (req, reply) => act(req, reply, req.params.uuid, "identify", (tx, session) => identifyInSession(tx, session, req.body))
  );
  app.post(
    "/sessions/:uuid/scan-lookup",
    {
      config: { auth: "portal" },
      schema: {
        tags: [TAG2, "Extension"],
        summary: "What a scanned value is in this account: a loyalty card, an app code, a gift card, a voucher code, or unknown",
        description: "Extension (ours). Reads only: an app code is not used, a card not linked. Tells nothing of whose card or voucher it is. Allowed in every session type.",
        errors: [...REFUSED, { code: 1003, when: "naming value: empty or longer than 500 characters" }],
        exampleAfter: madeBy("createPortalSession", "uuid"),
        params: params3,
        body: scanRequest.meta({ example: { value: DEMO.annaCard } }),
        response: { 200: envelope(scannedCode) }
      }
    },
    (req) => read(req.params.uuid, "scan_lookup", (tx) => classifyScannedValue(tx.db, req.body.value, tx.now))
  );
  app.post(
    "/sessions/:uuid/register",
    {
      config: { auth: "portal" },
      schema: {
        tags: [TAG2],
        summary: "Register a new contact (sessions with enable_registration)",
        exampleAfter: madeBy("createPortalSession", "uuid"),
        description: IDEMPOTENCY2,
        errors: [
          ...REFUSED,
          60005,
          60014,
          60004,
          55030,
          { reason: "registration_disabled" },
          { reason: "customer_already_credited" }
        ],
        params: params3,
        body: registerRequest.meta({ example: { email: "new.customer@example.com", accept_terms: true } }),
        response: { 200: envelope(z41.object({ contact: portalContact })) }
      }
    },
    (req, reply) => act(req, reply, req.params.uuid, "register", (tx, session) => registerInSession(tx, session, req.body))
  );
  app.post(
    "/sessions/:uuid/credit-reception",
    {
      config: { auth: "portal" },
      schema: {
        tags: [TAG2],
        summary: "Credit the customer for the pushed POS transaction or the session's amount",
        exampleAfter: madeBy("createPortalSessionCreditReception", "uuid"),
        description: `Once per session; later calls answer the same reception. ${IDEMPOTENCY2}`,
        errors: [
          ...REFUSED,
          1015,
          1027,
          6001,
          { reason: "customer_not_identified" },
          { reason: "session_already_credited" }
        ],
        params: params3,
        body: noBody2,
        response: { 200: envelope(portalCreditReception) }
      }
    },
    (req, reply) => act(req, reply, req.params.uuid, "credit_reception", creditInSession)
  );
  app.post(
    "/sessions/:uuid/complete",
    {
      config: { auth: "portal" },
      schema: {
        tags: [TAG2],
        summary: "End the session as completed",
        exampleAfter: madeBy("createPortalSessionCreditReception", "uuid"),
        description: IDEMPOTENCY2,
        errors: REFUSED,
        params: params3,
        body: noBody2,
        response: { 200: envelope(portalSessionState) }
      }
    },
    (req, reply) => act(req, reply, req.params.uuid, "end", endWith("completed"))
  );
  app.post(
    "/sessions/:uuid/cancel",
    {
      config: { auth: "portal" },
      schema: {
        tags: [TAG2],
        summary: "End the session as cancelled",
        exampleAfter: madeBy("createPortalSession", "uuid"),
        description: IDEMPOTENCY2,
        errors: REFUSED,
        params: params3,
        body: noBody2,
        response: { 200: envelope(portalSessionState) }
      }
    },
    (req, reply) => act(req, reply, req.params.uuid, "end", endWith("cancelled"))
  );
}

// src/service/http/portal/index.ts
async function registerPortalRoutes(app) {
  for (const routes of [portalSessionRoutes, portalMoneyRoutes, customerPortalRoutes, deviceRoutes]) {
    await app.register(routes, { prefix: "/portal/api" });
  }
}

// src/service/http/public/account.ts
import { z as z42 } from "zod";

// src/service/domain/loyalty-program.ts
async function getLoyaltyProgram(db) {
  const account = await db.selectFrom("account").select(["id", "name", "max_credits_per_reception_centi"]).executeTakeFirstOrThrow();
  const max = account.max_credits_per_reception_centi;
  return {
    id: account.id,
    name: account.name,
    max_amount: max === null ? null : fromCenti(Number(max)),
    custom_credit_name: null
  };
}

// src/service/http/public/account.ts
var TAGS2 = ["Account", EXTENSION_TAG];
async function accountRoutes(fastify) {
  const app = zodRoutes(fastify);
  app.get(
    "/loyalty-program",
    {
      config: { auth: "K" },
      schema: {
        tags: TAGS2,
        summary: "Extension: the loyalty program",
        description: "Its name is the account\u2019s; `max_amount` is the most credits one credit reception may give (null: no maximum); `custom_credit_name` is null (credits are called credits).",
        response: { 200: envelope(loyaltyProgram) }
      }
    },
    async () => ok(await getLoyaltyProgram(app.db))
  );
  app.get(
    "/brand-kit",
    {
      config: { auth: "K" },
      schema: {
        tags: TAGS2,
        summary: "Extension: the brand kit",
        description: "The real platform\u2019s shape (its PHP SDK\u2019s `brandkit->get()`): logos, cover image, four colours, font colour and family, description, corner theme; null when unset. Pictures shipped with the account are served by this service (`/media/\u2026`, absolute URLs here).",
        response: { 200: envelope(brandKit) }
      }
    },
    async (req) => ok(await brandKitOf(app.db, `${req.protocol}://${req.host}`))
  );
  app.get(
    "/shops",
    {
      config: { auth: "K" },
      schema: {
        tags: TAGS2,
        summary: "Extension: list the shops",
        description: "Every shop of the account, by id, as receptions show a shop, with its reference.",
        response: { 200: envelope(z42.array(shop)) }
      }
    },
    async () => ok(await listShops(app.db))
  );
  app.get(
    "/shops/:shop_uuid",
    {
      config: { auth: "K" },
      schema: {
        tags: TAGS2,
        summary: "Extension: get a shop",
        errors: [1008],
        params: shopUuidParams,
        response: { 200: envelope(shop) }
      }
    },
    async (req) => ok(await getShop(app.db, req.params.shop_uuid))
  );
  app.get(
    "/tiers",
    {
      config: { auth: "K" },
      schema: {
        tags: TAGS2,
        summary: "Extension: list the tiers",
        description: "Lowest position first; each as a contact\u2019s `tier` shows it.",
        response: { 200: envelope(z42.array(tier)) }
      }
    },
    async () => ok(await listTiers(app.db))
  );
  app.get(
    "/subscription-types",
    {
      config: { auth: "K" },
      schema: {
        tags: TAGS2,
        summary: "Extension: list the subscription types",
        description: "Every subscription type of the account, active or not, by id.",
        response: { 200: envelope(z42.array(subscriptionType2)) }
      }
    },
    async () => ok(await listSubscriptionTypes(app.db))
  );
}

// src/service/domain/shop-stays.ts
function refuseFixedFields(input, fixed) {
  const sent = fixed.filter((k) => input[k] !== void 0);
  if (sent.length > 0) {
    throw new ServiceError(1003, {
      fields: Object.fromEntries(sent.map((k) => [k, [`The ${k} field cannot change.`]]))
    });
  }
}
function checkTimeOrder(startsAt, endsAt) {
  if (startsAt !== null && endsAt !== null && Date.parse(endsAt) < Date.parse(startsAt)) {
    invalidField("ends_at", "The ends at field must be a date after or equal to starts at.");
  }
}
function checkChangedTimeOrder(row, changes) {
  checkTimeOrder(
    changes.starts_at === void 0 ? row.starts_at : changes.starts_at,
    changes.ends_at === void 0 ? row.ends_at : changes.ends_at
  );
}
async function newStayValues(tx, actor, input) {
  const contact2 = await contactByUuid(tx.db, input.contact_uuid);
  const shop2 = await resolveShop(tx.db, actor, input.shop_uuid);
  checkTimeOrder(input.starts_at ?? null, input.ends_at ?? null);
  const at = isoTimestamp(tx.now);
  return {
    uuid: newUuid(),
    contact_id: contact2.id,
    shop_id: shop2.id,
    external_id: input.external_id ?? null,
    source: input.source ?? null,
    starts_at: input.starts_at ?? null,
    ends_at: input.ends_at ?? null,
    created_at: at,
    updated_at: at
  };
}
function stayView(row) {
  return {
    uuid: row.uuid,
    contact: { uuid: row.contact_uuid, email: row.email },
    external_id: row.external_id,
    source: row.source,
    starts_at: row.starts_at,
    ends_at: row.ends_at
  };
}

// src/service/domain/bookings.ts
async function bookingView(db, id) {
  const row = await db.selectFrom("bookings").innerJoin("contacts", "contacts.id", "bookings.contact_id").selectAll("bookings").select(["contacts.uuid as contact_uuid", "contacts.email"]).where("bookings.id", "=", id).executeTakeFirstOrThrow();
  return { ...stayView(row), checked_in_at: row.checked_in_at, created_at: row.created_at };
}
async function createBooking(tx, actor, input) {
  const values = await newStayValues(tx, actor, input);
  const { id } = await tx.db.insertInto("bookings").values({
    ...values,
    checked_in_at: input.checked_in_at ?? null,
    number_of_people: input.number_of_people ?? null,
    company_name: input.company_name ?? null,
    status: input.status ?? null,
    prepaid_amount: input.prepaid_amount ?? null
  }).returning("id").executeTakeFirstOrThrow();
  return bookingView(tx.db, id);
}
async function updateBooking(tx, actor, uuid2, input) {
  refuseFixedFields(input, ["contact_uuid", "shop_uuid"]);
  const row = await tx.db.selectFrom("bookings").selectAll().where("uuid", "=", uuid2).executeTakeFirst();
  if (!row || actor.shopId !== null && row.shop_id !== actor.shopId) {
    throw refusal("booking_not_found", "Booking not found");
  }
  const changes = {
    external_id: input.external_id,
    source: input.source,
    starts_at: input.starts_at,
    ends_at: input.ends_at,
    checked_in_at: input.checked_in_at,
    number_of_people: input.number_of_people,
    company_name: input.company_name,
    status: input.status,
    prepaid_amount: input.prepaid_amount
  };
  checkChangedTimeOrder(row, changes);
  await tx.db.updateTable("bookings").set({ ...changes, updated_at: isoTimestamp(tx.now) }).where("id", "=", row.id).execute();
  return bookingView(tx.db, row.id);
}

// src/service/http/public/bookings.ts
async function bookingRoutes(fastify) {
  const app = zodRoutes(fastify);
  app.post(
    "/bookings",
    {
      config: { auth: "K" },
      schema: {
        tags: ["Bookings"],
        summary: "Create a booking",
        description: "For the shop the API key is bound to, or `shop_uuid` (extension) with an unbound key. Timestamps ISO 8601 with offset; prepaid_amount in cents; status free text.",
        errors: [55031, 1008],
        body: createBookingBody,
        response: { 201: envelope(booking) }
      }
    },
    async (req, reply) => reply.code(201).send(ok(await req.tx((tx) => createBooking(tx, req.actor, req.body))))
  );
  app.put(
    "/bookings/:uuid",
    {
      config: { auth: "K" },
      schema: {
        tags: ["Bookings"],
        summary: "Update a booking",
        exampleAfter: madeBy("createBooking", "uuid"),
        description: "The fields sent change (null clears one); contact_uuid and shop_uuid cannot be sent. A shop-bound key sees its own shop\u2019s bookings only.",
        errors: [{ reason: "booking_not_found" }],
        params: bookingUuidParams,
        body: updateBookingBody,
        response: { 200: envelope(booking) }
      }
    },
    async (req) => ok(await req.tx((tx) => updateBooking(tx, req.actor, req.params.uuid, req.body)))
  );
}

// src/service/domain/categories.ts
function categoryView(row) {
  return { uuid: row.uuid, external_identifier: row.external_identifier, name: row.name };
}
function catalogNotFound(what) {
  return refusal(what === "Product" ? "product_not_found" : "category_not_found", `${what} not found`);
}
function identifierTaken(field) {
  return fieldError(field, "The external identifier has already been taken.", { status: 409 });
}
async function categoryBy(db, column, value) {
  return db.selectFrom("product_categories").selectAll().where(column, "=", value).executeTakeFirst();
}
async function listCategories(db, query) {
  const [rows, count] = await Promise.all([
    db.selectFrom("product_categories").selectAll().orderBy("id").limit(query.limit).offset((query.page - 1) * query.limit).execute(),
    db.selectFrom("product_categories").select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow()
  ]);
  return {
    data: rows.map(categoryView),
    meta: pageMeta2(query.page, query.limit, Number(count.total), rows.length)
  };
}
async function getCategory(db, uuid2) {
  const row = await categoryBy(db, "uuid", uuid2);
  if (!row) throw catalogNotFound("Category");
  return categoryView(row);
}
async function findCategory(db, externalIdentifier) {
  const row = await categoryBy(db, "external_identifier", externalIdentifier);
  if (!row) throw catalogNotFound("Category");
  return categoryView(row);
}
async function insertCategory(tx, input, field) {
  const at = isoTimestamp(tx.now);
  const row = await tx.db.insertInto("product_categories").values({
    uuid: newUuid(),
    external_identifier: input.external_identifier,
    name: input.name,
    created_at: at,
    updated_at: at
  }).onConflict((oc) => oc.column("external_identifier").doNothing()).returningAll().executeTakeFirst();
  if (!row) throw identifierTaken(field);
  return categoryView(row);
}
async function createCategory(tx, input) {
  return insertCategory(tx, input, "external_identifier");
}
async function createCategories(tx, items) {
  const out = [];
  for (const [i, item] of items.entries()) {
    out.push(await insertCategory(tx, item, `categories.${i}.external_identifier`));
  }
  return out;
}
async function findOrCreateCategory(tx, input) {
  const found = await categoryBy(tx.db, "external_identifier", input.external_identifier);
  if (found) return { item: categoryView(found), created: false };
  if (input.name === void 0) {
    invalidField("name", "The name field is required to create a category.");
  }
  return { item: await createCategory(tx, { ...input, name: input.name }), created: true };
}
async function updateCategory(tx, uuid2, input) {
  const row = await categoryBy(tx.db, "uuid", uuid2);
  if (!row) throw catalogNotFound("Category");
  if (input.external_identifier !== void 0 && input.external_identifier !== row.external_identifier) {
    if (await categoryBy(tx.db, "external_identifier", input.external_identifier)) {
      throw identifierTaken("external_identifier");
    }
  }
  await tx.db.updateTable("product_categories").set({ ...input, updated_at: isoTimestamp(tx.now) }).where("id", "=", row.id).execute();
  return getCategory(tx.db, uuid2);
}
async function deleteCategory(tx, uuid2) {
  const row = await categoryBy(tx.db, "uuid", uuid2);
  if (!row) throw catalogNotFound("Category");
  await tx.db.deleteFrom("product_category_links").where("category_id", "=", row.id).execute();
  await tx.db.deleteFrom("product_categories").where("id", "=", row.id).execute();
}
async function categoryIdsOf(db, refs, field) {
  const ids = [];
  const errors = {};
  for (const [i, ref] of refs.entries()) {
    const byUuid = ref.uuid === void 0 ? void 0 : await categoryBy(db, "uuid", ref.uuid);
    const byIdentifier = ref.external_identifier === void 0 ? void 0 : await categoryBy(db, "external_identifier", ref.external_identifier);
    const row = byUuid ?? byIdentifier;
    if (ref.uuid === void 0 && ref.external_identifier === void 0) {
      errors[`${field}.${i}`] = ["A category needs a uuid or an external_identifier."];
    } else if (!row || ref.uuid !== void 0 && !byUuid || ref.external_identifier !== void 0 && byIdentifier?.id !== row.id) {
      errors[`${field}.${i}`] = ["The category does not exist."];
    } else if (!ids.includes(row.id)) {
      ids.push(row.id);
    }
  }
  assertNoFieldErrors(errors);
  return ids;
}

// src/service/http/public/catalog.ts
import { z as z43 } from "zod";
function bodyOf(req) {
  return req.body;
}
var UNKNOWN = { code: 1003, status: 404, when: "unknown uuid" };
var TAKEN = { code: 1003, status: 409, when: "external_identifier taken (named)" };
function catalogRoutes(app, r) {
  const tags = [r.tag];
  const { item } = r.schemas;
  const createId = deriveOperationId("post", r.clientPath);
  app.get(
    r.keyPath,
    {
      config: { auth: "K" },
      schema: {
        tags,
        summary: `List ${r.batch}`,
        description: "Paginated, in creation order: `page` from 1, `limit` 1\u2013100 (default 30).",
        querystring: catalogPageQuery,
        response: { 200: pagedEnvelope(item, pageMeta) }
      }
    },
    async (req) => r.list(app.db, req.query)
  );
  app.get(
    `${r.keyPath}/:uuid`,
    {
      config: { auth: "K" },
      schema: {
        tags,
        summary: `Get a ${r.noun}`,
        exampleAfter: madeBy(createId, "uuid"),
        errors: [UNKNOWN],
        params: catalogUuidParams,
        response: { 200: envelope(item) }
      }
    },
    async (req) => ok(await r.get(app.db, req.params.uuid))
  );
  app.delete(
    `${r.keyPath}/:uuid`,
    {
      config: { auth: "K" },
      schema: {
        tags,
        summary: `Delete a ${r.noun}`,
        exampleAfter: madeBy(createId, "uuid"),
        description: r.descriptions.delete,
        errors: [UNKNOWN],
        params: catalogUuidParams,
        response: { 200: envelope(z43.null()) }
      }
    },
    async (req) => {
      await req.tx((tx) => r.remove(tx, req.params.uuid));
      return ok(null);
    }
  );
  app.post(
    r.clientPath,
    {
      config: { auth: "P" },
      schema: {
        tags,
        summary: `Create a ${r.noun}`,
        description: r.descriptions.create,
        errors: [TAKEN],
        body: r.schemas.create,
        response: { 201: envelope(item) }
      }
    },
    async (req, reply) => reply.code(201).send(ok(await req.tx((tx) => r.create(tx, bodyOf(req)))))
  );
  app.post(
    `${r.clientPath}/batch`,
    {
      config: { auth: "P" },
      schema: {
        tags,
        summary: `Create up to 100 ${r.batch} at once`,
        description: r.descriptions.batch,
        errors: [{ code: 1003, status: 409, when: "an external_identifier taken or repeated (named)" }],
        body: r.schemas.batch,
        response: { 201: envelope(z43.array(item)) }
      }
    },
    async (req, reply) => reply.code(201).send(ok(await req.tx((tx) => r.createMany(tx, bodyOf(req)[r.batch]))))
  );
  app.get(
    `${r.clientPath}/find`,
    {
      config: { auth: "P" },
      schema: {
        tags,
        summary: `Find a ${r.noun} by external identifier`,
        exampleAfter: madeBy(createId),
        errors: [{ code: 1003, status: 404, when: "none has it" }],
        querystring: findByExternalIdentifierQuery,
        response: { 200: envelope(item) }
      }
    },
    async (req) => ok(await r.find(app.db, req.query.external_identifier))
  );
  app.post(
    `${r.clientPath}/find-or-create`,
    {
      config: { auth: "P" },
      schema: {
        tags,
        summary: `Find a ${r.noun} by external identifier, or create it`,
        description: `Answers the existing ${r.noun} unchanged (200), or creates one (201; then \`name\` is required).`,
        body: r.schemas.findOrCreate,
        response: { 200: envelope(item), 201: envelope(item) }
      }
    },
    async (req, reply) => {
      const { item: found } = await req.tx(async (tx) => {
        const result = await r.findOrCreate(tx, bodyOf(req));
        reply.code(result.created ? 201 : 200);
        return result;
      });
      return ok(found);
    }
  );
  app.put(
    `${r.clientPath}/:uuid`,
    {
      config: { auth: "P" },
      schema: {
        tags,
        summary: `Update a ${r.noun}`,
        exampleAfter: madeBy(createId, "uuid"),
        description: r.descriptions.update,
        errors: [UNKNOWN, TAKEN],
        params: catalogUuidParams,
        body: r.schemas.update,
        response: { 200: envelope(item) }
      }
    },
    async (req) => ok(await req.tx((tx) => r.update(tx, req.params.uuid, bodyOf(req))))
  );
}

// src/service/http/public/categories.ts
async function categoryRoutes(fastify) {
  catalogRoutes(fastify, {
    tag: "Categories",
    keyPath: "/product-categories",
    clientPath: "/v3/oauth/clients/product-categories",
    noun: "category",
    batch: "categories",
    schemas: {
      item: category,
      create: createCategoryBody,
      batch: batchCategoriesBody,
      findOrCreate: findOrCreateCategoryBody,
      update: updateCategoryBody
    },
    descriptions: {
      delete: "Products lose the category.",
      batch: "All or nothing: one bad item creates none. At most 100 items (else 1003 naming categories).",
      update: "Every field optional."
    },
    list: listCategories,
    get: getCategory,
    find: findCategory,
    remove: deleteCategory,
    create: createCategory,
    createMany: createCategories,
    findOrCreate: findOrCreateCategory,
    update: updateCategory
  });
}

// src/service/http/public/collectable-rewards.ts
import { z as z44 } from "zod";

// src/service/domain/collectable-rewards.ts
async function listCollectableRewards(db, contactUuid, now) {
  const contact2 = await contactByUuid(db, contactUuid);
  const at = isoTimestamp(now);
  const [rows, names] = await Promise.all([
    receptionsWithRewards(db).where("reward_receptions.contact_id", "=", contact2.id).where("rewards.reward_type", "=", "PHYSICAL").where("reward_receptions.reversed_by_credit_reception_id", "is", null).where(
      (eb) => eb.or([
        eb("reward_receptions.collection_status", "=", "COLLECTED"),
        eb("reward_receptions.expires_at", "is", null),
        eb("reward_receptions.expires_at", ">", at)
      ])
    ).orderBy("reward_receptions.id").execute(),
    rewardAttributeNames(db)
  ]);
  return rows.map((row) => collectableRewardView(contact2, row, names));
}
function receptionsWithRewards(db) {
  return db.selectFrom("reward_receptions").innerJoin("rewards", "rewards.id", "reward_receptions.reward_id").selectAll("rewards").select([
    "reward_receptions.uuid as reception_uuid",
    "reward_receptions.created_at as reception_created_at",
    "reward_receptions.expires_at",
    "reward_receptions.collection_status"
  ]);
}
function collectableRewardView(contact2, row, names) {
  return {
    contact: {
      uuid: contact2.uuid,
      email: contact2.email,
      credit_balance: { balance: fromCenti(Number(contact2.credit_balance_centi)) }
    },
    created_at: row.reception_created_at,
    uuid: row.reception_uuid,
    title: row.title,
    reward: rewardView(row, names),
    expires_at: row.expires_at,
    has_been_collected: row.collection_status === "COLLECTED"
  };
}
async function collectReward(tx, receptionUuid) {
  const row = await rewardReceptionByUuid(tx.db, receptionUuid);
  if (!row) throw new ServiceError(80300);
  if (row.reward_id === null) throw new ServiceError(6003);
  const reward2 = await tx.db.selectFrom("rewards").select("reward_type").where("id", "=", row.reward_id).executeTakeFirst();
  if (!reward2) throw new ServiceError(6003);
  const expired = row.expires_at !== null && new Date(row.expires_at) <= tx.now;
  if (reward2.reward_type !== "PHYSICAL" || row.reversed_by_credit_reception_id !== null || expired) {
    throw new ServiceError(80300);
  }
  const uuid2 = newUuid();
  const collected = await tx.db.updateTable("reward_receptions").set({ collection_uuid: uuid2, collection_status: "COLLECTED", collected_at: isoTimestamp(tx.now) }).where("id", "=", row.id).where("reversed_by_credit_reception_id", "is", null).where((eb) => eb.or([eb("collection_status", "is", null), eb("collection_status", "=", "REVERSED")])).executeTakeFirst();
  if (collected.numUpdatedRows === 0n) {
    const now = await rewardReceptionByUuid(tx.db, receptionUuid);
    if (now?.reversed_by_credit_reception_id !== null) throw new ServiceError(80300);
    throw refusal("reward_already_collected", "Reward already collected");
  }
  const [contact2, shown, names] = await Promise.all([
    contactById(tx.db, row.contact_id),
    receptionsWithRewards(tx.db).where("reward_receptions.id", "=", row.id).executeTakeFirstOrThrow(),
    rewardAttributeNames(tx.db)
  ]);
  return { ...collectableRewardView(contact2, shown, names), uuid: uuid2, status: "COLLECTED" };
}
async function reverseRedemption(tx, redemptionUuid, bodyUuid) {
  if (bodyUuid !== void 0 && bodyUuid !== redemptionUuid) {
    invalidField("uuid", "The uuid field must equal the redemption uuid in the path.");
  }
  const reversed = await tx.db.updateTable("reward_receptions").set({ collection_status: "REVERSED", collected_at: null }).where("collection_uuid", "=", redemptionUuid).where("collection_status", "=", "COLLECTED").executeTakeFirst();
  if (reversed.numUpdatedRows === 0n) {
    const known = await tx.db.selectFrom("reward_receptions").select("id").where("collection_uuid", "=", redemptionUuid).executeTakeFirst();
    if (known) throw refusal("redemption_already_reversed", "Redemption already reversed");
    throw refusal("redemption_not_found", "Collectable reward redemption not found");
  }
  return { uuid: redemptionUuid, status: "REVERSED" };
}

// src/service/http/public/collectable-rewards.ts
async function collectableRewardRoutes(fastify) {
  const app = zodRoutes(fastify);
  app.get(
    "/collectable-rewards",
    {
      config: { auth: "K" },
      schema: {
        tags: ["Collectable rewards"],
        summary: "List a contact's collectable rewards",
        description: "Claimed physical rewards that are not reversed: waiting ones (not expired) and collected ones (`has_been_collected` true), oldest first. `uuid` is the reward reception\u2019s, the value collect takes.",
        errors: [55031],
        querystring: collectableRewardsQuery,
        response: { 200: envelope(z44.array(collectableReward)) }
      }
    },
    async (req) => ok(await listCollectableRewards(app.db, req.query.contact_uuid, app.clock()))
  );
  app.put(
    "/collectable-rewards/collect/:loyalty_transaction_uuid",
    {
      config: { auth: "K" },
      schema: {
        tags: ["Collectable rewards"],
        summary: "Collect a claimed reward",
        exampleAfter: madeBy("createRewardReception", "loyalty_transaction_uuid"),
        description: "The path value is the uuid of the reward reception. Answers the redemption `{uuid, status: COLLECTED}` (its uuid is what reverse takes) with the Collectable Reward fields (contact, created_at, title, reward, expires_at, has_been_collected: true), as the real platform does.",
        errors: [
          { code: 80300, when: "unknown, not a physical reward, reversed claim, or expired" },
          { code: 6003, when: "the reward no longer exists" },
          { reason: "reward_already_collected" }
        ],
        params: collectParams,
        response: { 200: envelope(collectedReward) }
      }
    },
    async (req) => ok(await req.tx((tx) => collectReward(tx, req.params.loyalty_transaction_uuid)))
  );
  app.post(
    "/v3/oauth/clients/collectable-rewards/:collectable_reward_redemption_uuid/reverse",
    {
      config: { auth: "P" },
      schema: {
        tags: ["Collectable rewards"],
        summary: "Reverse a collection",
        exampleAfter: madeBy("collectCollectableReward", "collectable_reward_redemption_uuid"),
        description: "COLLECTED \u2192 REVERSED; the reward can be collected again (under a new redemption uuid). The input `uuid` is the redemption uuid of the path; when also sent in the body it must equal it. The spec lists no error codes here.",
        errors: [{ reason: "redemption_not_found" }, { reason: "redemption_already_reversed" }],
        params: redemptionParams,
        body: reverseRedemptionBody,
        response: { 200: envelope(rewardRedemption) }
      }
    },
    async (req) => ok(
      await req.tx(
        (tx) => reverseRedemption(tx, req.params.collectable_reward_redemption_uuid, req.body?.uuid)
      )
    )
  );
}

// src/service/http/public/contact-identifiers.ts
var TAGS3 = ["Contact identifiers"];
async function contactIdentifiersRoutes(fastify) {
  const app = zodRoutes(fastify);
  app.get(
    "/contact-identifiers/find",
    {
      config: { auth: "K" },
      schema: {
        tags: TAGS3,
        summary: "Find a contact identifier by its value",
        errors: [60003, 60004],
        querystring: findIdentifierQuery,
        response: { 200: envelope(contactIdentifier) }
      }
    },
    async (req) => {
      const value = req.query.contact_identifier_value;
      let contactId = null;
      return app.readCache.get(
        `identifier:${value}`,
        async () => {
          const row = await activeIdentifierByValue(app.db, value);
          contactId = row.contact_id;
          return ok(await identifierView(app.db, row));
        },
        () => [`identifier:${value}`, ...contactId === null ? [] : [`contact:${contactId}`]]
      );
    }
  );
  app.post(
    "/contact-identifiers",
    {
      config: { auth: "K" },
      schema: {
        tags: TAGS3,
        summary: "Create a contact identifier, optionally linked to a contact",
        errors: [55031, 60006],
        body: createIdentifierBody,
        response: { 201: envelope(contactIdentifier) }
      }
    },
    async (req, reply) => {
      const body = req.body;
      reply.code(201);
      const view = await req.tx(async (tx) => {
        const contact2 = body.contact_uuid ? await contactByUuid(tx.db, body.contact_uuid) : void 0;
        const row = await createIdentifier(tx, {
          value: body.contact_identifier_value,
          name: body.contact_identifier_name,
          contactId: contact2?.id
        });
        return identifierView(tx.db, row);
      });
      return ok(view);
    }
  );
  app.put(
    "/contact-identifiers/link",
    {
      config: { auth: "K" },
      schema: {
        tags: TAGS3,
        summary: "Link an unlinked contact identifier to a contact",
        errors: [55031, 60003, 60004, 60014],
        body: linkIdentifierBody,
        response: { 200: envelope(contactIdentifier) }
      }
    },
    async (req) => ok(
      await req.tx(async (tx) => {
        const contact2 = await contactByUuid(tx.db, req.body.contact_uuid);
        return identifierView(
          tx.db,
          await linkIdentifier(tx, req.body.contact_identifier_value, contact2.id)
        );
      })
    )
  );
  app.put(
    "/contact-identifiers/unlink",
    {
      config: { auth: "K" },
      schema: {
        tags: TAGS3,
        summary: "Unlink a contact identifier from its contact",
        errors: [60003, 60004],
        body: unlinkIdentifierBody,
        response: { 200: envelope(contactIdentifier) }
      }
    },
    async (req) => ok(
      await req.tx(
        async (tx) => identifierView(tx.db, await unlinkIdentifier(tx, req.body.contact_identifier_value))
      )
    )
  );
  app.delete(
    "/contact-identifiers",
    {
      config: { auth: "K" },
      schema: {
        tags: TAGS3,
        summary: "Delete a contact identifier. Extension: the value may also come in the query string (as real clients send DELETE parameters); the response, not shown in the spec, is the deleted identifier.",
        description: "The response is the Contact Identifier as it was before the delete (as the real platform answers; its PHP SDK maps it).",
        errors: [60003],
        querystring: deleteIdentifierParams,
        body: deleteIdentifierParams.nullish().meta({ example: { contact_identifier_value: DEMO.freeCard } }),
        response: { 200: envelope(contactIdentifier) }
      }
    },
    async (req) => {
      const value = req.body?.contact_identifier_value ?? req.query.contact_identifier_value;
      if (!value) invalidField("contact_identifier_value", "The contact identifier value field is required.");
      return ok(await req.tx((tx) => deleteIdentifier(tx, value)));
    }
  );
}

// src/service/http/public/contact-session-tokens.ts
var TAGS4 = ["Contact session tokens"];
var NOTES = "A used token still reads, with status `used`. The spec lists no error codes here.";
var UNKNOWN_TOKEN = { reason: "contact_session_token_not_found" };
async function contactSessionTokensRoutes(fastify) {
  const app = zodRoutes(fastify);
  app.get(
    "/contact-session-tokens/:contact_session_token",
    {
      config: { auth: "K" },
      schema: {
        tags: TAGS4,
        summary: "Get a contact session token",
        errors: [UNKNOWN_TOKEN],
        description: NOTES,
        params: contactSessionTokenParams,
        response: { 200: envelope(contactSessionToken) }
      }
    },
    async (req) => ok(await contactSessionTokenView(app.db, req.params.contact_session_token))
  );
  app.post(
    "/contact-session-tokens/:contact_session_token/use",
    {
      config: { auth: "K" },
      schema: {
        tags: TAGS4,
        summary: "Use a contact session token (once)",
        errors: [UNKNOWN_TOKEN, { reason: "contact_session_token_used" }],
        description: NOTES,
        params: contactSessionTokenParams,
        response: { 200: envelope(contactSessionToken) }
      }
    },
    async (req) => {
      const token = req.params.contact_session_token;
      return ok(
        await req.tx(async (tx) => {
          await useContactSessionToken(tx, token);
          return contactSessionTokenView(tx.db, token);
        })
      );
    }
  );
}

// src/service/http/public/contact-subscriptions.ts
import { z as z46 } from "zod";

// src/contract/public/contact-subscriptions.ts
import { z as z45 } from "zod";
var SUBSCRIPTION_STATUS_CODES = {
  UNSUBSCRIBED: 0,
  SUBSCRIBED: 1,
  PENDING_CONFIRMATION: 2
};
var listedContactSubscription = contactSubscription.extend({
  status: z45.union([z45.literal(0), z45.literal(1), z45.literal(2)]).describe("0 = UNSUBSCRIBED, 1 = SUBSCRIBED, 2 = PENDING_CONFIRMATION")
});
var subscriptionChangeBody = z45.object({ subscription_type_uuid: idField() }).meta({ example: { subscription_type_uuid: DEMO.subscriptionNewsletter } });
var confirmSubscriptionParams = z45.object({ token: idField() });

// src/service/http/public/contact-subscriptions.ts
var TAGS5 = ["Contact subscriptions"];
function escapeHtml2(text) {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c
  );
}
async function contactSubscriptionsRoutes(fastify) {
  const app = zodRoutes(fastify);
  app.get(
    "/contact-subscriptions/:contact_uuid",
    {
      config: { auth: "K" },
      schema: {
        tags: TAGS5,
        summary: "List a contact's subscriptions",
        errors: [55031],
        description: "One item per active subscription type. As the spec says, this list carries a numeric `status`: 0 = UNSUBSCRIBED, 1 = SUBSCRIBED, 2 = PENDING_CONFIRMATION (the numbers are ours).",
        params: contactUuidParams,
        response: { 200: envelope(z46.array(listedContactSubscription)) }
      }
    },
    async (req) => {
      const contact2 = await contactByUuid(app.db, req.params.contact_uuid);
      const list = await listContactSubscriptions(app.db, contact2.id);
      return ok(list.map((s) => ({ ...s, status: SUBSCRIPTION_STATUS_CODES[s.status] })));
    }
  );
  const changes = [
    {
      action: "subscribe",
      summary: "Subscribe a contact",
      description: "A DOUBLE_OPT_IN type becomes PENDING_CONFIRMATION (is_subscribed false) until the contact opens the link in current_values.double_opt_in_confirmation_url_<subscription_type_id>.",
      change: subscribeContact
    },
    {
      action: "unsubscribe",
      summary: "Unsubscribe a contact",
      description: void 0,
      change: unsubscribeContact
    }
  ];
  for (const { action, summary, description, change } of changes) {
    app.put(
      `/contact-subscriptions/:contact_uuid/${action}`,
      {
        config: { auth: "K" },
        schema: {
          tags: TAGS5,
          summary,
          description,
          errors: [55031, 55030],
          params: contactUuidParams,
          body: subscriptionChangeBody,
          response: { 200: envelope(contactSubscription) }
        }
      },
      async (req) => ok(
        await req.tx(async (tx) => {
          const contact2 = await contactByUuid(tx.db, req.params.contact_uuid);
          return change(tx, contact2.id, { uuid: req.body.subscription_type_uuid });
        })
      )
    );
  }
  app.get(
    "/subscriptions/confirm/:token",
    {
      config: { auth: "none" },
      schema: {
        tags: [...TAGS5, EXTENSION_TAG],
        summary: "Extension: confirm a double opt-in subscription",
        produces: ["text/html"],
        description: "The link of current_values.double_opt_in_confirmation_url_<id>, opened by the contact: PENDING_CONFIRMATION becomes SUBSCRIBED and the link stops working. Answers a small HTML page; an unknown or used link answers the error body. No token.\n\n**Try it out**: no example, as the token exists only once a contact subscribes to a double opt-in type (PUT /contact-subscriptions/{contact_uuid}/subscribe): the last path segment of that contact's `current_values.double_opt_in_confirmation_url_<id>`.",
        errors: [{ reason: "confirmation_link_unknown" }],
        params: confirmSubscriptionParams
      }
    },
    async (req, reply) => {
      const confirmed = await req.tx((tx) => confirmSubscription(tx, req.params.token));
      if (!confirmed) {
        throw refusal("confirmation_link_unknown", "Unknown or already used confirmation link");
      }
      const name = escapeHtml2(confirmed.subscription_type.name);
      return reply.type("text/html; charset=utf-8").send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Subscription confirmed</title><meta name="viewport" content="width=device-width, initial-scale=1"></head><body><h1>Subscription confirmed</h1><p>You are now subscribed to ${name}.</p></body></html>`
      );
    }
  );
}

// src/service/http/public/contacts.ts
var EXTENSION_TAGS = ["Contacts", EXTENSION_TAG];
async function contactRoutes(fastify) {
  const app = zodRoutes(fastify);
  const base = new URL(app.config.portalUrl).origin;
  const view = (key, find) => {
    const now = app.clock();
    return app.readCache.get(
      `contact:${key}:${now.toISOString().slice(0, 10)}`,
      async () => ok(await contactView(app.db, await find(), now, base)),
      (view2) => [`contact:${view2.data.id}`]
    );
  };
  app.get(
    "/contacts/find-one-by",
    {
      config: { auth: "K" },
      schema: {
        tags: ["Contacts"],
        summary: "Find a contact by e-mail",
        errors: [55031],
        querystring: findContactQuery,
        response: { 200: envelope(contact) }
      }
    },
    async (req) => view(`email:${req.query.email}`, () => contactByEmail(app.db, req.query.email))
  );
  app.get(
    "/contacts/:contact_uuid",
    {
      config: { auth: "K" },
      schema: {
        tags: ["Contacts"],
        summary: "Get a contact",
        errors: [55031],
        params: contactUuidParams,
        response: { 200: envelope(contact) }
      }
    },
    async (req) => {
      const uuid2 = req.params.contact_uuid;
      return view(`uuid:${uuid2}`, () => contactByUuid(app.db, uuid2));
    }
  );
  app.post(
    "/contacts",
    {
      config: { auth: "K" },
      schema: {
        tags: ["Contacts"],
        summary: "Create a contact from an e-mail address",
        description: "Answers the spec\u2019s `{uuid}` and, as an addition, the rest of the Contact, as the real platform does (its PHP SDK maps the answer as a Contact).",
        errors: [60005],
        body: createContactBody,
        response: { 201: envelope(contact) }
      }
    },
    async (req, reply) => {
      reply.code(201);
      const created = await req.tx((tx) => createContact(tx, req.body, "api"));
      return ok(await contactView(app.db, await contactByUuid(app.db, created.uuid), app.clock(), base));
    }
  );
  app.get(
    "/contacts/find-or-create",
    {
      config: { auth: "K" },
      schema: {
        tags: EXTENSION_TAGS,
        summary: "Extension: find a contact by e-mail, or create it",
        description: "The contact with this address (200), or a new one made from it (201), as the real platform serves it by GET.",
        querystring: findContactQuery,
        response: { 200: envelope(contact), 201: envelope(contact) }
      }
    },
    async (req, reply) => {
      const { contact: row, created } = await app.tx((tx) => findOrCreateContact(tx, req.query.email));
      reply.code(created ? 201 : 200);
      return view(`uuid:${row.uuid}`, async () => row);
    }
  );
  app.post(
    "/contacts/anonymous",
    {
      config: { auth: "K" },
      schema: {
        tags: EXTENSION_TAGS,
        summary: "Extension: create a contact without e-mail",
        description: `Its \`current_values.is_anonymous\` is true and its \`email\` a placeholder at ${ANONYMOUS_EMAIL_DOMAIN}, which can never receive mail (an update with an e-mail gives it one). With \`contact_identifier_value\` the card is linked to it (an unknown one is created).`,
        errors: [60004, { code: 60014, when: "the card is linked to a contact already" }],
        body: createAnonymousContactBody,
        response: { 201: envelope(contact) }
      }
    },
    async (req, reply) => {
      reply.code(201);
      const row = await req.tx((tx) => createAnonymousContact(tx, req.body?.contact_identifier_value));
      return ok(await contactView(app.db, row, app.clock(), base));
    }
  );
  app.put(
    "/contacts/:contact_uuid",
    {
      config: { auth: "K" },
      schema: {
        tags: EXTENSION_TAGS,
        summary: "Extension: change a contact's values",
        description: "`attributes` maps current_values keys to new values: email, firstname, lastname, locale, city, address, avatar, birthdate (YYYY-MM-DD), postalcode, housenumber, phonenumber, add_to_wallet, custom_app_login_url, custom_app_login_code and custom contact attributes (checked by their type); null clears one. Values the service keeps (balances, tier, status, subscriptions, \u2026) are refused. Every bad key is named (`attributes.<key>`) and nothing changes.",
        errors: [55031, { code: 60005, when: "the address is another contact\u2019s" }],
        params: contactUuidParams,
        body: updateContactBody,
        response: { 200: envelope(contact) }
      }
    },
    async (req) => {
      const row = await req.tx((tx) => updateContact(tx, req.params.contact_uuid, req.body.attributes));
      return ok(await contactView(app.db, row, app.clock(), base));
    }
  );
  app.get(
    "/contacts/:contact_uuid/credit-balance",
    {
      config: { auth: "K" },
      schema: {
        tags: EXTENSION_TAGS,
        summary: "Extension: a contact's credit balance",
        description: "Credits (up to 2 decimals).",
        errors: [55031],
        params: contactUuidParams,
        response: { 200: envelope(contactCreditBalance) }
      }
    },
    async (req) => {
      const row = await contactByUuid(app.db, req.params.contact_uuid);
      return ok({ balance: fromCenti(Number(row.credit_balance_centi)) });
    }
  );
  app.get(
    "/contacts/:contact_uuid/tier",
    {
      config: { auth: "K" },
      schema: {
        tags: EXTENSION_TAGS,
        summary: "Extension: a contact's tier",
        description: "The tier as the contact shows it, or null without one.",
        errors: [55031],
        params: contactUuidParams,
        response: { 200: envelope(tier.nullable()) }
      }
    },
    async (req) => {
      const row = await contactByUuid(app.db, req.params.contact_uuid);
      return ok(await contactTier(app.db, row.tier_id));
    }
  );
}

// src/service/http/public/credit-receptions.ts
async function creditReceptionsRoutes(fastify) {
  const app = zodRoutes(fastify);
  app.post(
    "/credit-receptions",
    {
      config: { auth: "K" },
      schema: {
        tags: ["Credit receptions"],
        summary: "Give a contact credits",
        description: "Explicit `credits` (at most 2 decimals; negative for a partial refund) override the loyalty rules; otherwise the rules turn `unit_value` into whole credits. The shop is the one the API key is bound to, or `shop_uuid` (extension) with an unbound key. A POS transaction links to one credit reception only. The balance never goes below zero (1003). Concurrent creations for one contact are serialized, not refused; 60001 answers only when an earlier one is still in progress after 5 seconds.",
        errors: [
          1008,
          55031,
          60003,
          60007,
          1015,
          { code: 60001, when: "an earlier creation for the contact still runs after 5 seconds" },
          55046,
          1027,
          6001,
          { reason: "credit_balance_below_zero" }
        ],
        body: createCreditReceptionBody,
        response: { 201: envelope(creditReception) }
      }
    },
    async (req, reply) => reply.code(201).send(ok(await req.tx((tx) => createCreditReception(tx, req.actor, req.body))))
  );
  app.get(
    "/credit-receptions/calculate",
    {
      config: { auth: "K" },
      schema: {
        tags: ["Credit receptions"],
        summary: "Calculate the credits for a unit value",
        description: "The loyalty rules' result now, with the contact's tier when `contact_uuid` is given. A real reception can differ when time-based rules apply.",
        errors: [
          { code: 1008, when: "a named `shop_uuid` or the key\u2019s bound shop does not exist" },
          55031,
          60007
        ],
        querystring: calculateCreditsQuery,
        response: { 200: envelope(calculatedCredits) }
      }
    },
    async (req) => ok(await calculateReceptionCredits(app.db, req.actor, req.query, app.clock()))
  );
  const reverse = {
    tags: ["Credit receptions", EXTENSION_TAG],
    description: "Creates a new credit reception with the negated credits for the same contact, shop and unit. A reception can be reversed once.",
    errors: [
      1028,
      { code: 55024, when: "another shop\u2019s reception (shop-bound key)" },
      { reason: "credit_reception_already_reversed" },
      { reason: "reversal_not_reversible" },
      { reason: "credit_balance_below_zero" }
    ],
    params: creditReceptionUuidParams,
    exampleAfter: madeBy("createCreditReception", "credit_reception_uuid"),
    response: { 201: envelope(creditReception) }
  };
  for (const [method, url, summary, surface] of [
    ["POST", "/credit-receptions/:credit_reception_uuid/reverse", "Extension: reverse a credit reception"],
    [
      "GET",
      `${SURFACE_PREFIX.register}/credit-receptions/:credit_reception_uuid/reverse`,
      "Extension: reverse a credit reception by GET, as the PHP SDK\u2019s RegisterClient sends it",
      "register"
    ]
  ]) {
    app.route({
      method,
      url,
      config: { auth: "K", ...surface ? { surface } : {} },
      schema: { ...reverse, summary },
      handler: async (req, reply) => reply.code(201).send(
        ok(await req.tx((tx) => reverseCreditReception(tx, req.actor, req.params.credit_reception_uuid)))
      )
    });
  }
}

// src/service/http/public/custom-attributes.ts
import { z as z47 } from "zod";
async function customAttributeRoutes(fastify) {
  const app = zodRoutes(fastify);
  app.get(
    "/custom-attributes",
    {
      config: { auth: "K" },
      schema: {
        tags: ["Custom attributes"],
        summary: "List the custom attributes of an entity",
        description: "In position order.",
        querystring: listAttributesQuery,
        response: { 200: envelope(z47.array(customAttribute)) }
      }
    },
    async (req) => ok(await listCustomAttributes(app.db, req.query.entity))
  );
  app.post(
    "/custom-attributes",
    {
      config: { auth: "K" },
      schema: {
        tags: ["Custom attributes"],
        summary: "Define a custom attribute",
        description: "`options` only for select and multi_select. `group` is derived from `group_name`. A name may not be a built-in field of the entity.",
        errors: [{ code: 1003, status: 409, when: "the entity has the name" }],
        body: createAttributeBody,
        response: { 201: envelope(customAttribute) }
      }
    },
    async (req, reply) => reply.code(201).send(ok(await req.tx((tx) => createCustomAttribute(tx, req.body))))
  );
  app.put(
    "/custom-attributes/:custom_attribute_name",
    {
      config: { auth: "K" },
      schema: {
        tags: ["Custom attributes"],
        summary: "Update a custom attribute",
        description: "Only label, description, options (select and multi_select) and group_name change; other fields are refused.",
        errors: [{ reason: "custom_attribute_not_found" }, { reason: "system_attribute_read_only" }],
        params: attributeNameParams,
        body: updateAttributeBody,
        response: { 200: envelope(customAttribute) }
      }
    },
    async (req) => ok(await req.tx((tx) => updateCustomAttribute(tx, req.params.custom_attribute_name, req.body)))
  );
}

// src/service/http/public/end-screen-push.ts
var DELIVERY = "Delivered to the shop's end-screen: its newest open credit-reception portal session that has no credit reception yet, else a new credit-reception session, which the standby screens of the shop open.";
async function endScreenPushRoutes(fastify) {
  const app = zodRoutes(fastify);
  const ttl = () => app.config.sessionTtlMinutes;
  app.post(
    "/credit-receptions/:credit_reception_uuid/push",
    {
      config: { auth: "K" },
      schema: {
        tags: ["Credit receptions"],
        summary: "Push a credit reception to the shop's end-screen",
        exampleAfter: madeBy("createCreditReception", "credit_reception_uuid"),
        description: `${DELIVERY} The pushing shop is the shop of a bound API key; with an unbound key the **Extension** \`shop_uuid\`, else the reception's own shop.`,
        errors: [1028, { code: 55024, when: "the reception was not created by the pushing shop" }, 1008],
        params: creditReceptionUuidParams,
        body: pushCreditReceptionBody,
        response: { 200: envelope(emptyList) }
      }
    },
    async (req) => {
      await req.tx(
        (tx) => pushCreditReception(tx, req.actor, req.params.credit_reception_uuid, req.body.shop_uuid, ttl())
      );
      return ok([]);
    }
  );
  app.post(
    "/pos-transactions/:pos_transaction_uuid/push",
    {
      config: { auth: "K" },
      schema: {
        tags: ["POS transactions"],
        summary: "Push a POS transaction to its shop's end-screen",
        exampleAfter: madeBy("createPosTransaction", "pos_transaction_uuid"),
        description: `${DELIVERY} There the customer identifies and the credit reception is created.`,
        errors: [{ code: 1027, when: "unknown (or, for a key bound to a shop, another shop's)" }, 6001],
        params: posTransactionUuidParams,
        response: { 200: envelope(emptyList) }
      }
    },
    async (req) => {
      await req.tx((tx) => pushPosTransaction(tx, req.actor, req.params.pos_transaction_uuid, ttl()));
      return ok([]);
    }
  );
}

// src/service/http/public/giftcard-transactions.ts
var RULES = "A card must be active (else 1003) and not expired (5002). A digital card can be incremented once (its first increment; then 5006), a physical card again and again. The balance stays between 0 (5003) and the program's max_amount_in_cents (5008).";
async function giftcardTransactionRoutes(fastify) {
  const app = zodRoutes(fastify);
  app.get(
    "/giftcard-transactions/:giftcard_transaction_uuid",
    {
      config: { auth: "K" },
      schema: {
        tags: ["Giftcard transactions"],
        summary: "Get a giftcard transaction",
        exampleAfter: madeBy("createGiftcardTransaction", "giftcard_transaction_uuid"),
        errors: [5010],
        params: giftcardTransactionUuidParams,
        response: { 200: envelope(giftcardTransaction) }
      }
    },
    async (req) => ok(
      await giftcardTransactionView(
        app.db,
        await giftcardTransactionByUuid(app.db, req.params.giftcard_transaction_uuid)
      )
    )
  );
  app.post(
    "/giftcard-transactions",
    {
      config: { auth: "K" },
      schema: {
        tags: ["Giftcard transactions"],
        summary: "Increment or decrement a giftcard",
        description: `A positive amount increments the card, a negative one decrements it. ${RULES} The shop is the one the API key is bound to, or \`shop_uuid\` (extension); with neither the transaction has no shop.`,
        errors: [1008, 5001, 5002, 5003, 5006, 5008],
        body: createGiftcardTransactionBody,
        response: { 201: envelope(giftcardTransaction) }
      }
    },
    async (req, reply) => reply.code(201).send(ok(await req.tx((tx) => createGiftcardTransaction(tx, req.actor, req.body))))
  );
  const reverse = {
    description: `Only the card's last transaction (else 55025): a new transaction of the negated amount, checked by the same rules. ${RULES}`,
    errors: [5010, 55025, 5002, 5003, 5008],
    params: giftcardTransactionUuidParams,
    exampleAfter: madeBy("createGiftcardTransaction", "giftcard_transaction_uuid"),
    response: { 201: envelope(giftcardTransaction) }
  };
  for (const [method, url, summary, surface] of [
    ["POST", "/giftcard-transactions/:giftcard_transaction_uuid/reverse", "Reverse a giftcard transaction"],
    [
      "GET",
      `${SURFACE_PREFIX.register}/giftcard-transactions/:giftcard_transaction_uuid/reverse`,
      "Extension: reverse a giftcard transaction by GET, as the PHP SDK\u2019s RegisterClient sends it",
      "register"
    ]
  ]) {
    app.route({
      method,
      url,
      config: { auth: "K", ...surface ? { surface } : {} },
      schema: {
        ...reverse,
        summary,
        tags: surface ? ["Giftcard transactions", EXTENSION_TAG] : ["Giftcard transactions"]
      },
      handler: async (req, reply) => reply.code(201).send(
        ok(await req.tx((tx) => reverseGiftcardTransaction(tx, req.params.giftcard_transaction_uuid)))
      )
    });
  }
}

// src/service/http/public/giftcards.ts
async function giftcardRoutes(fastify) {
  const app = zodRoutes(fastify);
  app.post(
    "/giftcards",
    {
      config: { auth: "K" },
      schema: {
        tags: ["Giftcards"],
        summary: "Create a digital giftcard",
        description: "A new digital card with a zero balance and an unguessable hash, expiring after the program's expiration_days. Only type 1 (digital) is accepted.",
        errors: [{ code: 55021, when: "type 0 (physical)" }, 1100],
        body: createGiftcardBody,
        response: { 201: envelope(giftcard) }
      }
    },
    async (req, reply) => reply.code(201).send(ok(await req.tx((tx) => createGiftcard(tx, req.body))))
  );
  app.get(
    "/giftcards",
    {
      config: { auth: "K" },
      schema: {
        tags: ["Giftcards"],
        summary: "List giftcards",
        description: "Oldest first, with meta {page, per_page, last_page, total}; last_page is at least 1 and a page past the end is empty.",
        errors: [1100],
        querystring: listGiftcardsQuery,
        response: { 200: pagedEnvelope(giftcardListItem, giftcardListMeta) }
      }
    },
    async (req) => {
      const { items, meta } = await listGiftcards(app.db, req.query);
      return { data: items, meta };
    }
  );
  app.get(
    "/giftcards/find-one-by",
    {
      config: { auth: "K" },
      schema: {
        tags: ["Giftcards"],
        summary: "Find a giftcard by hash or QR code",
        description: "`hash` is the bare hash or the scanned QR content: a link whose last path segment is the hash, or one with a `hash=` query parameter.",
        errors: [5001],
        querystring: findGiftcardQuery,
        response: { 200: envelope(foundGiftcard) }
      }
    },
    async (req) => ok(await foundGiftcardView(app.db, await findGiftcard(app.db, req.query.hash)))
  );
  app.get(
    "/giftcards/:giftcard_uuid",
    {
      config: { auth: "K" },
      schema: {
        tags: ["Giftcards", EXTENSION_TAG],
        summary: "Extension: get a giftcard",
        description: "The card as find-one-by answers it (the PHP SDK\u2019s OAuth giftcards->get()).",
        errors: [5001],
        params: giftcardUuidParams,
        response: { 200: envelope(foundGiftcard) }
      }
    },
    async (req) => ok(await foundGiftcardView(app.db, await giftcardByUuid(app.db, req.params.giftcard_uuid)))
  );
  app.post(
    "/giftcards/:giftcard_uuid/send-by-email",
    {
      config: { auth: "K" },
      schema: {
        tags: ["Giftcards"],
        summary: "Send a giftcard to a contact by e-mail",
        description: "Uses the automated e-mail `email_uuid`, or the first that fits: category giftcard_recipient, a subscription type the contact is subscribed to, `{{ giftcard.hash }}` in its content. Tokens: `{{ contact.firstname }}`, `{{ contact.lastname }}`, `{{ contact.email }}`, `{{ giftcard.hash }}`, `{{ giftcard.display_amount }}`, `{{ giftcard.formatted_expiration_date }}` and `{{ custom.<name> }}` from merge_tags.",
        errors: [
          { reason: "no_automated_email" },
          { code: 1003, when: "a merge tag not starting with `custom.`" },
          5001,
          55031,
          { reason: "email_not_sent" }
        ],
        params: giftcardUuidParams,
        body: sendGiftcardBody,
        response: { 200: envelope(sentGiftcard) }
      }
    },
    async (req) => {
      const { mail, result } = await giftcardEmail(app.db, req.params.giftcard_uuid, req.body);
      try {
        await app.mailer.send(mail);
      } catch (err) {
        req.log.error({ err }, "giftcard e-mail not sent");
        throw refusal("email_not_sent", "The e-mail could not be sent");
      }
      return ok({ message: "Giftcard sent", data: result });
    }
  );
}

// src/contract/public/loyalty-transactions.ts
import { z as z48 } from "zod";
var loyaltyTransaction = z48.union([creditReception, rewardReception]);
var loyaltyTransactionsQuery = z48.object({
  page: pageField(),
  limit: limitField(1, 100, 30),
  shop_uuid: idField().optional().describe("Only the transactions at this shop (1008 when unknown)."),
  type: z48.enum(["credit_reception", "reward_reception"]).optional()
});
var contactLoyaltyTransactionsQuery = loyaltyTransactionsQuery.extend({
  contact_uuid: idField().meta({ example: DEMO.anna })
});

// src/service/domain/loyalty-transactions.ts
async function listLoyaltyTransactions(db, query) {
  const contact2 = await contactByUuid(db, query.contact_uuid);
  let shopId;
  if (query.shop_uuid !== void 0) {
    const shop2 = await db.selectFrom("shops").select("id").where("uuid", "=", query.shop_uuid).executeTakeFirst();
    if (!shop2) throw new ServiceError(1008);
    shopId = shop2.id;
  }
  let base = db.selectFrom("credit_entries").leftJoin(
    "credit_receptions",
    (join7) => join7.onRef("credit_receptions.id", "=", "credit_entries.source_id").on("credit_entries.source", "=", "credit_reception")
  ).leftJoin(
    "reward_receptions",
    (join7) => join7.onRef("reward_receptions.id", "=", "credit_entries.source_id").on("credit_entries.source", "=", "reward_reception")
  ).where("credit_entries.contact_id", "=", contact2.id).where(
    (eb) => eb.or([
      eb("credit_entries.source", "=", "credit_reception"),
      eb.and([
        eb("credit_entries.source", "=", "reward_reception"),
        eb("reward_receptions.reward_id", "is not", null)
      ])
    ])
  );
  if (query.type !== void 0) base = base.where("credit_entries.source", "=", query.type);
  if (shopId !== void 0) {
    const id = shopId;
    base = base.where(
      (eb) => eb.or([eb("credit_receptions.shop_id", "=", id), eb("reward_receptions.shop_id", "=", id)])
    );
  }
  const { total } = await base.select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow();
  const { offset } = pageWindow(query.page, query.limit, Number(total));
  const rows = await base.select(["credit_entries.source", "credit_entries.source_id"]).orderBy("credit_entries.id", "desc").limit(query.limit).offset(offset).execute();
  const items = [];
  for (const row of rows) {
    const id = row.source_id;
    items.push(
      row.source === "credit_reception" ? await creditReceptionView(db, id) : await rewardReceptionView(db, id)
    );
  }
  return { items, meta: paginatorMeta2(query.page, query.limit, Number(total), items.length) };
}

// src/service/http/public/loyalty-transactions.ts
var TAGS6 = ["Loyalty transactions", EXTENSION_TAG];
var DESCRIPTION2 = "A contact's credit receptions and reward receptions (each as its own resource, by `type`), newest first; filtered by `type` and `shop_uuid`. Paginated: `page` from 1, `limit` 1\u2013100 (default 30), meta {current_page, per_page, from, to, last_page, total}.";
async function loyaltyTransactionRoutes(fastify) {
  const app = zodRoutes(fastify);
  const response = { 200: pagedEnvelope(loyaltyTransaction, paginatorMeta) };
  app.get(
    "/contacts/:contact_uuid/loyalty-transactions",
    {
      config: { auth: "K" },
      schema: {
        tags: TAGS6,
        summary: "Extension: a contact's loyalty transactions",
        description: DESCRIPTION2,
        errors: [55031, 1008],
        params: contactUuidParams,
        querystring: loyaltyTransactionsQuery,
        response
      }
    },
    async (req) => {
      const { items, meta } = await listLoyaltyTransactions(app.db, {
        ...req.query,
        contact_uuid: req.params.contact_uuid
      });
      return { data: items, meta };
    }
  );
  app.get(
    "/loyalty-transactions",
    {
      config: { auth: "K" },
      schema: {
        tags: TAGS6,
        summary: "Extension: a contact's loyalty transactions (contact_uuid in the query)",
        description: DESCRIPTION2,
        errors: [55031, 1008],
        querystring: contactLoyaltyTransactionsQuery,
        response
      }
    },
    async (req) => {
      const { items, meta } = await listLoyaltyTransactions(app.db, req.query);
      return { data: items, meta };
    }
  );
}

// src/service/domain/oauth-clients.ts
var ACCESS_TOKEN_TTL_SECONDS = 3600;
var CLIENT_AUTHENTICATION_FAILED = {
  en: "Client authentication failed",
  nl: "Authenticatie van de client is mislukt"
};
async function issueAccessToken(tx, body) {
  if (body.grant_type !== "client_credentials") {
    throw refusal(
      "unsupported_grant_type",
      { en: "Unsupported grant type", nl: "Niet-ondersteund grant type" },
      { fields: { grant_type: ["The grant type must be client_credentials."] } }
    );
  }
  const client = await tx.db.selectFrom("oauth_clients").select(["id", "secret_hash"]).where("id", "=", body.client_id).executeTakeFirst();
  if (!client || client.secret_hash !== hashToken(body.client_secret)) {
    throw refusal("client_authentication_failed", CLIENT_AUTHENTICATION_FAILED);
  }
  const now = isoTimestamp(tx.now);
  await tx.db.deleteFrom("credentials").where("expires_at", "<=", now).execute();
  const token = newSecret();
  await tx.db.insertInto("credentials").values({
    token_hash: hashToken(token),
    kind: "access_token",
    shop_id: null,
    oauth_client_id: client.id,
    expires_at: isoTimestamp(new Date(tx.now.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1e3))
  }).execute();
  return { token_type: "Bearer", expires_in: ACCESS_TOKEN_TTL_SECONDS, access_token: token };
}

// src/service/http/public/oauth-token.ts
async function oauthTokenRoutes(fastify) {
  const app = zodRoutes(fastify);
  app.post(
    "/oauth/token",
    {
      config: { auth: "none" },
      schema: {
        tags: [EXTENSION_TAG],
        summary: "Issue an access token (OAuth 2 client-credentials grant)",
        description: "Form or JSON: `grant_type=client_credentials`, `client_id` and `client_secret` of an OAuth client of the account fixture. Answers the OAuth 2 token response (not in the envelope); the token is an access token (auth A, and every path under /api/v3/oauth/clients) that expires after `expires_in` seconds.",
        errors: [{ reason: "unsupported_grant_type" }, { reason: "client_authentication_failed" }],
        body: accessTokenBody,
        response: { 200: accessToken }
      }
    },
    async (req) => app.tx((tx) => issueAccessToken(tx, req.body))
  );
}

// src/service/http/public/perks.ts
import { z as z49 } from "zod";

// src/service/domain/perks.ts
var TRUE_VALUES = /* @__PURE__ */ new Set(["true", "1"]);
var FALSE_VALUES = /* @__PURE__ */ new Set(["false", "0"]);
function perkView(row, options2) {
  const boolean = row.data_type === "boolean";
  return {
    uuid: row.uuid,
    label: row.label,
    name: row.name,
    data_type: row.data_type,
    options: options2.map((o) => ({
      label: o.label,
      value: boolean ? o.value === "true" : o.value,
      default: o.is_default === 1
    }))
  };
}
async function perkViews(db, rows) {
  if (rows.length === 0) return [];
  const options2 = await db.selectFrom("perk_options").selectAll().where(
    "perk_id",
    "in",
    rows.map((r) => r.id)
  ).orderBy("position").execute();
  return rows.map(
    (row) => perkView(
      row,
      options2.filter((o) => o.perk_id === row.id)
    )
  );
}
async function perkByUuid(db, uuid2) {
  const row = await db.selectFrom("perks").selectAll().where("uuid", "=", uuid2).executeTakeFirst();
  if (!row) throw new ServiceError(11e4);
  return row;
}
async function listPerks(db) {
  return perkViews(db, await db.selectFrom("perks").selectAll().orderBy("id").execute());
}
async function getPerk(db, uuid2) {
  return (await perkViews(db, [await perkByUuid(db, uuid2)]))[0];
}
function storedValue(dataType, value, index) {
  if (dataType === "single_select") return String(value);
  const text = String(value).toLowerCase();
  if (TRUE_VALUES.has(text)) return "true";
  if (FALSE_VALUES.has(text)) return "false";
  invalidField(`options.${index}.value`, "The value of a boolean perk option must be true or false.");
}
async function createPerk(tx, input) {
  const values = input.options.map((o, i) => storedValue(input.data_type, o.value, i));
  if (new Set(values).size !== values.length) {
    invalidField("options", "The options field must not repeat a value.");
  }
  const defaults = input.options.filter((o) => o.default === true).length;
  if (defaults !== 1) {
    invalidField("options", "Exactly one option must be the default.");
  }
  const perk2 = await tx.db.insertInto("perks").values({
    uuid: newUuid(),
    name: input.name,
    label: input.label,
    data_type: input.data_type,
    created_at: isoTimestamp(tx.now)
  }).onConflict((oc) => oc.column("name").doNothing()).returningAll().executeTakeFirst();
  if (!perk2) {
    invalidField("name", "A perk with this name already exists.", { status: 409 });
  }
  const options2 = await tx.db.insertInto("perk_options").values(
    input.options.map((o, i) => ({
      perk_id: perk2.id,
      label: o.label,
      value: values[i],
      is_default: o.default === true ? 1 : 0,
      position: i
    }))
  ).returningAll().execute();
  const defaultOption = options2.find((o) => o.is_default === 1);
  const tiers = await tx.db.selectFrom("tiers").select("id").execute();
  if (tiers.length > 0) {
    await tx.db.insertInto("tier_perks").values(tiers.map((t) => ({ tier_id: t.id, perk_id: perk2.id, perk_option_id: defaultOption.id }))).execute();
  }
  return perkView(
    perk2,
    options2.sort((a, b) => a.position - b.position)
  );
}
async function updatePerk(tx, uuid2, input) {
  const row = await perkByUuid(tx.db, uuid2);
  await tx.db.updateTable("perks").set({ label: input.label }).where("id", "=", row.id).execute();
  return getPerk(tx.db, uuid2);
}

// src/service/http/public/perks.ts
async function perkRoutes(fastify) {
  const app = zodRoutes(fastify);
  app.get(
    "/perks",
    {
      config: { auth: "K" },
      schema: {
        tags: ["Perks"],
        summary: "List the perks",
        description: "Every perk with its options, in creation order; not paginated.",
        response: { 200: envelope(z49.array(perk)) }
      }
    },
    async () => ok(await listPerks(app.db))
  );
  app.post(
    "/perks",
    {
      config: { auth: "K" },
      schema: {
        tags: ["Perks"],
        summary: "Create a perk",
        description: "Exactly one option must be the default; every existing tier gets it. Boolean perks take only the values true and false.",
        errors: [{ code: 1003, status: 409, when: "a name in use" }],
        body: createPerkBody,
        response: { 201: envelope(perk) }
      }
    },
    async (req, reply) => reply.code(201).send(ok(await req.tx((tx) => createPerk(tx, req.body))))
  );
  app.get(
    "/perks/:perk_uuid",
    {
      config: { auth: "K" },
      schema: {
        tags: ["Perks"],
        summary: "Get a perk",
        exampleAfter: madeBy("createPerk", "perk_uuid"),
        errors: [11e4],
        params: perkUuidParams,
        response: { 200: envelope(perk) }
      }
    },
    async (req) => ok(await getPerk(app.db, req.params.perk_uuid))
  );
  app.put(
    "/perks/:perk_uuid",
    {
      config: { auth: "K" },
      schema: {
        tags: ["Perks"],
        summary: "Change a perk's label",
        exampleAfter: madeBy("createPerk", "perk_uuid"),
        errors: [11e4],
        params: perkUuidParams,
        body: updatePerkBody,
        response: { 200: envelope(perk) }
      }
    },
    async (req) => ok(await req.tx((tx) => updatePerk(tx, req.params.perk_uuid, req.body)))
  );
}

// src/service/http/public/portal-sessions.ts
import { z as z50 } from "zod";
var TAG4 = "Portal sessions";
var NOTES2 = "Response `url` = `{PORTAL_URL}?uuid={uuid}`; the session expires after SESSION_TTL_MINUTES (default 60).";
var CREATE_ERRORS = [
  { code: 1008, when: "shop missing, unknown or not the bound key\u2019s" },
  55031,
  { code: 1003, when: "invalid settings" }
];
var UNKNOWN_SESSION3 = { code: 1003, status: 404, when: "unknown session" };
var PREPAID_AMOUNT = "**Extension**: optional `amount_in_cents`, the amount the screen pays or tops up (else typed there).";
var VARIANTS = [
  {
    path: "/portal-sessions",
    example: { enable_registration: true },
    type: "identify",
    body: portalSessionSettingsBody,
    summary: "Create a portal session (the customer identifies and sees their portal)"
  },
  {
    path: "/portal-sessions/credit-reception",
    example: { contact_uuid: DEMO.anna, amount_in_cents: 1250 },
    type: "credit_reception",
    body: creditReceptionSessionBody,
    summary: "Create a credit-reception portal session",
    description: "**Extension**: optional `amount_in_cents` (the purchase amount to credit, as unit_value = amount / 100) and optional `pos_transaction_uuid` (a POS transaction to credit).",
    errors: [1027, 6001]
  },
  {
    path: "/portal-sessions/redeem-giftcards",
    example: { amount_in_cents: 1250 },
    type: "redeem_giftcards",
    body: redeemGiftcardsSessionBody,
    summary: "Create a portal session that pays an amount with gift cards"
  },
  {
    path: "/portal-sessions/top-up-giftcards",
    type: "top_up_giftcards",
    body: portalSessionSettingsBody,
    summary: "Create a portal session that tops up gift cards"
  },
  {
    path: "/portal-sessions/pay-prepaid",
    example: { contact_uuid: DEMO.anna, amount_in_cents: 500 },
    type: "pay_prepaid",
    body: prepaidSessionBody,
    summary: "Create a portal session that pays with the prepaid balance",
    description: PREPAID_AMOUNT
  },
  {
    path: "/portal-sessions/top-up-prepaid",
    example: { contact_uuid: DEMO.anna },
    type: "top_up_prepaid",
    body: prepaidSessionBody,
    summary: "Create a portal session that tops up the prepaid balance",
    description: PREPAID_AMOUNT
  },
  {
    path: "/portal-sessions/vouchers",
    example: { contact_uuid: DEMO.anna },
    type: "vouchers",
    body: portalSessionSettingsBody,
    summary: "Create a portal session that redeems vouchers"
  }
];
async function portalSessionsRoutes(fastify) {
  const app = zodRoutes(fastify);
  const streams = eventStreams(fastify);
  const options2 = () => ({ portalUrl: app.config.portalUrl, ttlMinutes: app.config.sessionTtlMinutes });
  for (const variant of VARIANTS) {
    app.post(
      variant.path,
      {
        config: { auth: "A" },
        schema: {
          tags: [TAG4],
          summary: variant.summary,
          description: [variant.description, NOTES2].filter(Boolean).join("\n\n"),
          errors: [...CREATE_ERRORS, ...variant.errors ?? []],
          // "Try it out" sends this against the demo account (npm start) and gets a session.
          body: variant.body.meta({ example: { shop_uuid: DEMO.shop, ...variant.example } }),
          response: { 201: envelope(createdPortalSession) }
        }
      },
      async (req, reply) => {
        reply.code(201);
        return ok(
          await req.tx((tx) => createPortalSession(tx, req.actor, variant.type, req.body, options2()))
        );
      }
    );
  }
  app.get(
    "/portal-sessions/:portal_session_uuid",
    {
      config: { auth: "A" },
      schema: {
        tags: [TAG4],
        summary: "Get a portal session",
        exampleAfter: madeBy("createPortalSession", "portal_session_uuid"),
        errors: [UNKNOWN_SESSION3],
        params: portalSessionUuidParams,
        response: { 200: envelope(portalSession) }
      }
    },
    async (req) => {
      const row = await portalSessionByUuid(app.db, req.params.portal_session_uuid);
      return ok(await portalSessionView(app.db, row, app.config.portalUrl));
    }
  );
  app.get(
    "/portal-sessions/:portal_session_uuid/events",
    {
      config: { auth: "A" },
      schema: {
        tags: [TAG4, EXTENSION_TAG],
        summary: "Extension: list a portal session's events",
        exampleAfter: madeBy("createPortalSession", "portal_session_uuid"),
        description: "Every step at the screen, oldest first: `{uuid, type, created_at, data}` (types in the README).",
        errors: [UNKNOWN_SESSION3],
        params: portalSessionUuidParams,
        response: { 200: envelope(z50.array(portalEvent)) }
      }
    },
    async (req) => {
      const row = await portalSessionByUuid(app.db, req.params.portal_session_uuid);
      return ok(await sessionEvents(app.db, row.id));
    }
  );
  app.get(
    "/portal-sessions/:portal_session_uuid/events/stream",
    {
      config: { auth: "A" },
      schema: {
        tags: [TAG4, EXTENSION_TAG],
        summary: "Extension: stream a portal session's events (server-sent events)",
        exampleAfter: madeBy("createPortalSession", "portal_session_uuid"),
        produces: ["text/event-stream"],
        description: "`text/event-stream`: each event as `event: portal_event`, `id: <event uuid>`, `data: <event JSON>`; the stored events first, then new ones live; a comment line every 15 s. A reconnecting client sends `Last-Event-ID` to resume after it.",
        errors: [UNKNOWN_SESSION3],
        params: portalSessionUuidParams
      }
    },
    async (req, reply) => {
      const row = await portalSessionByUuid(app.db, req.params.portal_session_uuid);
      await streamSessionEvents(app, streams.open(reply), row, req);
    }
  );
}

// src/service/http/public/pos-transactions.ts
async function posTransactionsRoutes(fastify) {
  const app = zodRoutes(fastify);
  app.post(
    "/pos-transactions",
    {
      config: { auth: "K" },
      schema: {
        tags: ["POS transactions"],
        summary: "Record a POS transaction",
        description: "Acts for the shop the API key is bound to; an unbound key names it with `shop_uuid` (extension).",
        errors: [1008],
        body: createPosTransactionBody,
        response: { 201: envelope(posTransaction) }
      }
    },
    async (req, reply) => reply.code(201).send(ok(await req.tx((tx) => createPosTransaction(tx, req.actor, req.body))))
  );
}

// src/service/http/public/prepaid-transactions.ts
var TAGS7 = ["Prepaid transactions", EXTENSION_TAG];
async function prepaidTransactionRoutes(fastify) {
  const app = zodRoutes(fastify);
  app.post(
    "/prepaid-transactions",
    {
      config: { auth: "K" },
      schema: {
        tags: TAGS7,
        summary: "Extension: pay with or top up a prepaid balance",
        description: 'The contact by `contact_uuid` or by card (`contact_identifier_value`); a negative amount pays, a positive one tops up. The balance never goes below zero: a payment above it answers 1003 "Insufficient prepaid balance". `prepaid_balance` is the balance right after the transaction.',
        errors: [1008, 55031, 60003, 60004, { reason: "prepaid_balance_insufficient" }],
        body: createPrepaidTransactionBody,
        response: { 201: envelope(prepaidTransaction) }
      }
    },
    async (req, reply) => reply.code(201).send(ok(await req.tx((tx) => createPrepaidTransaction(tx, req.actor, req.body))))
  );
  app.get(
    "/prepaid-transactions",
    {
      config: { auth: "K" },
      schema: {
        tags: TAGS7,
        summary: "Extension: list a contact's prepaid transactions",
        description: "Newest first (the opening balance included), with meta {current_page, from, last_page, per_page, total}.",
        errors: [55031],
        querystring: listPrepaidTransactionsQuery,
        response: { 200: pagedEnvelope(prepaidTransaction, prepaidListMeta) }
      }
    },
    async (req) => {
      const { items, meta } = await listPrepaidTransactions(app.db, req.query);
      return { data: items, meta };
    }
  );
  app.get(
    "/contacts/:contact_uuid/prepaid-balance",
    {
      config: { auth: "K" },
      schema: {
        tags: TAGS7,
        summary: "Extension: a contact's prepaid balance",
        errors: [55031],
        params: contactUuidParams,
        response: { 200: envelope(prepaidBalance) }
      }
    },
    async (req) => ok(await prepaidBalance2(app.db, req.params.contact_uuid))
  );
  app.post(
    "/prepaid-transactions/:prepaid_transaction_uuid/reverse",
    {
      config: { auth: "K" },
      schema: {
        tags: TAGS7,
        summary: "Extension: reverse a prepaid transaction",
        exampleAfter: madeBy("createPrepaidTransaction", "prepaid_transaction_uuid"),
        description: "A new transaction of the negated amount for the same contact and shop; once per transaction.",
        errors: [
          { reason: "prepaid_transaction_not_found" },
          { reason: "prepaid_transaction_already_reversed" },
          { reason: "reversal_not_reversible" },
          { reason: "opening_balance_not_reversible" },
          { reason: "prepaid_balance_insufficient" }
        ],
        params: prepaidTransactionUuidParams,
        response: { 201: envelope(prepaidTransaction) }
      }
    },
    async (req, reply) => reply.code(201).send(ok(await req.tx((tx) => reversePrepaidTransaction(tx, req.params.prepaid_transaction_uuid))))
  );
}

// src/service/domain/products.ts
async function productViews(db, rows) {
  if (rows.length === 0) return [];
  const links = await db.selectFrom("product_category_links").innerJoin("product_categories", "product_categories.id", "product_category_links.category_id").select([
    "product_category_links.product_id",
    "product_categories.uuid",
    "product_categories.external_identifier",
    "product_categories.name"
  ]).where(
    "product_category_links.product_id",
    "in",
    rows.map((r) => r.id)
  ).orderBy("product_category_links.position").execute();
  return rows.map((row) => ({
    uuid: row.uuid,
    external_identifier: row.external_identifier,
    name: row.name,
    description: row.description,
    categories: links.filter((l) => l.product_id === row.id).map((l) => ({ uuid: l.uuid, external_identifier: l.external_identifier, name: l.name }))
  }));
}
async function productBy(db, column, value) {
  return db.selectFrom("products").selectAll().where(column, "=", value).executeTakeFirst();
}
async function productView(db, row) {
  return (await productViews(db, [row]))[0];
}
async function linkCategories(tx, productId, categoryIds) {
  await tx.db.deleteFrom("product_category_links").where("product_id", "=", productId).execute();
  if (categoryIds.length === 0) return;
  await tx.db.insertInto("product_category_links").values(categoryIds.map((category_id, position) => ({ product_id: productId, category_id, position }))).execute();
}
async function listProducts(db, query) {
  const [rows, count] = await Promise.all([
    db.selectFrom("products").selectAll().orderBy("id").limit(query.limit).offset((query.page - 1) * query.limit).execute(),
    db.selectFrom("products").select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow()
  ]);
  return {
    data: await productViews(db, rows),
    meta: pageMeta2(query.page, query.limit, Number(count.total), rows.length)
  };
}
async function getProduct(db, uuid2) {
  const row = await productBy(db, "uuid", uuid2);
  if (!row) throw catalogNotFound("Product");
  return productView(db, row);
}
async function findProduct(db, externalIdentifier) {
  const row = await productBy(db, "external_identifier", externalIdentifier);
  if (!row) throw catalogNotFound("Product");
  return productView(db, row);
}
async function insertProduct(tx, input, prefix) {
  const categoryIds = await categoryIdsOf(tx.db, input.categories ?? [], `${prefix}categories`);
  const at = isoTimestamp(tx.now);
  const row = await tx.db.insertInto("products").values({
    uuid: newUuid(),
    external_identifier: input.external_identifier,
    name: input.name,
    description: input.description ?? null,
    created_at: at,
    updated_at: at
  }).onConflict((oc) => oc.column("external_identifier").doNothing()).returningAll().executeTakeFirst();
  if (!row) throw identifierTaken(`${prefix}external_identifier`);
  await linkCategories(tx, row.id, categoryIds);
  return productView(tx.db, row);
}
async function createProduct(tx, input) {
  return insertProduct(tx, input, "");
}
async function createProducts(tx, items) {
  const out = [];
  for (const [i, item] of items.entries()) out.push(await insertProduct(tx, item, `products.${i}.`));
  return out;
}
async function findOrCreateProduct(tx, input) {
  const found = await productBy(tx.db, "external_identifier", input.external_identifier);
  if (found) return { item: await productView(tx.db, found), created: false };
  if (input.name === void 0) {
    invalidField("name", "The name field is required to create a product.");
  }
  return { item: await createProduct(tx, { ...input, name: input.name }), created: true };
}
async function updateProduct(tx, uuid2, input) {
  const row = await productBy(tx.db, "uuid", uuid2);
  if (!row) throw catalogNotFound("Product");
  const { categories: categories2, ...fields } = input;
  const categoryIds = categories2 === void 0 ? void 0 : await categoryIdsOf(tx.db, categories2, "categories");
  if (fields.external_identifier !== void 0 && fields.external_identifier !== row.external_identifier) {
    if (await productBy(tx.db, "external_identifier", fields.external_identifier)) {
      throw identifierTaken("external_identifier");
    }
  }
  await tx.db.updateTable("products").set({ ...fields, updated_at: isoTimestamp(tx.now) }).where("id", "=", row.id).execute();
  if (categoryIds !== void 0) await linkCategories(tx, row.id, categoryIds);
  return getProduct(tx.db, uuid2);
}
async function deleteProduct(tx, uuid2) {
  const row = await productBy(tx.db, "uuid", uuid2);
  if (!row) throw catalogNotFound("Product");
  await tx.db.deleteFrom("product_category_links").where("product_id", "=", row.id).execute();
  await tx.db.deleteFrom("products").where("id", "=", row.id).execute();
}

// src/service/http/public/products.ts
async function productRoutes(fastify) {
  catalogRoutes(fastify, {
    tag: "Products",
    keyPath: "/products",
    clientPath: "/v3/oauth/clients/products",
    noun: "product",
    batch: "products",
    schemas: {
      item: product,
      create: createProductBody,
      batch: batchProductsBody,
      findOrCreate: findOrCreateProductBody,
      update: updateProductBody
    },
    descriptions: {
      create: "Categories by uuid or external_identifier (1003 naming categories.N when unknown).",
      batch: "All or nothing: one bad item creates none. At most 100 items (else 1003 naming products); an unknown category names products.N.categories.M.",
      update: "Every field optional; `categories` replaces the product\u2019s categories (1003 naming categories.N when unknown)."
    },
    list: listProducts,
    get: getProduct,
    find: findProduct,
    remove: deleteProduct,
    create: createProduct,
    createMany: createProducts,
    findOrCreate: findOrCreateProduct,
    update: updateProduct
  });
}

// src/service/http/public/promotions.ts
import { z as z51 } from "zod";
async function promotionRoutes(fastify) {
  const app = zodRoutes(fastify);
  app.get(
    "/promotions",
    {
      config: { auth: "K" },
      schema: {
        tags: ["Promotions and vouchers"],
        summary: "List promotions",
        response: { 200: envelope(z51.array(promotion)) }
      }
    },
    async () => ok(await listPromotions(app.db))
  );
  app.get(
    "/promotions/:promotion_uuid",
    {
      config: { auth: "K" },
      schema: {
        tags: ["Promotions and vouchers"],
        summary: "Get a promotion",
        errors: [80002],
        params: promotionUuidParams,
        response: { 200: envelope(promotion) }
      }
    },
    async (req) => ok(promotionView(await promotionByUuid(app.db, req.params.promotion_uuid)))
  );
}

// src/service/http/public/reward-receptions.ts
async function rewardReceptionRoutes(fastify) {
  const app = zodRoutes(fastify);
  app.post(
    "/reward-receptions",
    {
      config: { auth: "K" },
      // A shop-bound key acts for its shop when the body names none, as in every other call of such a
      // key (the PHP SDK's RegisterClient sends no shop_uuid); an unbound key must name it (spec).
      preValidation: async (req) => {
        const body = req.body;
        if (req.actor.shopId !== null && body && typeof body === "object" && body.shop_uuid === void 0) {
          body.shop_uuid = (await shopById(app.db, req.actor.shopId)).uuid;
        }
      },
      schema: {
        tags: ["Reward receptions"],
        summary: "A contact claims a reward",
        description: "The required credits leave the contact\u2019s balance (`credits` is negative) and one unit of a limited stock is taken. A physical reward then waits at the shop as a collectable reward until `expires_at` (created_at + expiration_duration days). Reversed claims do not count against the claim limit.",
        errors: [
          55031,
          { code: 1008, when: "unknown shop, or not the shop of a shop-bound key" },
          6003,
          1017,
          1018,
          1019,
          1052
        ],
        body: createRewardReceptionBody,
        response: { 201: envelope(rewardReception) }
      }
    },
    async (req, reply) => reply.code(201).send(ok(await req.tx((tx) => createRewardReception(tx, req.actor, req.body))))
  );
  app.post(
    "/reward-receptions/:reward_reception_uuid/reverse",
    {
      config: { auth: "K" },
      schema: {
        tags: ["Reward receptions"],
        summary: "Reverse a reward reception",
        exampleAfter: madeBy("createRewardReception", "reward_reception_uuid"),
        description: "A new credit reception (default unit) gives the spent credits back at the same shop; the stock is restored and a physical reward of it can no longer be collected. A reception is reversed once.",
        errors: [{ reason: "reward_reception_not_found" }, { reason: "reward_reception_already_reversed" }],
        params: rewardReceptionUuidParams,
        response: { 201: envelope(creditReception) }
      }
    },
    async (req, reply) => reply.code(201).send(ok(await req.tx((tx) => reverseRewardReception(tx, req.params.reward_reception_uuid))))
  );
}

// src/service/http/public/rewards.ts
import { z as z52 } from "zod";
async function rewardRoutes(fastify) {
  const app = zodRoutes(fastify);
  app.get(
    "/rewards",
    {
      config: { auth: "K", surfaceSchema: { querystring: listRewardsSurfaceQuery } },
      schema: {
        tags: ["Rewards"],
        summary: "List the rewards for a contact",
        description: "Every reward of the account, inactive and out-of-stock ones included (`is_active`, `stock`), in creation order. Custom reward attributes appear as further keys. Extension: on /api/v3/register and /api/v3/oauth/clients `contact_uuid` may be left out (the PHP SDK\u2019s rewards->list()): the account\u2019s rewards, no shop needed.",
        errors: [
          55031,
          {
            code: 1008,
            when: "neither a shop-bound key nor `shop_uuid` (extension), an unknown shop, or another shop than the key\u2019s"
          }
        ],
        querystring: listRewardsQuery,
        response: { 200: envelope(z52.array(reward)) }
      }
    },
    async (req) => ok(await listRewards(app.db, req.actor, req.query))
  );
  app.get(
    "/rewards/:reward_uuid",
    {
      config: { auth: "K" },
      schema: {
        tags: ["Rewards"],
        summary: "Get a reward",
        errors: [6003],
        params: rewardUuidParams,
        response: { 200: envelope(reward) }
      }
    },
    async (req) => ok(await getReward(app.db, req.params.reward_uuid))
  );
  app.put(
    "/rewards/:reward_uuid",
    {
      config: { auth: "K" },
      schema: {
        tags: ["Rewards"],
        summary: "Update a reward",
        description: "title, description, required_credits (at most 2 decimals) and, as further keys, values of custom reward attributes (see /custom-attributes?entity=reward; null clears one); unknown keys and bad values are named.",
        errors: [6003],
        params: rewardUuidParams,
        body: updateRewardBody,
        response: { 200: envelope(reward) }
      }
    },
    async (req) => ok(await req.tx((tx) => updateReward(tx, req.params.reward_uuid, req.body)))
  );
}

// src/service/http/public/units.ts
import { z as z53 } from "zod";
async function unitsRoutes(fastify) {
  const app = zodRoutes(fastify);
  app.get(
    "/units",
    {
      config: { auth: "K" },
      schema: {
        tags: ["Units"],
        summary: "List the units",
        response: { 200: envelope(z53.array(unit)) }
      }
    },
    async () => ok((await listUnits(app.db)).map(unitView))
  );
  app.post(
    "/units",
    {
      config: { auth: "K" },
      schema: {
        tags: ["Units"],
        summary: "Create a unit",
        errors: [{ code: 55045, when: "a unit with this name exists" }],
        body: createUnitBody,
        response: { 201: envelope(createdUnit) }
      }
    },
    async (req, reply) => reply.code(201).send(ok(await req.tx((tx) => createUnit(tx, req.body))))
  );
}

// src/service/domain/visits.ts
var externalIdTaken = () => fieldError("external_id", "The external id has already been taken.", { status: 409 });
async function visitView(db, id) {
  const row = await db.selectFrom("visits").innerJoin("contacts", "contacts.id", "visits.contact_id").selectAll("visits").select(["contacts.uuid as contact_uuid", "contacts.email"]).where("visits.id", "=", id).executeTakeFirstOrThrow();
  return { ...stayView(row), created_at: row.created_at };
}
async function createVisit(tx, actor, input) {
  const values = await newStayValues(tx, actor, input);
  const row = await tx.db.insertInto("visits").values(values).onConflict((oc) => oc.column("external_id").doNothing()).returning("id").executeTakeFirst();
  if (!row) throw externalIdTaken();
  return visitView(tx.db, row.id);
}
async function updateVisit(tx, uuid2, input) {
  refuseFixedFields(input, ["contact_uuid", "shop_uuid"]);
  const row = await tx.db.selectFrom("visits").selectAll().where("uuid", "=", uuid2).executeTakeFirst();
  if (!row) throw refusal("visit_not_found", "Visit not found");
  const changes = {
    external_id: input.external_id,
    source: input.source,
    starts_at: input.starts_at,
    ends_at: input.ends_at
  };
  checkChangedTimeOrder(row, changes);
  if (changes.external_id != null && changes.external_id !== row.external_id) {
    const taken = await tx.db.selectFrom("visits").select("id").where("external_id", "=", changes.external_id).executeTakeFirst();
    if (taken) throw externalIdTaken();
  }
  await tx.db.updateTable("visits").set({ ...changes, updated_at: isoTimestamp(tx.now) }).where("id", "=", row.id).execute();
  return visitView(tx.db, row.id);
}

// src/service/http/public/visits.ts
async function visitRoutes(fastify) {
  const app = zodRoutes(fastify);
  app.post(
    "/v3/oauth/clients/visits",
    {
      config: { auth: "P" },
      schema: {
        tags: ["Visits"],
        summary: "Record a visit",
        description: "Timestamps ISO 8601 with offset. The spec lists no error codes here.",
        errors: [{ code: 1003, status: 409, when: "external_id taken" }, 55031, 1008],
        body: createVisitBody,
        response: { 201: envelope(visit) }
      }
    },
    async (req, reply) => reply.code(201).send(ok(await req.tx((tx) => createVisit(tx, req.actor, req.body))))
  );
  app.put(
    "/v3/oauth/clients/visits/:uuid",
    {
      config: { auth: "P" },
      schema: {
        tags: ["Visits"],
        summary: "Update a visit",
        exampleAfter: madeBy("createVisit", "uuid"),
        description: "external_id, source, starts_at, ends_at (null clears one); contact_uuid and shop_uuid cannot be sent.",
        errors: [{ reason: "visit_not_found" }, { code: 1003, status: 409, when: "external_id taken" }],
        params: visitUuidParams,
        body: updateVisitBody,
        response: { 200: envelope(visit) }
      }
    },
    async (req) => ok(await req.tx((tx) => updateVisit(tx, req.params.uuid, req.body)))
  );
}

// src/service/http/paginator-links.ts
var ON_EACH_SIDE = 3;
function paginatorLinks(req, meta) {
  const url = new URL(req.url, `${req.protocol}://${req.host}`);
  const path = `${url.origin}${url.pathname}`;
  const pageUrl = (page) => {
    url.searchParams.set("page", String(page));
    return url.toString();
  };
  const { current_page: current, last_page: last } = meta;
  const shown = [
    .../* @__PURE__ */ new Set([
      1,
      last,
      ...Array.from({ length: 2 * ON_EACH_SIDE + 1 }, (_, i) => current - ON_EACH_SIDE + i)
    ])
  ].filter((page) => page >= 1 && page <= last).sort((a, b) => a - b);
  const links = [
    {
      url: current > 1 ? pageUrl(Math.min(current - 1, last)) : null,
      label: "&laquo; Previous",
      active: false
    }
  ];
  let previous = 0;
  for (const page of shown) {
    if (previous > 0 && page > previous + 1) links.push({ url: null, label: "...", active: false });
    links.push({ url: pageUrl(page), label: String(page), active: page === current });
    previous = page;
  }
  links.push({ url: current < last ? pageUrl(current + 1) : null, label: "Next &raquo;", active: false });
  return { path, links };
}

// src/service/http/public/vouchers.ts
var TAGS8 = ["Promotions and vouchers"];
var EXTENSION_TAGS2 = [...TAGS8, EXTENSION_TAG];
async function voucherRoutes(fastify) {
  const app = zodRoutes(fastify);
  app.get(
    "/vouchers",
    {
      config: { auth: "K" },
      schema: {
        tags: TAGS8,
        summary: "List vouchers",
        description: "Oldest first, filtered by promotion, contact and status (the status as of now: an active voucher past its expiration date is EXPIRED); an unknown promotion or contact matches nothing. Paginated with meta {page, limit, viewing_from, viewing_to, last_page, total} and the real platform's {current_page, per_page, from, to} (from/to null on an empty page) and its {path, links} (extension); limit 0 gives an empty page with the total.",
        querystring: listVouchersQuery,
        response: { 200: pagedEnvelope(voucher, voucherListPageMeta) }
      }
    },
    async (req) => {
      const { items, meta } = await listVouchers(app.db, req.query, app.clock());
      return { data: items, meta: { ...meta, ...paginatorLinks(req, meta) } };
    }
  );
  app.get(
    "/vouchers/find",
    {
      config: { auth: "K" },
      schema: {
        tags: EXTENSION_TAGS2,
        summary: "Extension: find a voucher by code",
        errors: [80004],
        querystring: findVoucherQuery,
        response: { 200: envelope(voucher) }
      }
    },
    async (req) => ok(await voucherView(app.db, await voucherByCode(app.db, req.query.code), app.clock()))
  );
  app.post(
    "/vouchers/:voucher_uuid/lock",
    {
      config: { auth: "K" },
      schema: {
        tags: EXTENSION_TAGS2,
        summary: "Extension: lock a voucher",
        description: "Status LOCKED for one hour (then it counts as released): it can be redeemed or released only with the returned release key. Also answers, as the real platform does, the locked `voucher` and its `lock` {release_key, locked_at, unlocked_at, system_release_at}.",
        errors: [80004, 80017, 80005, 80006, 80012, 80014],
        params: voucherUuidParams,
        response: { 200: envelope(voucherLock) }
      }
    },
    async (req) => ok(await recordingVoucherExpiry(req.tx, (tx) => lockVoucher(tx, req.params.voucher_uuid), app.tx))
  );
  app.post(
    "/vouchers/:voucher_uuid/release",
    {
      config: { auth: "K" },
      schema: {
        tags: EXTENSION_TAGS2,
        summary: "Extension: release a locked voucher",
        exampleAfter: { operationId: "lockVoucher", parameters: {}, requestBody: "$response.body#/data" },
        description: "Back to ACTIVE: the voucher, and, as the real platform answers, `voucher` and its ended `lock`.",
        errors: [80004, { reason: "voucher_not_locked" }, { reason: "voucher_release_key_wrong" }],
        params: voucherUuidParams,
        body: releaseVoucherBody,
        response: { 200: envelope(releasedVoucher) }
      }
    },
    async (req) => ok(await req.tx((tx) => releaseVoucher(tx, req.params.voucher_uuid, req.body.release_key)))
  );
  app.post(
    "/vouchers/redeem",
    {
      config: { auth: "K" },
      schema: {
        tags: EXTENSION_TAGS2,
        summary: "Extension: redeem a voucher",
        description: "Status REDEEMED with redeemed_at. The shop is `shop_uuid` or the key\u2019s bound shop. A voucher linked to nobody needs `contact_uuid` and is linked to that contact, unless the contact already holds the promotion's limit_per_contact vouchers (1003). A locked voucher needs its `release_key` (none: 80017; a wrong one: 1003). Of concurrent redemptions of one voucher exactly one succeeds. On /api/v3/oauth/clients a credential bound to no shop may leave `shop_uuid` out (the PHP SDK\u2019s OAuth redeem sends none): no shop is recorded.",
        errors: [
          1008,
          55031,
          ...VOUCHER_REDEEM_REFUSALS,
          { reason: "voucher_limit_reached" },
          { reason: "voucher_someone_else" },
          { reason: "voucher_release_key_wrong" }
        ],
        body: redeemVoucherBody,
        response: { 200: envelope(voucher) }
      }
    },
    async (req) => ok(
      await recordingVoucherExpiry(
        req.tx,
        (tx) => redeemVoucher(tx, req.actor, req.body, {
          shopOptional: req.routeOptions.config.surface === "oauth"
        }),
        app.tx
      )
    )
  );
  app.post(
    "/vouchers/:voucher_uuid/reverse",
    {
      config: { auth: "K" },
      schema: {
        tags: EXTENSION_TAGS2,
        summary: "Extension: reverse a voucher redemption",
        exampleAfter: madeBy("redeemVoucher"),
        description: "REDEEMED \u2192 ACTIVE (redeemed_at cleared; it stays linked to its contact).",
        errors: [80004, { reason: "voucher_not_redeemed" }],
        params: voucherUuidParams,
        response: { 200: envelope(voucher) }
      }
    },
    async (req) => ok(await req.tx((tx) => reverseVoucherRedemption(tx, req.params.voucher_uuid)))
  );
}

// src/service/http/public/index.ts
async function registerPublicRoutes(app) {
  for (const routes of [
    oauthTokenRoutes,
    contactRoutes,
    loyaltyTransactionRoutes,
    accountRoutes,
    contactIdentifiersRoutes,
    contactSessionTokensRoutes,
    contactSubscriptionsRoutes,
    unitsRoutes,
    creditReceptionsRoutes,
    posTransactionsRoutes,
    portalSessionsRoutes,
    endScreenPushRoutes,
    giftcardRoutes,
    giftcardTransactionRoutes,
    prepaidTransactionRoutes,
    promotionRoutes,
    voucherRoutes,
    rewardRoutes,
    rewardReceptionRoutes,
    collectableRewardRoutes,
    customAttributeRoutes,
    perkRoutes,
    bookingRoutes,
    visitRoutes,
    productRoutes,
    categoryRoutes
  ]) {
    await app.register(routes);
  }
}

// src/service/http/read-cache.ts
var ReadCache = class {
  constructor(enabled, maxEntries = 5e3) {
    this.enabled = enabled;
    this.maxEntries = maxEntries;
  }
  enabled;
  maxEntries;
  entries = /* @__PURE__ */ new Map();
  byTag = /* @__PURE__ */ new Map();
  /** Counts invalidations, so that a load overlapping one is not kept. */
  generation = 0;
  /**
   * The cached value for `key`, or the result of `load`, kept until a write changes one of the
   * tags that `tags` names for it.
   */
  async get(key, load, tags) {
    if (!this.enabled) return load();
    const hit = this.entries.get(key);
    if (hit) return hit.value;
    const generation = this.generation;
    const value = await load();
    if (generation === this.generation) {
      if (this.entries.size >= this.maxEntries) this.delete(this.entries.keys().next().value);
      const entryTags = tags(value);
      this.entries.set(key, { value, tags: entryTags });
      for (const tag of entryTags) {
        const keys = this.byTag.get(tag) ?? /* @__PURE__ */ new Set();
        this.byTag.set(tag, keys.add(key));
      }
    }
    return value;
  }
  /** Drops the entries of `changed` tags (all of them for `*`); called once a write is on disk. */
  invalidate(changed) {
    if (changed.size === 0) return;
    this.generation += 1;
    if (changed.has("*")) {
      this.entries = /* @__PURE__ */ new Map();
      this.byTag = /* @__PURE__ */ new Map();
      return;
    }
    for (const tag of changed) for (const key of this.byTag.get(tag) ?? []) this.delete(key);
  }
  delete(key) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }
};

// src/service/http/request-log.ts
import { LogController } from "fastify";
function credentialId(request) {
  const token = bearerToken(request);
  return token ? hashToken(token).slice(0, 12) : void 0;
}
function routeOf(request) {
  try {
    return request.routeOptions.url ?? "unmatched";
  } catch {
    return "unmatched";
  }
}
var RequestLog = class extends LogController {
  observers = [];
  /** Calls `observer` once for every finished request. */
  observe(observer) {
    this.observers.push(observer);
  }
  incomingRequest(request, reply) {
    const start = performance.now();
    let done = false;
    const finish = (aborted) => {
      if (done) return;
      done = true;
      const res = reply.raw;
      const outcome = {
        method: request.method,
        route: routeOf(request),
        status: res.statusCode,
        durationMs: Math.round((performance.now() - start) * 1e3) / 1e3,
        aborted
      };
      request.log.info(
        {
          method: outcome.method,
          route: outcome.route,
          status: outcome.status,
          duration_ms: outcome.durationMs,
          credential: credentialId(request),
          ...outcome.aborted ? { aborted: true } : {}
        },
        "request"
      );
      for (const observer of this.observers) observer(outcome);
    };
    reply.raw.once("finish", () => finish(false));
    reply.raw.once("close", () => finish(!reply.raw.writableFinished));
  }
  // The line above replaces Fastify's "incoming request" / "request completed" pair and its
  // per-request 404 and error lines; unhandled errors are logged by the error handler.
  requestCompleted() {
  }
  routeNotFound() {
  }
  defaultErrorLog() {
  }
};

// src/service/jobs/session-expiry.ts
var SESSION_EXPIRY_INTERVAL_MS = 1e3;
var BATCH = 100;
function registerSessionExpiry(app) {
  let timer;
  let round = Promise.resolve();
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    round = (async () => {
      try {
        let expired;
        do
          expired = await app.tx((tx) => expireDueSessions(tx, app.dialect, BATCH));
        while (expired === BATCH);
      } catch (err) {
        app.log.warn({ err }, "session expiry round failed");
      } finally {
        running = false;
      }
    })();
  };
  app.addHook("onReady", async () => {
    timer = setInterval(run, SESSION_EXPIRY_INTERVAL_MS);
    timer.unref();
  });
  app.addHook("preClose", async () => {
    clearInterval(timer);
    await round;
  });
}

// src/service/app.ts
var here2 = dirname2(fileURLToPath2(import.meta.url));
function defaultKioskDir() {
  const candidates = [resolve2(here2, "../kiosk"), resolve2(here2, "../../dist/kiosk")];
  return candidates.find((dir) => existsSync2(join4(dir, "index.html"))) ?? candidates[1];
}
async function buildApp(config, deps) {
  const requestLog = new RequestLog();
  const app = Fastify({
    logger: config.logLevel === "silent" ? false : { level: config.logLevel },
    // One JSON line per request (request-log.ts) instead of Fastify's two.
    logController: requestLog,
    // Without a Host header, Node would answer 400 with an empty body; errors.ts answers the error body.
    http: { requireHostHeader: false },
    ...deps.https ? { https: { ...deps.https, requireHostHeader: false } } : {},
    bodyLimit: 1024 * 1024,
    // Stable ids of our own; a proxy's request id is not trusted.
    requestIdHeader: false,
    // A long path parameter is input like any other: the token is checked first, then the
    // parameter (422 naming it); only a request line past Node's 16 KiB header limit is refused
    // before that (431). Malformed paths and requests answer the error body too.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 16 * 1024 },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    // Requests that arrive while shutting down are still served (Connection: close) rather than
    // answered with Fastify's own 503 body; /readyz turns 503 at once.
    return503OnClosing: false
  });
  app.setValidatorCompiler(validatorCompiler);
  const serialized = /* @__PURE__ */ new WeakMap();
  app.setSerializerCompiler(({ schema, method, url }) => (data) => {
    if (deps.validateResponses) {
      const result = schema.safeParse(data);
      if (!result.success) {
        throw new Error(`response of ${method} ${url} does not match its schema: ${result.error.message}`);
      }
    }
    if (typeof data !== "object" || data === null) return JSON.stringify(data);
    let text = serialized.get(data);
    if (text === void 0) {
      text = toJson(data);
      serialized.set(data, text);
    }
    return text;
  });
  const clock = deps.clock ?? (() => /* @__PURE__ */ new Date());
  const bus = new EventBus();
  if (deps.databaseUrl) await bus.connect(deps.databaseUrl);
  app.addHook("onClose", () => bus.close());
  app.decorate("db", deps.db);
  app.decorate("dialect", deps.dialect);
  app.decorate("config", config);
  app.decorate("clock", clock);
  app.decorate("bus", bus);
  const readCache = new ReadCache(deps.dialect === "sqlite");
  app.decorate("readCache", readCache);
  app.decorate(
    "tx",
    (work) => inTransaction(deps.db, deps.dialect, clock, (notes) => bus.deliver(notes), work)
  );
  if (deps.dialect === "sqlite") {
    const commit = groupCommitOf(deps.db);
    commit.onDurable((changed) => readCache.invalidate(changed));
    app.addHook("onSend", async (request) => {
      if (request.method === "GET" || request.method === "HEAD") await commit.settled();
    });
  }
  const jsonParser = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (typeof body === "string" && body.trim() === "") return done(null, {});
    jsonParser(request, body, done);
  });
  await app.register(formbody, { parser: (body) => qs.parse(body, { depth: 8, arrayLimit: 1e3 }) });
  registerErrorHandling(app);
  await registerRateLimit(app);
  registerAuth(app);
  registerInputGuard(app);
  registerRequestTransactions(app);
  await registerOpenApi(app);
  registerSurfaces(app);
  registerMail(app);
  registerHealth(app);
  registerMetrics(app, requestLog, { poolStats: deps.poolStats, metricsText: deps.metricsText });
  registerSessionExpiry(app);
  await registerPublicRoutes(app);
  await registerPortalRoutes(app);
  await app.register(mediaRoutes);
  await registerCashierConsole(app, deps.cashierDir);
  const kioskDir = deps.kioskDir ?? defaultKioskDir();
  if (existsSync2(join4(kioskDir, "index.html"))) {
    await app.register(fastifyStatic2, {
      root: kioskDir,
      prefix: "/portal/",
      index: "index.html",
      wildcard: true,
      // Built beside each file (vite-plugin-compression2); the raw file for clients asking neither.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader(
          "cache-control",
          path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache"
        );
        res.setHeader("vary", "accept-encoding");
      }
    });
    app.get(
      "/portal",
      { config: { auth: "none" }, schema: { hide: true } },
      (_req, reply) => reply.header("cache-control", "no-cache").sendFile("index.html")
    );
  }
  app.get(
    "/",
    { config: { auth: "none" }, schema: { hide: true } },
    (_req, reply) => reply.redirect("/docs")
  );
  return app;
}

// src/service/cluster.ts
import cluster from "node:cluster";
import { pino } from "pino";
import { AggregatorRegistry } from "prom-client";

// src/service/startup-errors.ts
import { accessSync, constants, mkdirSync as mkdirSync2, statSync } from "node:fs";
import { join as join5 } from "node:path";
var StartupError = class extends Error {
  name = "StartupError";
};
async function startupStep(step, config, work) {
  try {
    return await work();
  } catch (err) {
    throw explain(err, step, config) ?? err;
  }
}
function ensureDataFolder(dir) {
  mkdirSync2(dir, { recursive: true });
  if (!statSync(dir).isDirectory()) throw Object.assign(new Error(`${dir} is a file`), { code: "ENOTDIR" });
  accessSync(dir, constants.W_OK);
}
function codeOf(err) {
  let e = err;
  for (let depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === "string") return e.code;
    e = e.cause;
  }
  return void 0;
}
function innermostMessage(err) {
  let e = err;
  while (e.cause instanceof Error) e = e.cause;
  return e.message ?? String(err);
}
function explain(err, step, config) {
  const code = codeOf(err);
  const dataOption = "choose another folder with --data (DATA_DIR)";
  const dir = config.dataDir;
  const notAFolder = `data folder ${dir} is not a folder (a file is in the way): move the file, or ${dataOption}`;
  const notWritable = (why) => `data folder ${dir} is not writable (${why}): give this user write access, or ${dataOption}`;
  if (step === "data") {
    if (code === "EEXIST" || code === "ENOTDIR") return new StartupError(notAFolder);
    if (code === "EACCES" || code === "EPERM" || code === "EROFS") return new StartupError(notWritable(code));
    return void 0;
  }
  if (step === "database" && !config.databaseUrl) {
    const file = join5(dir, "portal.sqlite");
    if (code === "SQLITE_CANTOPEN" || code === "SQLITE_READONLY" || code?.startsWith("SQLITE_READONLY_")) {
      return new StartupError(notWritable(code));
    }
    if (code === "SQLITE_NOTADB" || code === "SQLITE_CORRUPT") {
      return new StartupError(
        `${file} is not a usable SQLite database (${code}): move it away, or ${dataOption}`
      );
    }
    if (code === "SQLITE_BUSY") {
      return new StartupError(
        `${file} is locked by another process (is Portal already running on it?): stop it, or ${dataOption}`
      );
    }
    return void 0;
  }
  if (step === "database" && config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    const at = `PostgreSQL at ${url.host}`;
    const fix = "fix --database-url (DATABASE_URL)";
    const database = decodeURIComponent(url.pathname.slice(1)) || decodeURIComponent(url.username);
    switch (code) {
      case "ECONNREFUSED":
        return new StartupError(`${at} refused the connection: start the server, or ${fix}`);
      case "ENOTFOUND":
      case "EAI_AGAIN":
        return new StartupError(`PostgreSQL host ${url.hostname} not found: ${fix}`);
      case "ETIMEDOUT":
      case "EHOSTUNREACH":
      case "ENETUNREACH":
        return new StartupError(`${at} cannot be reached (${code}): check the network, or ${fix}`);
      case "28P01":
      case "28000":
        return new StartupError(`${at} refused the login (${innermostMessage(err)}): ${fix}`);
      case "3D000":
        return new StartupError(
          `${at} has no database "${database}": create it (createdb ${database}), or ${fix}`
        );
      default:
        return new StartupError(`${at}: ${innermostMessage(err)}; check the server, or ${fix}`);
    }
  }
  if (step === "listen" || step === "metrics") {
    const option = step === "listen" ? "--port (PORT)" : "--metrics-port (METRICS_PORT)";
    const port = step === "listen" ? config.port : config.metricsPort;
    const what = step === "listen" ? "port" : "metrics port";
    switch (code) {
      case "EADDRINUSE":
        return new StartupError(
          `${what} ${port} on ${config.host} is already in use (another Portal?): stop that program, or choose another with ${option}`
        );
      case "EACCES":
        return new StartupError(
          `not allowed to listen on ${what} ${port} (ports below 1024 need privileges): choose another with ${option}`
        );
      case "EADDRNOTAVAIL":
      case "ENOTFOUND":
        return new StartupError(
          `${config.host} is not an address of this machine: choose another with --host (HOST)`
        );
      default:
        return void 0;
    }
  }
  return void 0;
}

// src/service/cluster.ts
function workerRole() {
  if (!cluster.isWorker) return void 0;
  let nextId = 0;
  const pending = /* @__PURE__ */ new Map();
  const send2 = (message) => process.send?.(message);
  process.on("message", (message) => {
    if (message.type !== "portal:metrics") return;
    const waiter = pending.get(message.id);
    pending.delete(message.id);
    if (message.text !== void 0) waiter?.resolve(message.text);
    else waiter?.reject(new Error(message.error ?? "no metrics"));
  });
  return {
    index: Number(process.env.PORTAL_WORKER_INDEX ?? 0),
    metricsText: () => new Promise((resolve4, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: resolve4, reject });
      send2({ type: "portal:metrics-request", id });
    }),
    shareMetrics(registries) {
      new AggregatorRegistry();
      AggregatorRegistry.setRegistries(registries);
    },
    ready: (info) => send2({ type: "portal:ready", ...info }),
    failed: (message) => new Promise((resolve4) => {
      process.send?.(
        { type: "portal:failed", message },
        void 0,
        {},
        () => resolve4()
      );
    }),
    onShutdown(close) {
      process.on("message", (message) => {
        if (message.type === "portal:shutdown") close();
      });
      process.on("disconnect", close);
    }
  };
}
var MAX_RESTARTS_PER_MINUTE = 5;
async function runPrimary(config, prepare2, printBanner2) {
  const log = pino({ level: config.logLevel, base: { pid: process.pid, role: "primary" } });
  await prepare2();
  const aggregator = new AggregatorRegistry();
  let metricsServer;
  if (config.metricsPort !== void 0) {
    const port = config.metricsPort;
    metricsServer = await startupStep(
      "metrics",
      config,
      () => serveMetrics(config.host, port, () => aggregator.clusterMetrics())
    );
  }
  const indexOf = /* @__PURE__ */ new Map();
  const ready = /* @__PURE__ */ new Map();
  const listening = /* @__PURE__ */ new Set();
  const restarts = [];
  let started = false;
  let stopping = false;
  const stopAll = (exitCode) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (!worker) continue;
      if (listening.has(worker) && worker.isConnected())
        worker.send({ type: "portal:shutdown" });
      else worker.process.kill("SIGTERM");
    }
    const force = setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
    }, 15e3);
    force.unref();
    const finish = () => {
      if (Object.keys(cluster.workers ?? {}).length > 0) return;
      clearTimeout(force);
      metricsServer?.close();
      log.flush();
      process.exit(exitCode);
    };
    cluster.on("exit", finish);
    finish();
  };
  const fail = (message) => {
    if (stopping) return;
    process.stderr.write(`portal: ${message}
`);
    stopAll(1);
  };
  const fork = (index) => {
    const worker = cluster.fork({ PORTAL_WORKER_INDEX: String(index) });
    indexOf.set(worker, index);
    worker.on("message", (message) => {
      if (message.type === "portal:failed") {
        if (started) log.error({ worker: index }, message.message);
        else fail(message.message);
      } else if (message.type === "portal:ready") {
        listening.add(worker);
        ready.set(index, message);
        if (!started && ready.size === config.workers) {
          started = true;
          const pids = Object.values(cluster.workers ?? {}).flatMap(
            (w) => w?.process.pid ? [w.process.pid] : []
          );
          printBanner2({ address: message.address, session: ready.get(0)?.session, pids });
        }
      } else if (message.type === "portal:metrics-request") {
        aggregator.clusterMetrics().then(
          (text) => worker.send({ type: "portal:metrics", id: message.id, text }),
          (err) => worker.send({ type: "portal:metrics", id: message.id, error: err.message })
        );
      }
    });
  };
  cluster.on("exit", (worker, code, signal) => {
    const index = indexOf.get(worker) ?? 0;
    indexOf.delete(worker);
    listening.delete(worker);
    if (stopping) return;
    if (!started) {
      fail(`worker ${index} exited during start (${signal ?? `code ${code}`}); see the lines above`);
      return;
    }
    const now = Date.now();
    restarts.push(now);
    while (restarts.length > 0 && restarts[0] < now - 6e4) restarts.shift();
    if (restarts.length > MAX_RESTARTS_PER_MINUTE) {
      log.fatal(
        { worker: index, code, signal },
        `workers crashed ${restarts.length} times within a minute; stopping`
      );
      stopAll(1);
      return;
    }
    log.error({ worker: index, pid: worker.process.pid, code, signal }, "worker exited; starting a new one");
    fork(index);
  });
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      log.info({ signal }, "shutting down: workers finish their requests");
      stopAll(0);
    });
  }
  for (let index = 0; index < config.workers; index++) fork(index);
}

// src/service/config.ts
import { networkInterfaces } from "node:os";
import { parseArgs } from "node:util";
import { z as z54 } from "zod";
var ConfigError = class extends Error {
  name = "ConfigError";
};
var OPTIONS = {
  port: { env: "PORT", type: "string" },
  host: { env: "HOST", type: "string" },
  data: { env: "DATA_DIR", type: "string" },
  "database-url": { env: "DATABASE_URL", type: "string" },
  "portal-url": { env: "PORTAL_URL", type: "string" },
  fixture: { env: "FIXTURE", type: "string" },
  "rate-limit": { env: "RATE_LIMIT", type: "string" },
  "session-ttl": { env: "SESSION_TTL_MINUTES", type: "string" },
  "allowed-origins": { env: "ALLOWED_ORIGINS", type: "string" },
  "log-level": { env: "LOG_LEVEL", type: "string" },
  "smtp-url": { env: "SMTP_URL", type: "string" },
  "metrics-port": { env: "METRICS_PORT", type: "string" },
  "metrics-token": { env: "METRICS_TOKEN", type: "string" },
  workers: { env: "WORKERS", type: "string" },
  "tls-cert": { env: "TLS_CERT", type: "string" },
  "tls-key": { env: "TLS_KEY", type: "string" },
  "tls-self-signed": { env: "TLS_SELF_SIGNED", type: "boolean" }
};
var wholeNumber = (min, max) => z54.string().regex(/^\d+$/, "must be a whole number").transform(Number).pipe(z54.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));
var httpUrl = z54.url({ protocol: /^https?$/, error: "must be an http(s) URL" });
var SCHEMA = z54.object({
  port: wholeNumber(0, 65535).default(8080),
  host: z54.string().min(1).default("127.0.0.1"),
  data: z54.string().min(1).default("./data"),
  "database-url": z54.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL").optional(),
  "portal-url": httpUrl.optional(),
  fixture: z54.string().min(1).optional(),
  "rate-limit": wholeNumber(0, 1e7).default(5e3),
  "session-ttl": wholeNumber(1, 24 * 60).default(60),
  "allowed-origins": z54.string().default("").transform(
    (v) => v.split(",").map((s) => s.trim()).filter(Boolean)
  ).pipe(z54.array(z54.url({ error: "must be a comma-separated list of origins" }))),
  "log-level": z54.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  "smtp-url": z54.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  "metrics-port": wholeNumber(1, 65535).optional(),
  "metrics-token": z54.string().min(16, "must be at least 16 characters (a secret)").optional(),
  workers: wholeNumber(1, 256).default(1),
  "tls-cert": z54.string().min(1).optional(),
  "tls-key": z54.string().min(1).optional(),
  "tls-self-signed": z54.enum(["1", "true", "yes", "0", "false", "no"], { error: "must be 1/true/yes or 0/false/no" }).default("0").transform((v) => v === "1" || v === "true" || v === "yes")
});
var COMBINATIONS = [
  {
    when: (o) => o.workers > 1 && !o["database-url"],
    option: "workers",
    message: "more than one process needs PostgreSQL (--database-url); SQLite allows one writing process, so run without --workers"
  },
  {
    when: (o) => Boolean(o["tls-cert"]) !== Boolean(o["tls-key"]),
    option: "tls-cert",
    message: "give both --tls-cert and --tls-key (PEM files), or --tls-self-signed"
  },
  {
    when: (o) => o["tls-self-signed"] && Boolean(o["tls-cert"] ?? o["tls-key"]),
    option: "tls-self-signed",
    message: "not together with --tls-cert/--tls-key: use your certificate or a self-signed one"
  },
  {
    when: (o) => o["metrics-port"] !== void 0 && o["metrics-port"] === o.port,
    option: "metrics-port",
    message: "must differ from --port"
  }
];
function parseConfig(argv, env) {
  let flags;
  try {
    const options2 = Object.fromEntries(Object.entries(OPTIONS).map(([k, { type }]) => [k, { type }]));
    flags = parseArgs({ args: argv, options: options2, strict: true, allowPositionals: false }).values;
  } catch (err) {
    throw new ConfigError(
      `${err.message}. Options: ${Object.keys(OPTIONS).map((k) => `--${k}`).join(", ")}`
    );
  }
  const raw = {};
  for (const [name, { env: variable }] of Object.entries(OPTIONS)) {
    const flag = flags[name];
    const value = typeof flag === "boolean" ? String(flag) : flag ?? env[variable];
    if (value !== void 0 && value !== "") raw[name] = value;
  }
  const parsed = SCHEMA.safeParse(raw);
  const issues = parsed.success ? COMBINATIONS.filter((c) => c.when(parsed.data)).map((c) => ({ path: [c.option], message: c.message })) : parsed.error.issues;
  if (!parsed.success || issues.length > 0) {
    const lines = issues.map((issue) => {
      const name = String(issue.path[0]);
      return `--${name} / ${OPTIONS[name]?.env ?? name}: ${issue.message}`;
    });
    throw new ConfigError(lines.join("\n"));
  }
  return toConfig(parsed.data);
}
function toConfig(o) {
  const tls = o["tls-cert"] && o["tls-key"] ? { kind: "files", certFile: o["tls-cert"], keyFile: o["tls-key"] } : o["tls-self-signed"] ? { kind: "self-signed" } : void 0;
  return {
    port: o.port,
    host: o.host,
    /** Folder of the embedded SQLite database and other local state (mail outbox). */
    dataDir: o.data,
    /** PostgreSQL connection URL; when set, SQLite is not used. */
    databaseUrl: o["database-url"],
    /** Address put in portal session urls: `{portalUrl}?uuid={uuid}`. */
    portalUrl: o["portal-url"] ?? defaultPortalUrl(o.host, o.port, tls !== void 0),
    /** Account fixture loaded at every start; the bundled demo fixture when absent and the database is empty. */
    fixture: o.fixture,
    /** Requests per credential per minute; 0 turns the limit off. */
    rateLimit: o["rate-limit"],
    /** How long a portal session stays open, in minutes. */
    sessionTtlMinutes: o["session-ttl"],
    /** Origins of POS web pages that may embed the kiosk and receive its events by postMessage. */
    allowedOrigins: o["allowed-origins"].map((u) => new URL(u).origin),
    logLevel: o["log-level"],
    /** SMTP server for outgoing mail (smtp:// or smtps://); unset: mail is written to `{dataDir}/outbox`. */
    smtpUrl: o["smtp-url"],
    /** Serve Prometheus metrics on this separate port (plain HTTP, on `host`), no token. */
    metricsPort: o["metrics-port"],
    /** Serve Prometheus metrics at /metrics on the main port to `Authorization: Bearer <token>`. */
    metricsToken: o["metrics-token"],
    /** Service processes on this machine (node:cluster); more than 1 needs PostgreSQL. */
    workers: o.workers,
    /** HTTPS: certificate and key files, or a self-signed certificate kept in `{dataDir}/tls`. */
    tls
  };
}
function defaultPortalUrl(host, port, tls = false) {
  let name = host;
  if (host === "0.0.0.0" || host === "::") {
    const lan = Object.values(networkInterfaces()).flat().find((i) => i && i.family === "IPv4" && !i.internal);
    name = lan?.address ?? "127.0.0.1";
  }
  if (name.includes(":")) name = `[${name}]`;
  return `${tls ? "https" : "http"}://${name}:${port}/portal/`;
}

// src/service/fixture/load.ts
import { readFileSync as readFileSync2 } from "node:fs";
import { dirname as dirname3 } from "node:path";

// src/service/fixture/cashier-devices.ts
async function loadCashierDevices(tx, devices, shopRef3, at) {
  const listed = [];
  for (const [i, d] of devices.entries()) {
    const shopId = shopRef3(d.shop, `cashier_devices[${i}].shop`);
    if (shopId === null) continue;
    const tokenHash = hashToken(d.token);
    listed.push(tokenHash);
    const row = { shop_id: shopId, name: d.name, revoked_at: null };
    await tx.insertInto("cashier_devices").values({ token_hash: tokenHash, created_at: at, ...row }).onConflict((oc) => oc.column("token_hash").doUpdateSet(row)).execute();
  }
  let gone = tx.selectFrom("cashier_devices").select("id").where("revoked_at", "is", null);
  if (listed.length > 0) gone = gone.where("token_hash", "not in", listed);
  const ids = (await gone.execute()).map((d) => d.id);
  if (ids.length === 0) return;
  await tx.updateTable("cashier_devices").set({ revoked_at: at }).where("id", "in", ids).execute();
  await tx.deleteFrom("cashier_device_sessions").where("cashier_device_id", "in", ids).execute();
}

// src/service/fixture/load-context.ts
function reference(load, what, ids) {
  return (key, path) => {
    if (key == null) return null;
    const id = ids.get(key);
    if (id === void 0) load.problems.push(`${path}: unknown ${what} ${key}`);
    return id ?? null;
  };
}
async function findOrInsert(tx, table, key, values) {
  const found = await tx.selectFrom(table).select(["id", "uuid"]).where(key.uuid ? "uuid" : key.column, "=", key.uuid ?? key.value).executeTakeFirst();
  if (found) return { ...found, created: false };
  const uuid2 = key.uuid ?? newUuid();
  const { id } = await tx.insertInto(table).values(values(uuid2)).returning("id").executeTakeFirstOrThrow();
  return { id, uuid: uuid2, created: true };
}

// src/service/fixture/load-account.ts
function brandKitOf2(account) {
  const old = account.brand ?? {};
  const kit = {
    small_logo_url: old.logo_url,
    large_logo_url: old.logo_url,
    primary_color: old.primary_color,
    secondary_color: old.secondary_color,
    ...account.brand_kit
  };
  return Object.fromEntries(
    Object.entries(kit).filter((e) => typeof e[1] === "string")
  );
}
async function loadAccount({ tx }, fixture) {
  const account = {
    name: fixture.account.name,
    brand: JSON.stringify(brandKitOf2(fixture.account)),
    max_credits_per_reception_centi: fixture.max_credits_per_reception == null ? null : toCenti(fixture.max_credits_per_reception),
    settings: JSON.stringify(fixture.account.settings ?? {})
  };
  await tx.insertInto("account").values({ id: 1, ...account }).onConflict((oc) => oc.column("id").doUpdateSet(account)).execute();
}
async function loadShops(load, shops) {
  const { tx } = load;
  for (const shop2 of shops) {
    const existing = await tx.selectFrom("shops").select(["uuid"]).where("id", "=", shop2.id).executeTakeFirst();
    const row = {
      uuid: shop2.uuid ?? existing?.uuid ?? newUuid(),
      name: shop2.name,
      reference: shop2.reference ?? null,
      address: shop2.address ? JSON.stringify(shop2.address) : null
    };
    await tx.insertInto("shops").values({ id: shop2.id, ...row }).onConflict((oc) => oc.column("id").doUpdateSet(row)).execute();
  }
  const rows = await tx.selectFrom("shops").select(["id", "uuid"]).execute();
  return reference(load, "shop", new Map(rows.map((s) => [s.uuid, s.id])));
}
async function loadCredentials(load, fixture, shop2) {
  const { tx, problems } = load;
  for (const [i, c] of fixture.credentials.entries()) {
    const row = { kind: c.kind, shop_id: shop2(c.shop, `credentials[${i}].shop`) };
    if (row.kind !== "api_key" && row.shop_id !== null) {
      problems.push(`credentials[${i}].shop: only an api_key can be bound to a shop`);
    }
    await tx.insertInto("credentials").values({ token_hash: hashToken(c.token), ...row }).onConflict((oc) => oc.column("token_hash").doUpdateSet(row)).execute();
  }
  for (const client of fixture.oauth_clients) {
    const row = { secret_hash: hashToken(client.secret), name: client.name };
    await tx.insertInto("oauth_clients").values({ id: client.id, ...row }).onConflict((oc) => oc.column("id").doUpdateSet(row)).execute();
  }
  for (const [i, d] of fixture.devices.entries()) {
    const shopId = shop2(d.shop, `devices[${i}].shop`);
    if (shopId === null) continue;
    await tx.insertInto("devices").values({ token_hash: hashToken(d.token), shop_id: shopId }).onConflict((oc) => oc.column("token_hash").doUpdateSet({ shop_id: shopId })).execute();
  }
}
async function loadUnits(load, fixtureUnits) {
  const { tx, at, problems } = load;
  const units = fixtureUnits.length ? fixtureUnits : await tx.selectFrom("units").select("id").executeTakeFirst() ? [] : [{ name: "purchase_amount", label: "Purchase amount", prefix: "\u20AC", is_default: true }];
  if (units.filter((u) => u.is_default).length > 1)
    problems.push("units: at most one unit can be the default");
  for (const u of units) {
    const exists = await tx.selectFrom("units").select("id").where("name", "=", u.name).executeTakeFirst();
    if (exists) continue;
    if (u.is_default) await tx.updateTable("units").set({ is_default: 0 }).execute();
    await tx.insertInto("units").values({
      name: u.name,
      label: u.label,
      prefix: u.prefix ?? u.name.charAt(0),
      is_default: u.is_default ? 1 : 0,
      format: null,
      created_at: at,
      updated_at: at
    }).execute();
  }
}
async function loadTiers(load, tiers) {
  const { tx } = load;
  for (const t of tiers) {
    await findOrInsert(tx, "tiers", { uuid: t.uuid, column: "name", value: t.name }, (uuid2) => ({
      uuid: uuid2,
      name: t.name,
      description: t.description ?? null,
      position: t.position,
      media: null
    }));
  }
  const rows = await tx.selectFrom("tiers").select(["id", "uuid"]).execute();
  return reference(load, "tier", new Map(rows.map((t) => [t.uuid, t.id])));
}
async function loadLoyaltyRules(load, rules, tier2) {
  const { tx, problems } = load;
  await tx.deleteFrom("loyalty_rules").execute();
  for (const [i, r] of rules.entries()) {
    const unit2 = await tx.selectFrom("units").select("id").where("name", "=", r.unit).executeTakeFirst();
    if (!unit2) {
      problems.push(`loyalty_rules[${i}].unit: unknown unit ${r.unit}`);
      continue;
    }
    await tx.insertInto("loyalty_rules").values({
      unit_id: unit2.id,
      credits_per_unit: String(r.credits_per_unit),
      rounding: r.rounding,
      tier_id: tier2(r.tier, `loyalty_rules[${i}].tier`),
      weekdays: r.weekdays ? JSON.stringify(r.weekdays) : null,
      from_time: r.from_time ?? null,
      until_time: r.until_time ?? null
    }).execute();
  }
}
async function loadSubscriptionTypes(load, types) {
  const { tx } = load;
  for (const s of types) {
    const row = {
      uuid: s.uuid ?? null,
      name: s.name,
      description: s.description ?? null,
      active: s.active ? 1 : 0,
      strategy: s.strategy
    };
    await tx.insertInto("subscription_types").values({ id: s.id, ...row }).onConflict((oc) => oc.column("id").doUpdateSet(row)).execute();
  }
  const ids = /* @__PURE__ */ new Map();
  for (const s of await tx.selectFrom("subscription_types").select(["id", "uuid"]).execute()) {
    ids.set(String(s.id), s.id);
    if (s.uuid) ids.set(s.uuid, s.id);
  }
  return reference(load, "subscription type", ids);
}
async function loadCustomAttributes({ tx, at }, attributes) {
  for (const a of attributes) {
    await tx.insertInto("custom_attributes").values({
      entity: a.entity,
      name: a.name,
      label: a.label,
      type: a.type,
      description: a.description ?? null,
      group_name: a.group_name ?? null,
      options: JSON.stringify(a.options),
      is_platform_defined: 0,
      position: 0,
      created_at: at
    }).onConflict((oc) => oc.columns(["entity", "name"]).doNothing()).execute();
  }
}

// src/service/fixture/load-contacts.ts
async function loadContacts(load, contacts, refs) {
  const { tx, at } = load;
  for (const [i, c] of contacts.entries()) {
    const path = `contacts[${i}]`;
    const email = c.email.toLowerCase();
    const created = c.created_at ?? at;
    const contact2 = await findOrInsert(
      tx,
      "contacts",
      { uuid: c.uuid, column: "email", value: email },
      (uuid2) => ({
        uuid: uuid2,
        email,
        firstname: c.firstname ?? null,
        lastname: c.lastname ?? null,
        locale: c.locale ?? null,
        tier_id: refs.tier(c.tier, `${path}.tier`),
        credit_balance_centi: toCenti(c.credit_balance),
        prepaid_balance_in_cents: c.prepaid_balance_in_cents,
        attributes: JSON.stringify(c.attributes),
        channel: "fixture",
        referral_code: null,
        created_at: created,
        updated_at: created
      })
    );
    if (contact2.created) await loadContactBelongings(load, c, contact2.id, { path, created, ...refs });
  }
  const rows = await tx.selectFrom("contacts").select(["id", "uuid"]).execute();
  return reference(load, "contact", new Map(rows.map((c) => [c.uuid, c.id])));
}
async function loadContactBelongings(load, c, contactId, { path, created, subscriptionType: subscriptionType3 }) {
  const { tx, problems } = load;
  const creditCenti = toCenti(c.credit_balance);
  if (creditCenti !== 0) {
    await tx.insertInto("credit_entries").values({
      contact_id: contactId,
      credits_centi: creditCenti,
      source: "opening",
      source_id: null,
      created_at: created
    }).execute();
  }
  if (c.prepaid_balance_in_cents !== 0) {
    await tx.insertInto("prepaid_transactions").values({
      uuid: newUuid(),
      contact_id: contactId,
      shop_id: null,
      contact_identifier_id: null,
      amount_in_cents: c.prepaid_balance_in_cents,
      kind: "opening",
      reverses_id: null,
      created_at: created
    }).execute();
  }
  for (const [j, ident] of c.identifiers.entries()) {
    const taken = await tx.selectFrom("contact_identifiers").select("id").where("value", "=", ident.value).executeTakeFirst();
    if (taken) {
      problems.push(`${path}.identifiers[${j}].value: ${ident.value} is already held`);
      continue;
    }
    await tx.insertInto("contact_identifiers").values({
      value: ident.value,
      name: ident.name ?? ident.value,
      active: ident.active ? 1 : 0,
      contact_id: contactId,
      created_at: created
    }).execute();
  }
  for (const token of c.session_tokens) {
    await tx.insertInto("contact_session_tokens").values({ token, contact_id: contactId, status: "active", created_at: created, used_at: null }).onConflict((oc) => oc.column("token").doNothing()).execute();
  }
  for (const [key, subscribed] of Object.entries(c.subscriptions)) {
    const typeId = subscriptionType3(key, `${path}.subscriptions.${key}`);
    if (typeId === null) continue;
    await tx.insertInto("contact_subscriptions").values({
      contact_id: contactId,
      subscription_type_id: typeId,
      status: subscribed ? "SUBSCRIBED" : "UNSUBSCRIBED",
      confirmation_token: null,
      updated_at: created
    }).execute();
  }
}
async function loadUnlinkedIdentifiers({ tx, at }, identifiers) {
  for (const ident of identifiers) {
    await tx.insertInto("contact_identifiers").values({
      value: ident.value,
      name: ident.name ?? ident.value,
      active: ident.active ? 1 : 0,
      contact_id: null,
      created_at: at
    }).onConflict((oc) => oc.column("value").doNothing()).execute();
  }
}

// src/service/fixture/load-offers.ts
async function loadRewards({ tx }, rewards) {
  for (const r of rewards) {
    await findOrInsert(tx, "rewards", { uuid: r.uuid, column: "title", value: r.title }, (uuid2) => ({
      uuid: uuid2,
      title: r.title,
      description: r.description ?? null,
      type: "reward",
      reward_type: r.reward_type,
      required_credits_centi: toCenti(r.required_credits),
      stock: r.stock ?? null,
      active: r.active ? 1 : 0,
      claim_limit_per_contact: r.claim_limit_per_contact ?? null,
      pre_redeemable: r.pre_redeemable ? 1 : 0,
      expiration_duration: r.expiration_duration ?? null,
      cost_price: r.cost_price ?? null,
      media: r.media ? JSON.stringify(r.media) : null,
      attributes: JSON.stringify(r.attributes)
    }));
  }
}
async function loadGiftcardPrograms({ tx, at }, programs) {
  for (const p of programs) {
    const { id: programId } = await findOrInsert(
      tx,
      "giftcard_programs",
      { uuid: p.uuid, column: "name", value: p.name },
      (uuid2) => ({
        uuid: uuid2,
        name: p.name,
        max_amount_in_cents: p.max_amount_in_cents ?? null,
        expiration_days: p.expiration_days ?? null,
        calculator_flow: p.calculator_flow ?? null
      })
    );
    for (const g of p.giftcards) {
      const exists = await tx.selectFrom("giftcards").select("id").where("hash", "=", g.hash).executeTakeFirst();
      if (exists) continue;
      const { id } = await tx.insertInto("giftcards").values({
        uuid: g.uuid ?? newUuid(),
        giftcard_program_id: programId,
        hash: g.hash,
        type: g.type,
        balance_in_cents: g.amount_in_cents,
        expiration_date: g.expiration_date ?? null,
        active: g.active ? 1 : 0,
        created_at: at
      }).returning("id").executeTakeFirstOrThrow();
      if (g.amount_in_cents > 0) {
        await tx.insertInto("giftcard_transactions").values({
          uuid: newUuid(),
          giftcard_id: id,
          shop_id: null,
          amount_in_cents: g.amount_in_cents,
          type: "STANDARD",
          settled: 1,
          reverses_id: null,
          attributes: "{}",
          created_at: at
        }).execute();
      }
    }
  }
}
async function loadPromotions({ tx, at }, promotions, contact2) {
  for (const [i, p] of promotions.entries()) {
    const { id: promotionId } = await findOrInsert(
      tx,
      "promotions",
      { uuid: p.uuid, column: "name", value: p.name },
      (uuid2) => ({
        uuid: uuid2,
        name: p.name,
        description: p.description ?? null,
        voucher_limit: p.voucher_limit ?? null,
        limit_per_contact: p.limit_per_contact ?? null,
        expiration_duration: p.expiration_duration ?? null,
        attributes: JSON.stringify(p.attributes),
        media: p.media ? JSON.stringify(p.media) : null
      })
    );
    for (const [j, v] of p.vouchers.entries()) {
      await tx.insertInto("vouchers").values({
        uuid: v.uuid ?? newUuid(),
        promotion_id: promotionId,
        code: v.code,
        contact_id: contact2(v.contact, `promotions[${i}].vouchers[${j}].contact`),
        status: v.status,
        expiration_date: v.expiration_date ?? null,
        activation_date: v.activation_date ?? null,
        redeemed_at: v.status === "REDEEMED" ? at : null,
        redeemed_shop_id: null,
        release_key_hash: null,
        locked_until: null,
        attributes: JSON.stringify(v.attributes),
        created_at: at
      }).onConflict((oc) => oc.column("code").doNothing()).execute();
    }
  }
}
async function loadAutomatedEmails({ tx }, emails, subscriptionType3) {
  for (const [i, e] of emails.entries()) {
    await findOrInsert(tx, "automated_emails", { uuid: e.uuid, column: "name", value: e.name }, (uuid2) => ({
      uuid: uuid2,
      name: e.name,
      category: e.category,
      subscription_type_id: subscriptionType3(e.subscription_type, `automated_emails[${i}].subscription_type`),
      subject: e.subject,
      content: e.content
    }));
  }
}

// src/service/fixture/media.ts
import { createHash as createHash3 } from "node:crypto";
import { readFileSync, statSync as statSync2 } from "node:fs";
import { extname, isAbsolute, resolve as resolve3 } from "node:path";
var MEDIA_PATH = "/media/";
var TYPES = {
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp"
};
var MAX_BYTES = 1024 * 1024;
function isUrl(value) {
  return /^https?:\/\//i.test(value) || value.startsWith(MEDIA_PATH);
}
function pictures(fixture) {
  const found = [];
  const kit = fixture.account.brand_kit;
  if (kit) {
    for (const key of ["small_logo_url", "large_logo_url", "cover_image_url"]) {
      const value = kit[key];
      if (value) found.push({ path: `account.brand_kit.${key}`, value, set: (v) => kit[key] = v });
    }
  }
  for (const [list, items] of [
    ["rewards", fixture.rewards],
    ["promotions", fixture.promotions]
  ]) {
    for (const [i, item] of items.entries()) {
      const media3 = item.media;
      if (media3)
        found.push({ path: `${list}[${i}].media.value`, value: media3.value, set: (v) => media3.value = v });
    }
  }
  return found;
}
function resolvePictures(fixture, baseDir) {
  for (const picture2 of pictures(fixture)) {
    if (!isUrl(picture2.value) && !isAbsolute(picture2.value)) {
      picture2.set(resolve3(baseDir ?? process.cwd(), picture2.value));
    }
  }
  return fixture;
}
async function storePictures(tx, fixture, problems) {
  const copy = structuredClone(fixture);
  for (const picture2 of pictures(copy)) {
    if (isUrl(picture2.value)) continue;
    const type = TYPES[extname(picture2.value).toLowerCase()];
    if (!type) {
      problems.push(`${picture2.path}: must be an http(s) URL or a .svg, .png, .jpg or .webp file`);
      continue;
    }
    let bytes;
    try {
      if (statSync2(picture2.value).size > MAX_BYTES) {
        problems.push(`${picture2.path}: file larger than 1 MB (${picture2.value})`);
        continue;
      }
      bytes = readFileSync(picture2.value);
    } catch {
      problems.push(`${picture2.path}: file not found (${picture2.value})`);
      continue;
    }
    const name = `${createHash3("sha256").update(bytes).digest("hex").slice(0, 20)}${extname(picture2.value).toLowerCase()}`;
    await tx.insertInto("media_files").values({ name, content_type: type, bytes }).onConflict((oc) => oc.column("name").doNothing()).execute();
    picture2.set(`${MEDIA_PATH}${name}`);
  }
  return copy;
}

// src/service/fixture/schema.ts
import { z as z55 } from "zod";
var uuid = z55.string().min(1).max(191);
var timestamp = z55.iso.datetime({ offset: true });
var cents2 = z55.number().int();
var credits = z55.number().refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
  message: "must have at most 2 decimal places"
});
var time = z55.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be HH:MM");
var color = z55.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a #rrggbb colour");
var picture = z55.string().trim().min(1).max(2048);
var media2 = z55.object({ type: z55.literal("image"), value: picture });
var brandKit2 = z55.object({
  small_logo_url: picture.nullish(),
  large_logo_url: picture.nullish(),
  cover_image_url: picture.nullish(),
  primary_color: color.nullish(),
  secondary_color: color.nullish(),
  tertiary_color: color.nullish(),
  quaternary_color: color.nullish(),
  font_color: color.nullish(),
  description: z55.string().trim().max(160).nullish(),
  corner_theme: z55.enum(["square", "rounded"]).nullish(),
  font_family: z55.string().trim().min(1).max(100).nullish()
}).strict();
var address = z55.object({
  street: z55.string().nullish(),
  housenumber: z55.string().nullish(),
  postalcode: z55.string().nullish(),
  city: z55.string().nullish(),
  state: z55.string().nullish(),
  country: z55.string().nullish(),
  latitude: z55.number().nullish(),
  longitude: z55.number().nullish()
});
var fixtureSchema = z55.object({
  version: z55.literal(1),
  account: z55.object({
    name: z55.string().min(1),
    brand: z55.object({
      primary_color: z55.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a #rrggbb colour").nullish(),
      secondary_color: z55.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a #rrggbb colour").nullish(),
      logo_url: z55.string().nullish()
    }).nullish(),
    brand_kit: brandKit2.nullish(),
    settings: z55.looseObject({
      session_defaults: sessionDefaults.optional(),
      editable_contact_fields: z55.array(z55.enum(KIOSK_EDITABLE_FIELDS)).optional(),
      min_amount_in_cents: cents2.positive().max(1e7).optional(),
      terms_url: z55.url({ protocol: /^https?$/ }).max(2e3).optional(),
      privacy_url: z55.url({ protocol: /^https?$/ }).max(2e3).optional()
    }).nullish()
  }),
  credentials: z55.array(
    z55.object({
      kind: z55.enum(["api_key", "access_token", "personal_access_token"]),
      token: z55.string().min(8, "must be at least 8 characters"),
      shop: uuid.nullish()
    })
  ).default([]),
  oauth_clients: z55.array(
    z55.object({
      id: z55.number().int().positive(),
      secret: z55.string().min(8, "must be at least 8 characters"),
      name: z55.string().min(1)
    })
  ).default([]),
  shops: z55.array(
    z55.object({
      id: z55.number().int().positive(),
      uuid: uuid.optional(),
      name: z55.string().min(1),
      reference: z55.string().nullish(),
      address: address.nullish()
    })
  ).min(1, "an account needs at least one shop"),
  units: z55.array(
    z55.object({
      name: z55.string().regex(/^[a-z0-9_]+$/, "must be lowercase letters, digits and _"),
      label: z55.string().min(1),
      prefix: z55.string().nullish(),
      is_default: z55.boolean().default(false)
    })
  ).default([]),
  loyalty_rules: z55.array(
    z55.object({
      unit: z55.string(),
      credits_per_unit: z55.number().nonnegative(),
      rounding: z55.enum(["floor", "round", "ceil"]).default("floor"),
      tier: uuid.nullish(),
      weekdays: z55.array(z55.number().int().min(1).max(7)).nullish(),
      from_time: time.nullish(),
      until_time: time.nullish()
    })
  ).default([]),
  max_credits_per_reception: credits.nullish(),
  tiers: z55.array(
    z55.object({
      uuid: uuid.optional(),
      name: z55.string().min(1),
      description: z55.string().nullish(),
      position: z55.number().int().default(0)
    })
  ).default([]),
  subscription_types: z55.array(
    z55.object({
      id: z55.number().int().positive(),
      uuid: uuid.nullish(),
      name: z55.string().min(1),
      description: z55.string().nullish(),
      active: z55.boolean().default(true),
      strategy: z55.enum(["OPT_OUT", "OPT_IN", "DOUBLE_OPT_IN"])
    })
  ).default([]),
  custom_attributes: z55.array(
    z55.object({
      entity: z55.string().min(1),
      name: z55.string().regex(/^[a-z0-9_]+$/, "must be lowercase letters, digits and _"),
      label: z55.string().min(1),
      type: z55.string().min(1),
      description: z55.string().nullish(),
      group_name: z55.string().nullish(),
      options: z55.array(z55.object({ value: z55.string(), label: z55.string(), description: z55.string().nullish() })).default([])
    })
  ).default([]),
  contacts: z55.array(
    z55.object({
      uuid: uuid.optional(),
      email: z55.email(),
      firstname: z55.string().nullish(),
      lastname: z55.string().nullish(),
      locale: z55.string().nullish(),
      tier: uuid.nullish(),
      credit_balance: credits.min(0).default(0),
      prepaid_balance_in_cents: cents2.min(0).default(0),
      identifiers: z55.array(
        z55.object({
          value: z55.string().min(1),
          name: z55.string().nullish(),
          active: z55.boolean().default(true)
        })
      ).default([]),
      session_tokens: z55.array(z55.string().min(1)).default([]),
      subscriptions: z55.record(z55.string(), z55.boolean()).default({}),
      attributes: z55.record(z55.string(), z55.unknown()).default({}),
      created_at: timestamp.nullish()
    })
  ).default([]),
  contact_identifiers: z55.array(
    z55.object({ value: z55.string().min(1), name: z55.string().nullish(), active: z55.boolean().default(true) })
  ).default([]),
  rewards: z55.array(
    z55.object({
      uuid: uuid.optional(),
      title: z55.string().min(1),
      description: z55.string().nullish(),
      reward_type: z55.enum(["PHYSICAL", "DIGITAL"]),
      required_credits: credits.min(0),
      stock: z55.number().int().min(0).nullish(),
      active: z55.boolean().default(true),
      claim_limit_per_contact: z55.number().int().positive().nullish(),
      pre_redeemable: z55.boolean().default(false),
      expiration_duration: z55.number().int().positive().nullish(),
      cost_price: z55.number().int().nullish(),
      media: media2.nullish(),
      attributes: z55.record(z55.string(), z55.unknown()).default({})
    })
  ).default([]),
  giftcard_programs: z55.array(
    z55.object({
      uuid: uuid.optional(),
      name: z55.string().min(1),
      max_amount_in_cents: cents2.positive().nullish(),
      expiration_days: z55.number().int().positive().nullish(),
      calculator_flow: z55.string().nullish(),
      giftcards: z55.array(
        z55.object({
          uuid: uuid.optional(),
          hash: z55.string().min(1),
          type: z55.enum(["PHYSICAL", "DIGITAL"]),
          amount_in_cents: cents2.min(0).default(0),
          expiration_date: timestamp.nullish(),
          active: z55.boolean().default(true)
        })
      ).default([])
    })
  ).default([]),
  promotions: z55.array(
    z55.object({
      uuid: uuid.optional(),
      name: z55.string().min(1),
      description: z55.string().nullish(),
      voucher_limit: z55.number().int().positive().nullish(),
      limit_per_contact: z55.number().int().positive().nullish(),
      expiration_duration: z55.number().int().positive().nullish(),
      media: media2.nullish(),
      attributes: z55.record(z55.string(), z55.unknown()).default({}),
      vouchers: z55.array(
        z55.object({
          uuid: uuid.optional(),
          code: z55.string().min(1),
          contact: uuid.nullish(),
          status: z55.enum(["ACTIVE", "REDEEMED", "EXPIRED", "DEACTIVATED", "INACTIVE", "LOCKED"]).default("ACTIVE"),
          expiration_date: timestamp.nullish(),
          activation_date: timestamp.nullish(),
          attributes: z55.record(z55.string(), z55.unknown()).default({})
        })
      ).default([])
    })
  ).default([]),
  automated_emails: z55.array(
    z55.object({
      uuid: uuid.optional(),
      name: z55.string().min(1),
      category: z55.string().min(1),
      subscription_type: uuid.nullish(),
      subject: z55.string().min(1),
      content: z55.string().min(1)
    })
  ).default([]),
  devices: z55.array(z55.object({ token: z55.string().min(8, "must be at least 8 characters"), shop: uuid })).default([]),
  // Cashier console devices: a token grants starting sessions and finding contacts, so it is longer.
  cashier_devices: z55.array(
    z55.object({
      token: z55.string().min(16, "must be at least 16 characters"),
      shop: uuid,
      name: z55.string().min(1).max(100)
    })
  ).default([])
}).strict();

// src/service/fixture/load.ts
var FixtureError = class extends Error {
  constructor(source, problems) {
    super(`fixture ${source} is invalid:
${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.source = source;
    this.problems = problems;
  }
  source;
  problems;
  name = "FixtureError";
};
function readFixture(file) {
  let json;
  try {
    json = JSON.parse(readFileSync2(file, "utf8"));
  } catch (err) {
    throw new FixtureError(file, [`(file): ${err.message}`]);
  }
  return parseFixture(json, file, dirname3(file));
}
function parseFixture(json, source = "(inline)", baseDir) {
  const parsed = fixtureSchema.safeParse(json);
  if (!parsed.success) {
    throw new FixtureError(
      source,
      parsed.error.issues.map((i) => `${formatPath(i.path)}: ${i.message}`)
    );
  }
  return resolvePictures(parsed.data, baseDir);
}
function formatPath(path) {
  return path.map((p, i) => typeof p === "number" ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`).join("") || "(root)";
}
async function loadFixture(db, fixture, now, source = "(inline)") {
  const problems = [];
  const at = isoTimestamp(now);
  await db.transaction().execute(async (tx) => {
    const load = { tx, at, problems };
    const loaded = await storePictures(tx, fixture, problems);
    await loadAccount(load, loaded);
    const shop2 = await loadShops(load, loaded.shops);
    await loadCredentials(load, loaded, shop2);
    await loadCashierDevices(tx, loaded.cashier_devices, shop2, at);
    await loadUnits(load, loaded.units);
    const tier2 = await loadTiers(load, loaded.tiers);
    await loadLoyaltyRules(load, loaded.loyalty_rules, tier2);
    const subscriptionType3 = await loadSubscriptionTypes(load, loaded.subscription_types);
    await loadCustomAttributes(load, loaded.custom_attributes);
    const contact2 = await loadContacts(load, loaded.contacts, { tier: tier2, subscriptionType: subscriptionType3 });
    await loadUnlinkedIdentifiers(load, loaded.contact_identifiers);
    await loadRewards(load, loaded.rewards);
    await loadGiftcardPrograms(load, loaded.giftcard_programs);
    await loadPromotions(load, loaded.promotions, contact2);
    await loadAutomatedEmails(load, loaded.automated_emails, subscriptionType3);
    if (problems.length > 0) throw new FixtureError(source, problems);
  });
}

// src/service/fixture/seed.ts
import { dirname as dirname4 } from "node:path";
import { fileURLToPath as fileURLToPath3 } from "node:url";

// src/service/fixture/demo-account.json
var demo_account_default = {
  version: 1,
  account: {
    name: "Demo Coffee",
    brand_kit: {
      small_logo_url: "demo-media/logo-small.svg",
      large_logo_url: "demo-media/logo-large.svg",
      cover_image_url: "demo-media/cover.svg",
      primary_color: "#6b3e26",
      secondary_color: "#f4e9dc",
      tertiary_color: "#2f6b4f",
      quaternary_color: "#d9a441",
      font_color: null,
      description: "Fresh coffee, baked today. Collect credits with every cup.",
      corner_theme: "rounded",
      font_family: "Inter"
    },
    settings: {
      editable_contact_fields: ["firstname", "lastname", "phonenumber", "birthdate", "city"],
      terms_url: "https://example.com/demo-coffee/terms",
      privacy_url: "https://example.com/demo-coffee/privacy",
      session_defaults: {
        enable_email_identification: true,
        enable_registration: true,
        enable_on_screen_keyboard: true
      }
    }
  },
  credentials: [
    { kind: "api_key", token: "demo-register-key", shop: "a0000000-0000-4000-8000-000000000001" },
    {
      kind: "api_key",
      token: "demo-register-key-utrecht",
      shop: "a0000000-0000-4000-8000-000000000002"
    },
    { kind: "api_key", token: "demo-api-key" },
    { kind: "access_token", token: "demo-access-token" },
    { kind: "personal_access_token", token: "demo-personal-access-token" }
  ],
  oauth_clients: [{ id: 1, secret: "demo-oauth-client-secret", name: "Demo POS" }],
  shops: [
    {
      id: 1,
      uuid: "a0000000-0000-4000-8000-000000000001",
      name: "Demo Coffee Amsterdam",
      reference: "AMS-01",
      address: {
        street: "Damrak",
        housenumber: "1",
        postalcode: "1012 LG",
        city: "Amsterdam",
        state: null,
        country: "NL",
        latitude: 52.37,
        longitude: 4.89
      }
    },
    {
      id: 2,
      uuid: "a0000000-0000-4000-8000-000000000002",
      name: "Demo Coffee Utrecht",
      reference: null,
      address: {
        street: "Oudegracht",
        housenumber: "100",
        postalcode: "3511 AX",
        city: "Utrecht",
        state: null,
        country: "NL",
        latitude: 52.09,
        longitude: 5.12
      }
    }
  ],
  units: [
    { name: "purchase_amount", label: "Purchase amount", prefix: "\u20AC", is_default: true },
    { name: "visits", label: "Visits", prefix: "V", is_default: false }
  ],
  loyalty_rules: [
    {
      unit: "purchase_amount",
      credits_per_unit: 1,
      rounding: "floor",
      tier: null,
      weekdays: null,
      from_time: null,
      until_time: null
    },
    {
      unit: "purchase_amount",
      credits_per_unit: 1.5,
      rounding: "floor",
      tier: "b0000000-0000-4000-8000-000000000002",
      weekdays: null,
      from_time: null,
      until_time: null
    },
    {
      unit: "visits",
      credits_per_unit: 5,
      rounding: "floor",
      tier: null,
      weekdays: null,
      from_time: null,
      until_time: null
    }
  ],
  max_credits_per_reception: 1e3,
  tiers: [
    {
      uuid: "b0000000-0000-4000-8000-000000000001",
      name: "Silver",
      description: "One credit per euro",
      position: 1
    },
    {
      uuid: "b0000000-0000-4000-8000-000000000002",
      name: "Gold",
      description: "One and a half credits per euro",
      position: 2
    }
  ],
  subscription_types: [
    {
      id: 1,
      uuid: "c0000000-0000-4000-8000-000000000001",
      name: "Newsletter",
      description: "News from Demo Coffee, once a month",
      active: true,
      strategy: "DOUBLE_OPT_IN"
    },
    {
      id: 2,
      uuid: "c0000000-0000-4000-8000-000000000002",
      name: "Offers",
      description: "Personal offers and birthday treats",
      active: true,
      strategy: "OPT_OUT"
    },
    {
      id: 3,
      uuid: "c0000000-0000-4000-8000-000000000003",
      name: "Partner news",
      description: "Offers from our partners",
      active: true,
      strategy: "OPT_IN"
    }
  ],
  custom_attributes: [
    {
      entity: "contact",
      name: "dier",
      label: "Favourite animal",
      type: "select",
      options: [{ value: "cat", label: "Cat" }, { value: "dog", label: "Dog" }]
    },
    { entity: "contact", name: "a_custom_attribute", label: "A custom attribute", type: "text" }
  ],
  contacts: [
    {
      uuid: "d0000000-0000-4000-8000-000000000001",
      email: "anna@example.com",
      firstname: "Anna",
      lastname: "de Vries",
      locale: "nl",
      tier: "b0000000-0000-4000-8000-000000000002",
      credit_balance: 120,
      prepaid_balance_in_cents: 1500,
      identifiers: [{ value: "CARD-0001", name: "Loyalty card" }],
      session_tokens: ["APP-TOKEN-0001", "APP-TOKEN-0011"],
      subscriptions: {
        "c0000000-0000-4000-8000-000000000001": true,
        "c0000000-0000-4000-8000-000000000002": true
      },
      attributes: {
        city: "Amsterdam",
        birthdate: "1990-04-12",
        dier: "cat",
        phonenumber: "+31612345678"
      },
      created_at: "2025-03-01T10:00:00+01:00"
    },
    {
      uuid: "d0000000-0000-4000-8000-000000000002",
      email: "ben@example.com",
      firstname: "Ben",
      lastname: "Jansen",
      locale: "en",
      tier: "b0000000-0000-4000-8000-000000000001",
      credit_balance: 35.5,
      prepaid_balance_in_cents: 0,
      identifiers: [{ value: "CARD-0002", name: "Loyalty card" }],
      session_tokens: ["APP-TOKEN-0002"],
      subscriptions: { "c0000000-0000-4000-8000-000000000002": false },
      attributes: { city: "Utrecht" },
      created_at: "2025-06-15T09:30:00+02:00"
    },
    {
      uuid: "d0000000-0000-4000-8000-000000000003",
      email: "carla@example.com",
      firstname: "Carla",
      lastname: "Bakker",
      locale: null,
      tier: null,
      credit_balance: 0,
      prepaid_balance_in_cents: 5e3,
      identifiers: [],
      session_tokens: ["APP-TOKEN-0003"],
      subscriptions: {},
      attributes: {}
    },
    {
      uuid: "d0000000-0000-4000-8000-000000000004",
      email: "dirk@example.com",
      firstname: "Dirk",
      lastname: "Visser",
      locale: "nl",
      tier: "b0000000-0000-4000-8000-000000000001",
      credit_balance: 900,
      prepaid_balance_in_cents: 250,
      identifiers: [
        { value: "CARD-0004", name: "Old card", active: false },
        { value: "CARD-0005", name: "Loyalty card" }
      ],
      session_tokens: [],
      subscriptions: {},
      attributes: {}
    }
  ],
  contact_identifiers: [
    { value: "CARD-9001", active: true },
    { value: "CARD-9002", active: false },
    { value: "CARD-9003", active: true }
  ],
  rewards: [
    {
      uuid: "e0000000-0000-4000-8000-000000000001",
      title: "Free coffee",
      description: "Any coffee, any size",
      reward_type: "PHYSICAL",
      required_credits: 50,
      stock: 100,
      active: true,
      claim_limit_per_contact: null,
      pre_redeemable: false,
      expiration_duration: 30,
      cost_price: 120,
      media: { type: "image", value: "demo-media/reward-coffee.svg" }
    },
    {
      uuid: "e0000000-0000-4000-8000-000000000002",
      title: "Slice of cake",
      description: "Today's cake",
      reward_type: "PHYSICAL",
      required_credits: 80,
      stock: 0,
      active: true,
      claim_limit_per_contact: null,
      pre_redeemable: false,
      expiration_duration: 30,
      cost_price: 250,
      media: { type: "image", value: "demo-media/reward-cake.svg" }
    },
    {
      uuid: "e0000000-0000-4000-8000-000000000003",
      title: "10% off your next order",
      description: "A discount code by e-mail",
      reward_type: "DIGITAL",
      required_credits: 30,
      stock: null,
      active: true,
      claim_limit_per_contact: 1,
      pre_redeemable: false,
      expiration_duration: null,
      cost_price: null,
      media: { type: "image", value: "demo-media/reward-discount.png" }
    },
    {
      uuid: "e0000000-0000-4000-8000-000000000004",
      title: "Coffee beans 1 kg",
      description: "Our house blend",
      reward_type: "PHYSICAL",
      required_credits: 400,
      stock: 5,
      active: true,
      claim_limit_per_contact: null,
      pre_redeemable: false,
      expiration_duration: 60,
      cost_price: 1400,
      media: { type: "image", value: "demo-media/reward-beans.svg" }
    },
    {
      uuid: "e0000000-0000-4000-8000-000000000005",
      title: "Summer special",
      description: "Back next summer",
      reward_type: "PHYSICAL",
      required_credits: 20,
      stock: 10,
      active: false,
      claim_limit_per_contact: null,
      pre_redeemable: false,
      expiration_duration: 30,
      cost_price: 200
    }
  ],
  giftcard_programs: [
    {
      uuid: "f0000000-0000-4000-8000-000000000001",
      name: "Demo gift card",
      max_amount_in_cents: 5e4,
      expiration_days: 365,
      calculator_flow: null,
      giftcards: [
        {
          uuid: "f1000000-0000-4000-8000-000000000001",
          hash: "GC-0001",
          type: "PHYSICAL",
          amount_in_cents: 2500,
          expiration_date: "2027-12-31T23:59:59+01:00",
          active: true
        },
        {
          uuid: "f1000000-0000-4000-8000-000000000002",
          hash: "GC-0002",
          type: "PHYSICAL",
          amount_in_cents: 1e4,
          expiration_date: "2027-12-31T23:59:59+01:00",
          active: true
        },
        {
          uuid: "f1000000-0000-4000-8000-000000000003",
          hash: "GC-0003",
          type: "PHYSICAL",
          amount_in_cents: 0,
          expiration_date: "2027-12-31T23:59:59+01:00",
          active: true
        },
        {
          uuid: "f1000000-0000-4000-8000-000000000004",
          hash: "GC-D-0001",
          type: "DIGITAL",
          amount_in_cents: 5e3,
          expiration_date: "2027-12-31T23:59:59+01:00",
          active: true
        },
        {
          uuid: "f1000000-0000-4000-8000-000000000005",
          hash: "GC-EXP-0001",
          type: "PHYSICAL",
          amount_in_cents: 1e3,
          expiration_date: "2025-01-01T00:00:00+01:00",
          active: true
        },
        {
          uuid: "f1000000-0000-4000-8000-000000000006",
          hash: "GC-0006",
          type: "PHYSICAL",
          amount_in_cents: 49e3,
          expiration_date: "2027-12-31T23:59:59+01:00",
          active: true
        }
      ]
    }
  ],
  promotions: [
    {
      uuid: "90000000-0000-4000-8000-000000000001",
      name: "Free muffin",
      description: "A muffin of your choice",
      voucher_limit: null,
      limit_per_contact: 1,
      expiration_duration: 30,
      media: { type: "image", value: "demo-media/promotion-muffin.svg" },
      vouchers: [
        {
          uuid: "91000000-0000-4000-8000-000000000001",
          code: "MUFFIN-0001",
          contact: "d0000000-0000-4000-8000-000000000001",
          status: "ACTIVE",
          expiration_date: "2027-06-30T23:59:59+02:00"
        },
        {
          uuid: "91000000-0000-4000-8000-000000000002",
          code: "MUFFIN-0002",
          contact: "d0000000-0000-4000-8000-000000000002",
          status: "ACTIVE",
          expiration_date: null
        },
        {
          uuid: "91000000-0000-4000-8000-000000000003",
          code: "MUFFIN-EXPIRED",
          contact: "d0000000-0000-4000-8000-000000000001",
          status: "EXPIRED",
          expiration_date: "2025-01-31T23:59:59+01:00"
        },
        {
          uuid: "91000000-0000-4000-8000-000000000004",
          code: "MUFFIN-USED",
          contact: "d0000000-0000-4000-8000-000000000001",
          status: "REDEEMED",
          expiration_date: null
        },
        {
          uuid: "91000000-0000-4000-8000-000000000005",
          code: "MUFFIN-FREE",
          contact: null,
          status: "ACTIVE",
          expiration_date: null
        }
      ]
    },
    {
      uuid: "90000000-0000-4000-8000-000000000002",
      name: "Two for one",
      description: "Two coffees for the price of one",
      voucher_limit: 100,
      limit_per_contact: null,
      expiration_duration: null,
      vouchers: [
        {
          uuid: "91000000-0000-4000-8000-000000000006",
          code: "TWOFORONE-0001",
          contact: "d0000000-0000-4000-8000-000000000001",
          status: "ACTIVE",
          expiration_date: null
        }
      ]
    }
  ],
  automated_emails: [
    {
      uuid: "92000000-0000-4000-8000-000000000001",
      name: "Your gift card",
      category: "giftcard_recipient",
      subscription_type: "c0000000-0000-4000-8000-000000000002",
      subject: "Your gift card",
      content: "Hello {{ contact.firstname }}, your gift card code is {{ giftcard.hash }}"
    }
  ],
  devices: [
    { token: "demo-device-amsterdam", shop: "a0000000-0000-4000-8000-000000000001" },
    { token: "demo-device-utrecht", shop: "a0000000-0000-4000-8000-000000000002" }
  ],
  cashier_devices: [
    { token: "demo-cashier-amsterdam", shop: "a0000000-0000-4000-8000-000000000001", name: "Till 1" }
  ]
};

// src/service/fixture/seed.ts
var DEMO_FIXTURE_DIR = dirname4(fileURLToPath3(import.meta.url));
function demoAccountFixture() {
  return parseFixture(demo_account_default, "bundled demo fixture", DEMO_FIXTURE_DIR);
}
async function seedAccount(db, fixtureFile, now) {
  if (fixtureFile) {
    await loadFixture(db, readFixture(fixtureFile), now, fixtureFile);
    return { source: fixtureFile };
  }
  const account = await db.selectFrom("account").select("name").executeTakeFirst();
  if (account) return { source: `existing account "${account.name}" (no fixture named)` };
  await loadFixture(db, demoAccountFixture(), now, "bundled demo fixture");
  return { source: "bundled demo fixture (Demo Coffee)" };
}

// src/service/tls.ts
import { X509Certificate } from "node:crypto";
import { existsSync as existsSync3, mkdirSync as mkdirSync3, readFileSync as readFileSync3, writeFileSync } from "node:fs";
import { hostname, networkInterfaces as networkInterfaces2 } from "node:os";
import { join as join6 } from "node:path";
import { createSecureContext } from "node:tls";
import { generate } from "selfsigned";
var SELF_SIGNED_DAYS = 365;
var RENEW_BEFORE_MS = 30 * 24 * 3600 * 1e3;
async function loadTls(option, dataDir, now = /* @__PURE__ */ new Date()) {
  if (option.kind === "files") {
    const cert = readPem(option.certFile, "--tls-cert");
    const key = readPem(option.keyFile, "--tls-key");
    const names2 = { cert: `--tls-cert ${option.certFile}`, key: `--tls-key ${option.keyFile}` };
    return { cert, key, ...check(cert, key, names2) };
  }
  const folder = join6(dataDir, "tls");
  const certFile = join6(folder, "self-signed-cert.pem");
  const keyFile = join6(folder, "self-signed-key.pem");
  const names = localNames();
  if (existsSync3(certFile) && existsSync3(keyFile)) {
    const cert = readFileSync3(certFile, "utf8");
    const key = readFileSync3(keyFile, "utf8");
    const x509 = new X509Certificate(cert);
    const covered = names.every(
      (n) => n.type === 7 ? x509.checkIP(n.ip) : x509.checkHost(n.value, { subject: "never" })
    );
    if (covered && new Date(x509.validTo).getTime() - now.getTime() > RENEW_BEFORE_MS) {
      return { cert, key, selfSignedFile: certFile, ...check(cert, key, { cert: certFile, key: keyFile }) };
    }
  }
  const pems = await generate([{ name: "commonName", value: "Portal (self-signed)" }], {
    keyType: "ec",
    algorithm: "sha256",
    notBeforeDate: new Date(now.getTime() - 6e4),
    notAfterDate: new Date(now.getTime() + SELF_SIGNED_DAYS * 24 * 3600 * 1e3),
    extensions: [
      { name: "basicConstraints", cA: false },
      { name: "keyUsage", digitalSignature: true, keyEncipherment: true },
      { name: "extKeyUsage", serverAuth: true },
      { name: "subjectAltName", altNames: names }
    ]
  });
  mkdirSync3(folder, { recursive: true });
  writeFileSync(keyFile, pems.private, { mode: 384 });
  writeFileSync(certFile, pems.cert);
  return {
    cert: pems.cert,
    key: pems.private,
    selfSignedFile: certFile,
    ...check(pems.cert, pems.private, { cert: certFile, key: keyFile })
  };
}
function localNames() {
  const dns = /* @__PURE__ */ new Set(["localhost", hostname(), `${hostname()}.local`]);
  const ips = /* @__PURE__ */ new Set(["127.0.0.1", "::1"]);
  for (const address2 of Object.values(networkInterfaces2()).flat()) {
    if (address2 && !address2.address.startsWith("fe80")) ips.add(address2.address);
  }
  return [
    ...[...dns].map((value) => ({ type: 2, value })),
    ...[...ips].map((ip) => ({ type: 7, ip }))
  ];
}
function readPem(file, option) {
  try {
    return readFileSync3(file, "utf8");
  } catch (err) {
    const code = err.code;
    const why = code === "ENOENT" ? "file not found" : code === "EACCES" ? "not readable" : String(code);
    throw new StartupError(`${option} ${file}: ${why}; give the path of a PEM file`);
  }
}
function check(cert, key, names) {
  if (!cert.includes("-----BEGIN CERTIFICATE-----")) {
    throw new StartupError(`${names.cert}: not a PEM certificate (no "-----BEGIN CERTIFICATE-----" line)`);
  }
  if (!/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(key)) {
    throw new StartupError(`${names.key}: not a PEM private key (no "-----BEGIN \u2026 PRIVATE KEY-----" line)`);
  }
  try {
    createSecureContext({ cert, key });
    const x509 = new X509Certificate(cert);
    return { fingerprint: x509.fingerprint256, validTo: new Date(x509.validTo) };
  } catch (err) {
    const reason = err.message.replace(/^error:[0-9A-F]+:/, "");
    if (/key values mismatch/i.test(reason)) {
      throw new StartupError(
        `${names.key} does not belong to the certificate ${names.cert}: give the matching key`
      );
    }
    throw new StartupError(`${names.cert} / ${names.key}: not usable (${reason}); check the files`);
  }
}

// src/service/main.ts
async function demoSessionUrl(app) {
  const response = await app.inject({
    method: "POST",
    url: "/portal-sessions",
    headers: { authorization: "Bearer demo-api-key" },
    payload: {
      shop_uuid: DEMO.shop,
      enable_email_identification: true,
      enable_registration: true,
      enable_on_screen_keyboard: true
    }
  });
  return response.statusCode === 201 ? response.json().data.url : void 0;
}
function usesDataFolder(config) {
  return !config.databaseUrl || !config.smtpUrl || config.tls?.kind === "self-signed";
}
async function prepare(config) {
  if (usesDataFolder(config)) await startupStep("data", config, () => ensureDataFolder(config.dataDir));
  const tls = config.tls ? await loadTls(config.tls, config.dataDir) : void 0;
  const database = await startupStep(
    "database",
    config,
    () => openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })
  );
  return { tls, database };
}
function printBanner(config, info) {
  const { address: address2, tls } = info;
  const curl = tls?.selfSignedFile ? `curl --cacert ${tls.selfSignedFile}` : "curl";
  const metrics = config.metricsPort !== void 0 ? `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${config.metricsPort}/metrics` : config.metricsToken ? `${address2}/metrics  (Authorization: Bearer <metrics token>)` : "off (--metrics-port or --metrics-token)";
  const lines = [
    "",
    `Portal service listening on ${address2}`,
    `  database     ${config.databaseUrl ? "PostgreSQL" : `SQLite in ${config.dataDir}`}`,
    `  fixture      ${info.fixture}`
  ];
  if (info.pids) lines.push(`  workers      ${info.pids.length} processes (pids ${info.pids.join(", ")})`);
  if (tls) {
    const source = tls.selfSignedFile ? `self-signed certificate ${tls.selfSignedFile}` : "certificate from --tls-cert";
    lines.push(
      `  tls          ${source}, valid until ${tls.validTo.toISOString().slice(0, 10)}`,
      `               SHA-256 ${tls.fingerprint}`
    );
  }
  lines.push(
    `  API docs     ${address2}/docs  (OpenAPI: ${address2}/openapi.json)`,
    `  health       ${address2}/healthz, ${address2}/readyz`,
    `  metrics      ${metrics}`,
    "  logs         JSON lines on stdout, one per request"
  );
  if (info.session) {
    lines.push(
      "  credentials  API key demo-api-key, register key demo-register-key (Amsterdam),",
      "               access token demo-access-token, personal access token demo-personal-access-token,",
      "               OAuth client 1 with secret demo-oauth-client-secret (POST /oauth/token)",
      `  kiosk        ${info.session}`,
      `  standby      ${config.portalUrl}?device=demo-device-amsterdam`,
      `  cashier      ${address2}/cashier/#device=demo-cashier-amsterdam  (console of Till 1, Amsterdam)`,
      `  try          ${curl} -H 'Authorization: Bearer demo-api-key' ${address2}/contacts/find-one-by?email=anna@example.com`
    );
  }
  process.stderr.write(`${lines.join("\n")}

`);
}
async function serve(config, worker) {
  const { tls, database } = worker ? {
    tls: config.tls ? await loadTls(config.tls, config.dataDir) : void 0,
    database: await startupStep(
      "database",
      config,
      () => openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })
    )
  } : await prepare(config);
  const seeded = worker ? void 0 : await seedAccount(database.db, config.fixture, /* @__PURE__ */ new Date());
  const app = await buildApp(config, {
    db: database.db,
    dialect: database.dialect,
    databaseUrl: config.databaseUrl,
    poolStats: database.poolStats,
    https: tls,
    metricsText: worker?.metricsText
  });
  worker?.shareMetrics(app.metrics.registries());
  let metricsServer;
  const graceful = closeWithGrace(
    {
      delay: 1e4,
      logger: { error: (message) => app.log.error(String(message)) },
      // A worker hears Ctrl-C both directly and from the primary, in either order: it closes once
      // (below) instead of taking the second as "exit now".
      ...worker ? { skip: ["SIGINT", "SIGTERM"] } : {}
    },
    async ({ err }) => {
      if (err) app.log.error({ err }, "shutting down after an error");
      const cut = setTimeout(() => app.server.closeAllConnections(), 3e3);
      metricsServer?.close();
      await app.close();
      clearTimeout(cut);
      await database.close();
    }
  );
  if (worker) {
    let closing = false;
    const closeOnce = () => {
      if (closing) return;
      closing = true;
      void graceful.close();
    };
    process.on("SIGINT", closeOnce);
    process.on("SIGTERM", closeOnce);
    worker.onShutdown(closeOnce);
  }
  const address2 = await startupStep(
    "listen",
    config,
    () => app.listen({ port: config.port, host: config.host })
  );
  if (config.metricsPort !== void 0 && !worker) {
    const port = config.metricsPort;
    metricsServer = await startupStep(
      "metrics",
      config,
      () => serveMetrics(config.host, port, () => app.metrics.text())
    );
  }
  const session = !worker || worker.index === 0 ? await demoSessionUrl(app) : void 0;
  if (worker) worker.ready({ address: address2, session });
  else printBanner(config, { address: address2, fixture: seeded?.source ?? "", session, tls });
}
async function main(worker) {
  const config = parseConfig(process.argv.slice(2), process.env);
  if (config.workers > 1 && cluster2.isPrimary) {
    let fixture = "";
    let tls;
    await runPrimary(
      config,
      async () => {
        const prepared = await prepare(config);
        tls = prepared.tls;
        try {
          fixture = (await seedAccount(prepared.database.db, config.fixture, /* @__PURE__ */ new Date())).source;
        } finally {
          await prepared.database.close();
        }
      },
      (info) => printBanner(config, { ...info, fixture, tls })
    );
    return;
  }
  await serve(config, worker);
}
function failureLine(err) {
  if (err instanceof ConfigError || err instanceof FixtureError || err instanceof StartupError) {
    return err.message;
  }
  const debug = /^(debug|trace)$/.test(process.env.LOG_LEVEL ?? "") || /(^| )--log-level[= ](debug|trace)( |$)/.test(process.argv.slice(2).join(" "));
  if (debug) return `failed to start: ${err.stack ?? String(err)}`;
  return `failed to start: ${err.message ?? String(err)} (--log-level debug shows where)`;
}
if (process.argv[1] && fileURLToPath4(import.meta.url) === process.argv[1]) {
  const worker = workerRole();
  main(worker).catch(async (err) => {
    const line = failureLine(err);
    if (worker) await worker.failed(line);
    else process.stderr.write(`portal: ${line}
`);
    process.exit(1);
  });
}
//# sourceMappingURL=cli.mjs.map

import { z } from 'zod';

/*
 * Importing members from a CSV file in the office (docs/office.md "Importing members"): the file is
 * sent as text in JSON, checked (dry run) or imported by a job whose progress the page polls.
 * Owners only. Shared by the service and the page (which imports types only).
 */

/** The most text a file may hold (UTF-16 code units of its text, about its size in bytes): 50 MiB. */
export const MEMBER_IMPORT_MAX_CHARS = 50 * 1024 * 1024;
/** The most members (data rows, the header row not counted) one file may hold. */
export const MEMBER_IMPORT_MAX_ROWS = 200_000;
/** The most refused rows an outcome lists (each named by row and field); `problems_total` counts all. */
export const MEMBER_IMPORT_MAX_PROBLEMS = 1000;

/**
 * The columns of the file (first row), matched without regard to case, spaces, `-` and `_`;
 * each has English and Dutch names. Only `email` is required.
 */
export const MEMBER_IMPORT_COLUMNS = {
  email: ['email', 'e-mail', 'emailaddress', 'e-mailadres', 'mail'],
  firstname: ['firstname', 'first_name', 'voornaam'],
  lastname: ['lastname', 'last_name', 'achternaam'],
  cards: ['cards', 'card', 'kaarten', 'kaart'],
  points: ['points', 'punten', 'credits'],
  prepaid: ['prepaid', 'prepaid_balance', 'tegoed'],
} as const;
export type MemberImportColumn = keyof typeof MEMBER_IMPORT_COLUMNS;

/** POST /office/api/member-imports: the file's name and text; `dry_run` checks without writing. */
export const memberImportRequest = z
  .object({
    file_name: z.string().trim().min(1).max(255),
    content: z.string().max(MEMBER_IMPORT_MAX_CHARS),
    dry_run: z.boolean(),
  })
  .meta({
    example: {
      file_name: 'members.csv',
      content:
        'email;firstname;lastname;cards;points;prepaid\nnew.member@example.com;Nina;Vos;IMPORT-0001;120;12,50\n',
      dry_run: true,
    },
  });
export type MemberImportRequest = z.infer<typeof memberImportRequest>;

/**
 * Why a row is refused (or, row 1 / field `file`, the whole file): stable codes the page puts in
 * words; `message` says it in English.
 */
export const memberImportReason = z.enum([
  'not_utf8',
  'no_rows',
  'too_many_rows',
  'column_missing',
  'column_twice',
  'row_malformed',
  'email_missing',
  'email_invalid',
  'email_duplicate',
  'name_too_long',
  'card_invalid',
  'card_duplicate',
  'card_held',
  'card_blocked',
  'number_invalid',
  'number_negative',
  'number_decimals',
  'number_too_large',
]);
export type MemberImportReason = z.infer<typeof memberImportReason>;

/** One refused row: its number as a spreadsheet shows it (the header is row 1), the column and why. */
export const memberImportProblem = z.object({
  row: z.number().int(),
  field: z.string(),
  reason: memberImportReason,
  message: z.string(),
});
export type MemberImportProblem = z.infer<typeof memberImportProblem>;

/** What an import does (or, a dry run, would do). Points in credits; prepaid in cents. */
export const memberImportSummary = z.object({
  rows: z.number().int(),
  new_members: z.number().int(),
  /** Rows whose e-mail is a member's already: their new cards are added, nothing else changes. */
  existing_members: z.number().int(),
  /** Cards given to members: new ones made, or unlinked ones linked. */
  cards_added: z.number().int(),
  /** The opening points of the new members, in all (credits). */
  opening_points: z.number(),
  /** The opening prepaid balances of the new members, in all (cents). */
  opening_prepaid_in_cents: z.number().int(),
  /** Rows of existing members with points or prepaid in the file: their balances are left as they are. */
  balances_left: z.number().int(),
  /** Rows refused (with a problem each at least). */
  refused_rows: z.number().int(),
});
export type MemberImportSummary = z.infer<typeof memberImportSummary>;

/** Where a running job is: reading the file, checking its rows, writing (imports only), finished. */
export const memberImportPhase = z.enum(['reading', 'checking', 'writing', 'finished']);
export type MemberImportPhase = z.infer<typeof memberImportPhase>;

/**
 * A member import (GET /office/api/member-imports/{uuid}): `running` with its phase and progress
 * (0 to 1); then `done` (checked, or imported), `refused` (bad rows: nothing imported; `problems`
 * names them) or `failed` (`failure` says why; nothing imported).
 */
export const memberImport = z.object({
  uuid: z.string(),
  file_name: z.string(),
  file_sha256: z.string(),
  dry_run: z.boolean(),
  status: z.enum(['running', 'done', 'refused', 'failed']),
  phase: memberImportPhase,
  progress: z.number().min(0).max(1),
  rows_total: z.number().int(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  summary: memberImportSummary.nullable(),
  problems: z.array(memberImportProblem),
  problems_total: z.number().int(),
  failure: z.string().nullable(),
});
export type MemberImport = z.infer<typeof memberImport>;

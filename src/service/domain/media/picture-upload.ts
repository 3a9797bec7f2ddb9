import { createHash } from 'node:crypto';
import { PICTURE_MAX_BYTES, type PictureUpload } from '../../../contract/office-rewards';
import type { Tx } from '../../db/transaction';
import { fieldError, type ServiceError } from '../shared/errors';

/*
 * A picture uploaded in the office (a reward's picture, the brand kit's logo and cover), the one
 * place each is checked and stored: its type is read from its bytes (PNG, JPEG or WebP; never its
 * name or the type the browser claims), its size is at most PICTURE_MAX_BYTES, and it is kept in
 * `media_files` under its content hash, so that every process serves it at `/media/<name>` (an
 * SVG, which can carry script, is taken from the fixture only).
 */

/** Where the service serves stored pictures (http/media.ts). */
const MEDIA_PATH = '/media/';

const SIGNATURES: { type: string; ext: string; matches: (b: Buffer) => boolean }[] = [
  {
    type: 'image/png',
    ext: 'png',
    matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: 'image/jpeg', ext: 'jpg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: 'image/webp',
    ext: 'webp',
    matches: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** The picture's type by its first bytes, or undefined for anything else (SVG, GIF, a PDF, text). */
export function pictureType(bytes: Buffer): { type: string; ext: string } | undefined {
  return SIGNATURES.find((s) => s.matches(bytes));
}

/** Refused: not a PNG, JPEG or WebP by its bytes. Error 1003, HTTP 415 (picture_type), naming `field`. */
function typeRefused(field: string): ServiceError {
  return fieldError(field, 'The picture must be a PNG, JPEG or WebP file (its contents are checked).', {
    reason: 'picture_type',
    status: 415,
  });
}

/**
 * The bytes of an upload, checked: base64 that decodes whole, at most PICTURE_MAX_BYTES, a PNG,
 * JPEG or WebP by its bytes.
 * @throws ServiceError 1003 naming `field`: 413 picture_too_large; 415 picture_type (also for
 * text that is not base64, or an empty file).
 */
export function checkedPicture(
  field: string,
  upload: PictureUpload,
): { bytes: Buffer; type: string; ext: string } {
  const text = upload.data.replace(/\s+/g, '').replace(/^data:[^,]*;base64,/, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) throw typeRefused(field);
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length > PICTURE_MAX_BYTES) {
    throw fieldError(
      field,
      `The picture is ${(bytes.length / 1024 / 1024).toFixed(1)} MB; at most ${PICTURE_MAX_BYTES / 1024 / 1024} MB is taken.`,
      { reason: 'picture_too_large', status: 413 },
    );
  }
  const kind = bytes.length === 0 ? undefined : pictureType(bytes);
  if (!kind) throw typeRefused(field);
  return { bytes, ...kind };
}

/**
 * Checks an uploaded picture (checkedPicture) and stores it in `tx`: answers its served path
 * `/media/<sha-256 prefix>.<ext>` (the same picture twice is stored once).
 * @throws ServiceError as checkedPicture.
 */
export async function storeUploadedPicture(tx: Tx, field: string, upload: PictureUpload): Promise<string> {
  const { bytes, type, ext } = checkedPicture(field, upload);
  const name = `${createHash('sha256').update(bytes).digest('hex').slice(0, 20)}.${ext}`;
  await tx.db
    .insertInto('media_files')
    .values({ name, content_type: type, bytes })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return `${MEDIA_PATH}${name}`;
}

import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { invoiceMessages } from '@parking/contract';
import { badRequest, notFound } from '../../plugins/app-error.js';

export const maxInvoicePdfBytes = 5 * 1024 * 1024;

/** A PDF judged by its first bytes, whatever it was sent as. */
export const checkInvoicePdf = (bytes: Buffer) => {
  if (bytes.length === 0) throw badRequest(invoiceMessages.empty);
  if (bytes.length > maxInvoicePdfBytes) throw badRequest(invoiceMessages.tooLarge);
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw badRequest(invoiceMessages.wrongType);
  return bytes;
};

/**
 * Writes the PDF under DATA_DIR/invoices/<tenant>/ by an unguessable name (written aside, then renamed)
 * and answers its path relative to DATA_DIR; only routes that check who asks ever read it.
 */
export const storeInvoicePdf = async (dataDir: string, tenantId: string, bytes: Buffer) => {
  const folder = join('invoices', tenantId);
  await mkdir(join(dataDir, folder), { recursive: true });
  const name = `${randomUUID()}.pdf`;
  const temporary = join(dataDir, folder, `.${name}.part`);
  await writeFile(temporary, bytes);
  await rename(temporary, join(dataDir, folder, name));
  return join(folder, name);
};

/** The stored PDF's absolute path, or undefined for a path that would leave DATA_DIR or is not a PDF. */
const fileOf = (dataDir: string, relative: string | null) => {
  const root = resolve(dataDir);
  const file = relative ? resolve(join(root, relative)) : '';
  return relative && file.startsWith(root + sep) && file.endsWith('.pdf') ? file : undefined;
};

/** The stored PDF's bytes; a path that would leave DATA_DIR, or a file gone, is not found. */
export const readInvoicePdf = async (dataDir: string, relative: string | null) => {
  const file = fileOf(dataDir, relative);
  if (!file) throw notFound(invoiceMessages.missing);
  return readFile(file).catch(() => {
    throw notFound(invoiceMessages.missing);
  });
};

/**
 * Deletes a stored PDF no invoice points at any more; one already gone is fine, and a path outside
 * DATA_DIR is never touched. A file that will not go stays (it is only space), never failing the flow.
 */
export const removeInvoicePdf = async (dataDir: string, relative: string | null) => {
  const file = fileOf(dataDir, relative);
  if (file) await unlink(file).catch(() => undefined);
};

import type { Db } from '../../db/client.js';
import { scheduledJob, type JobLogger } from '../../shared/periodic-job.js';
import { logOnlyInvoiceMail, type InvoiceMailSender, type InvoiceProvider } from './invoice-provider.js';
import { sandboxInvoiceProvider } from './invoice-sandbox-provider.js';
import { syncIssuingInvoices, type InvoiceDeps } from './invoice.service.js';

/** What the environment says about invoicing: INVOICE_PROVIDER (sandbox), INVOICE_SANDBOX_DELAY_MS, INVOICE_FONT. */
export interface InvoiceSettings {
  provider?: InvoiceProvider | undefined;
  mail?: InvoiceMailSender | undefined;
  dataDir: string;
  now: () => Date;
  log: JobLogger;
  env?: NodeJS.ProcessEnv;
}

const knownProviders: Readonly<Record<string, (env: NodeJS.ProcessEnv) => InvoiceProvider>> = {
  sandbox: (env) => sandboxInvoiceProvider({ delayMs: Number(env.INVOICE_SANDBOX_DELAY_MS ?? 5000), fontFile: env.INVOICE_FONT || undefined }),
};

/** The platform named by INVOICE_PROVIDER (default the sandbox) unless one is given; mail only logged unless a sender is given. */
export const invoiceDeps = (settings: InvoiceSettings): InvoiceDeps => {
  const env = settings.env ?? process.env;
  const name = env.INVOICE_PROVIDER || 'sandbox';
  const make = knownProviders[name];
  if (!settings.provider && !make) throw new Error(`INVOICE_PROVIDER=${name} is not a known invoice platform (known: ${Object.keys(knownProviders).join(', ')})`);
  return {
    provider: settings.provider ?? make!(env),
    mail: settings.mail ?? logOnlyInvoiceMail((details, message) => settings.log.info(details, message)),
    dataDir: settings.dataDir,
    now: settings.now,
  };
};

/** Asks the platform about every 开票中 invoice every `intervalMs`. */
export const invoiceSyncJob = (db: Db, deps: InvoiceDeps, intervalMs: number) =>
  scheduledJob({
    name: 'invoice-sync',
    intervalMs,
    pass: () => syncIssuingInvoices(db, deps),
    messages: {
      done: '开票结果已同步',
      failed: '同步开票结果失败',
      worthTelling: (result) => result.settled > 0,
    },
  });

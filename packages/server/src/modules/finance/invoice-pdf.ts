import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { buyerTypeNames, formatAmount, type BuyerType } from '@parking/contract';
import { shanghaiDateTime } from '../../shared/xlsx-export.js';

/** Where a CJK font is looked for: INVOICE_FONT first, then Debian's and other common places. */
const fontCandidates = (configured: string | undefined) => [
  ...(configured ? [configured] : []),
  '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc',
  '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc',
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/System/Library/Fonts/PingFang.ttc',
  'C:\\Windows\\Fonts\\msyh.ttc',
];
export const noFontCause = '服务器缺少中文字体，无法生成发票PDF：请安装 fonts-wqy-microhei 或以 INVOICE_FONT 指定字体文件后重试';

export const findCjkFont = (configured = process.env.INVOICE_FONT) => fontCandidates(configured).find((file) => existsSync(file));

export interface InvoicePdfContent {
  invoiceNo: string;
  issuedAt: Date;
  seller: { name: string };
  buyer: { type: BuyerType; title: string; taxNumber: string; email: string };
  items: { name: string; detail: string; amount: number }[];
  amount: number;
  red?: boolean;
}

/** Draws the invoice; the font file must hold the Chinese characters (a .ttc is read by its first face). */
export const renderInvoicePdf = (content: InvoicePdfContent, fontFile: string): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `电子发票 ${content.invoiceNo}`, Author: content.seller.name } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const face = fontFile.endsWith('.ttc') ? undefined : fontFile;
    try {
      doc.registerFont('cjk', fontFile, face ?? firstFaceName(fontFile));
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    doc.font('cjk');
    doc.fontSize(20).text(content.red ? '电子发票（红字）' : '电子发票（普通发票）', { align: 'center' });
    doc.moveDown(0.5).fontSize(10);
    doc.text(`发票号码：${content.invoiceNo}`);
    doc.text(`开票日期：${shanghaiDateTime(content.issuedAt).slice(0, 10)}`);
    doc.moveDown();
    doc.fontSize(12).text('购买方信息');
    doc.fontSize(10).text(`名称：${content.buyer.title}（${buyerTypeNames[content.buyer.type]}）`);
    if (content.buyer.taxNumber) doc.text(`统一社会信用代码/纳税人识别号：${content.buyer.taxNumber}`);
    doc.moveDown();
    doc.fontSize(12).text('销售方信息');
    doc.fontSize(10).text(`名称：${content.seller.name}`);
    doc.moveDown();
    doc.fontSize(12).text('项目');
    doc.fontSize(10);
    const row = (cells: [string, string, string]) => {
      const y = doc.y;
      doc.text(cells[0], 48, y, { width: 170 });
      doc.text(cells[1], 224, y, { width: 220 });
      doc.text(cells[2], 450, y, { width: 97, align: 'right' });
      doc.x = 48;
    };
    row(['项目名称', '车牌 / 支付时间', '金额（元）']);
    for (const item of content.items) row([item.name, item.detail, formatAmount(item.amount)]);
    doc.moveDown();
    doc.fontSize(12).text(`价税合计（小写）：¥${formatAmount(content.amount)}`);
    doc.end();
  });

/** pdfkit reads a font collection by the face's PostScript name; the first face of the known collections. */
const collectionFaces: Readonly<Record<string, string>> = {
  'wqy-microhei.ttc': 'WenQuanYiMicroHei',
  'wqy-zenhei.ttc': 'WenQuanYiZenHei',
  'NotoSansCJK-Regular.ttc': 'NotoSansCJKsc-Regular',
  'PingFang.ttc': 'PingFangSC-Regular',
  'msyh.ttc': 'MicrosoftYaHei',
};
const firstFaceName = (file: string) => collectionFaces[file.split(/[\\/]/).pop() ?? ''] ?? 'WenQuanYiMicroHei';

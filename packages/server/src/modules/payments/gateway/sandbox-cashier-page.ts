import { formatAmount } from '@parking/contract';
import type { SandboxCashierOrder } from './sandbox-gateway.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The page's own icon, inline, so a phone asks this server for no /favicon.ico it does not have. */
const favicon = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#13a85a"/><text x="16" y="23" font-size="18" text-anchor="middle" fill="#fff" font-family="sans-serif">¥</text></svg>')}`;

const stateText: Record<string, string> = { paid: '该订单已支付', cancelled: '该订单已取消' };

/** The sandbox provider's cashier, as a phone shows it: the amount, 确认支付 and 取消. */
export const sandboxCashierPage = (trade: SandboxCashierOrder | undefined, paths: { confirm: string; cancel: string }) => {
  const body = !trade
    ? '<p class="note">收银台订单不存在</p>'
    : `<p class="subject">${escapeHtml(trade.subject)}</p>
    <p class="amount">¥<strong data-testid="cashier-amount">${formatAmount(trade.amount)}</strong></p>
    <p class="no">订单号 ${escapeHtml(trade.gatewayOrderNo)}</p>
    ${
      trade.state === 'pending'
        ? `<form method="post" action="${escapeHtml(paths.confirm)}"><button type="submit" class="pay">确认支付</button></form>
    <form method="post" action="${escapeHtml(paths.cancel)}"><button type="submit" class="cancel">取消</button></form>`
        : `<p class="note">${stateText[trade.state] ?? ''}</p><a class="back" href="${escapeHtml(trade.returnUrl)}">返回订单</a>`
    }`;
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>沙箱收银台</title>
<link rel="icon" href="${favicon}">
<style>
  body { margin: 0; font-family: -apple-system, "PingFang SC", "Microsoft YaHei", "WenQuanYi Micro Hei", sans-serif; background: #f5f7fa; color: #262626; }
  header { height: 48px; line-height: 48px; text-align: center; font-size: 17px; font-weight: 600; color: #fff; background: #13a85a; }
  main { max-width: 480px; margin: 0 auto; padding: 24px 16px; text-align: center; }
  .badge { display: inline-block; padding: 2px 8px; font-size: 12px; color: #ad6800; background: #fffbe6; border: 1px solid #ffe58f; border-radius: 4px; }
  .subject { margin: 16px 0 4px; color: #595959; }
  .amount { margin: 8px 0; font-size: 20px; } .amount strong { font-size: 40px; }
  .no { margin: 0 0 32px; font-size: 12px; color: #8c8c8c; word-break: break-all; }
  form { margin: 12px 0; }
  button { width: 100%; height: 44px; font-size: 16px; border-radius: 6px; border: 1px solid #d9d9d9; background: #fff; }
  button.pay { color: #fff; background: #13a85a; border-color: #13a85a; }
  .note { margin: 24px 0; font-size: 16px; } .back { color: #1677ff; }
</style>
</head>
<body>
<header>沙箱收银台</header>
<main>
  <span class="badge">测试环境：不会产生真实扣款</span>
  ${body}
</main>
</body>
</html>`;
};

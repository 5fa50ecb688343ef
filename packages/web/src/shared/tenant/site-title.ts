/** The site's title where a tenant names none (and before its branding has come). */
export const defaultSiteTitle = '智慧停车管理平台';

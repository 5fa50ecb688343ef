/** What a person recognises of a browser's user agent: "Chrome 131 · Windows", "微信 · iPhone". */
export function userAgentLabel(userAgent: string): string {
  if (!userAgent) return '未知设备';
  const browser =
    match(userAgent, /MicroMessenger\/([\d]+)/, '微信') ??
    match(userAgent, /Edg\/(\d+)/, 'Edge') ??
    match(userAgent, /Firefox\/(\d+)/, 'Firefox') ??
    match(userAgent, /(?:Chrome|Chromium)\/(\d+)/, 'Chrome') ??
    match(userAgent, /Version\/(\d+)[\d.]* .*Safari\//, 'Safari') ??
    (/HeadlessChrome/.test(userAgent) ? 'Chrome' : undefined);
  const system = /iPhone/.test(userAgent)
    ? 'iPhone'
    : /iPad/.test(userAgent)
      ? 'iPad'
      : /Android/.test(userAgent)
        ? 'Android'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(userAgent)
            ? 'macOS'
            : /Linux/.test(userAgent)
              ? 'Linux'
              : undefined;
  const parts = [browser, system].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : userAgent.slice(0, 40);
}

function match(userAgent: string, pattern: RegExp, name: string): string | undefined {
  const found = pattern.exec(userAgent);
  return found ? (name === '微信' ? name : `${name} ${found[1]}`) : undefined;
}

import { describe, expect, it } from 'vitest';
import { userAgentLabel } from './user-agent-label';

describe('userAgentLabel', () => {
  it('names Chrome on Windows by its major version', () => {
    const ua = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    expect(userAgentLabel(ua)).toBe('Chrome 131 · Windows');
  });

  it('tells Edge from the Chrome it is built on', () => {
    const ua = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.2849.68';
    expect(userAgentLabel(ua)).toBe('Edge 130 · Windows');
  });

  it('names WeChat on an iPhone, and Safari on a Mac', () => {
    expect(userAgentLabel('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.49')).toBe('微信 · iPhone');
    expect(userAgentLabel('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15')).toBe('Safari 17 · macOS');
  });

  it('says 未知设备 when nothing was sent, and shows the start of anything unrecognised', () => {
    expect(userAgentLabel('')).toBe('未知设备');
    expect(userAgentLabel('curl/8.4.0')).toBe('curl/8.4.0');
  });
});

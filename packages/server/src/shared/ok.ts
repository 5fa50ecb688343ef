/** The success envelope, `code` 200; `msg` is what the console shows after a write ("新增成功"). */
export const ok = <T>(data: T, msg = '成功') => ({ code: 200, msg, data });

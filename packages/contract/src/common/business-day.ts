const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The business day (in Asia/Shanghai, whatever the server's zone) a moment falls on, as YYYY-MM-DD. */
export const businessDay = (at: Date = new Date()) => dayFormat.format(at);

/** The moment a business day (YYYY-MM-DD) begins in Asia/Shanghai. */
export const businessDayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The business day (in Asia/Shanghai, whatever the server's zone) a moment falls on, as YYYY-MM-DD. */
export const businessDay = (at: Date = new Date()) => dayFormat.format(at);

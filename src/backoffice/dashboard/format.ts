/** How the dashboards write their numbers (money from the API's 2-decimal strings). */
export const amount = (value: string | number | undefined | null) => Number(value ?? 0);

export function moneyText(locale: string, value: number): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'CNY', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

export const countText = (locale: string, value: number) => new Intl.NumberFormat(locale).format(value);

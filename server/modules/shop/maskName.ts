/** A shopper's name as other shoppers see it (reviews, group members): '张三丰' → '张***丰', 'bob' → 'b***b', 'x' → 'x***'. */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length === 0) return '***';
  return chars.length === 1 ? `${chars[0]}***` : `${chars[0]}***${chars[chars.length - 1]}`;
}

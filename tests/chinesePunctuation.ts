/**
 * Chinese texts use Chinese punctuation (BRIEF; issue 30: "操作成功.", "不能为空."). The problems
 * of one zh-cn text: ASCII sentence punctuation at its end, or after a Chinese character inside
 * it ("已取消. 如果…"), where 。，？！：； belong. Placeholders and plurals (`{max}`) are left alone.
 */
const CJK = /[\u3400-\u9fff\uff08\uff09\u300c\u300d\u3010\u3011]/;

export function punctuationProblems(text: string): string[] {
  if (!CJK.test(text)) return [];
  const problems: string[] = [];
  const bare = text.replace(/\{[^{}]*(\{[^{}]*\}[^{}]*)*\}/g, '0');
  if (/[.,!?;:]\s*$/.test(bare) && !/\.\.\.$/.test(bare)) problems.push(`ends in "${bare.trim().slice(-1)}"`);
  const inside = bare.match(/[\u3400-\u9fff\uff09\u300d\u3011][.,!?;:](?=\s+\S|[\u3400-\u9fff])/g);
  if (inside) problems.push(...inside.map((m) => `"${m}" inside`));
  return problems;
}

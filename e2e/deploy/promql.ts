/**
 * Just enough PromQL reading for the deployment tests: which series an expression names and which labels it matches
 * on or groups by. Not a full parser: it reads the shapes our dashboard, rules and KEDA query use (selectors,
 * functions, aggregations with by/without, ranges and subqueries, binary operators, offsets) and reports what it
 * cannot read, so an expression it misunderstands fails the test instead of passing unchecked.
 */

const AGGREGATIONS = new Set(['sum', 'min', 'max', 'avg', 'count', 'stddev', 'stdvar', 'topk', 'bottomk', 'quantile', 'count_values', 'group']);

/** Words of the language that are never series names. */
const KEYWORDS = new Set([
  'and', 'or', 'unless', 'by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'bool', 'offset',
  'sum', 'min', 'max', 'avg', 'count', 'stddev', 'stdvar', 'topk', 'bottomk', 'quantile', 'count_values', 'group',
  'inf', 'nan',
]);

export interface Selector {
  metric: string;
  /** Label names its matchers test (`{queue="x", state=~"a|b"}` → queue, state). */
  labels: string[];
}

export interface PromqlReading {
  selectors: Selector[];
  /** Label names of every `by (...)`, `without (...)`, `on (...)`, `ignoring (...)` and `group_left (...)`. */
  groupings: string[];
  /** Functions called (rate, histogram_quantile, ...). */
  functions: string[];
  /** What could not be read: unbalanced brackets, an unterminated string, a stray character. */
  problems: string[];
}

/** Grafana's variables ($__rate_interval, ${datasource}) stand for durations or values; read them as such. */
function withoutGrafanaVariables(expr: string): string {
  return expr.replace(/\$\{?__\w+\}?/g, '5m').replace(/\$\{?\w+\}?/g, 'x');
}

export function readPromql(source: string): PromqlReading {
  const expr = withoutGrafanaVariables(source);
  const reading: PromqlReading = { selectors: [], groupings: [], functions: [], problems: [] };
  const stack: string[] = [];
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  let i = 0;
  /** The identifier just read, waiting to know whether a `(` (function) or a `{` (selector) follows. */
  let pending: string | null = null;
  /** The previous word was by/without/on/ignoring/group_left/group_right: the next `(...)` lists labels. */
  let labelList = false;
  const flushPending = () => {
    if (pending !== null) reading.selectors.push({ metric: pending, labels: [] });
    pending = null;
  };
  while (i < expr.length) {
    const c = expr[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '#') {
      // A comment runs to the end of the line.
      while (i < expr.length && expr[i] !== '\n') i++;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') {
      const end = stringEnd(expr, i);
      if (end < 0) {
        reading.problems.push(`unterminated string at ${i}`);
        break;
      }
      i = end + 1;
      continue;
    }
    if (c === '{') {
      const end = expr.indexOf('}', i);
      if (end < 0) {
        reading.problems.push(`unclosed { at ${i}`);
        break;
      }
      const labels = matcherLabels(expr.slice(i + 1, end), reading.problems);
      if (pending !== null) reading.selectors.push({ metric: pending, labels });
      else if (labels.includes('__name__')) reading.problems.push('selectors by __name__ are not read');
      else reading.problems.push(`a selector without a metric name at ${i}`);
      pending = null;
      i = end + 1;
      continue;
    }
    if (c === '[') {
      flushPending();
      const end = expr.indexOf(']', i);
      if (end < 0 || !/^\s*\d+[smhdwy](\s*:\s*(\d+[smhdwy])?)?\s*$/.test(expr.slice(i + 1, end))) {
        reading.problems.push(`a range or subquery that is not [<duration>] or [<duration>:<step>] at ${i}`);
        break;
      }
      i = end + 1;
      continue;
    }
    if (c === '(') {
      if (labelList) {
        const end = expr.indexOf(')', i);
        if (end < 0) {
          reading.problems.push(`unclosed ( at ${i}`);
          break;
        }
        const names = expr.slice(i + 1, end).split(',').map((s) => s.trim()).filter(Boolean);
        for (const name of names) {
          if (!/^[a-zA-Z_]\w*$/.test(name)) reading.problems.push(`'${name}' is not a label name`);
          reading.groupings.push(name);
        }
        labelList = false;
        i = end + 1;
        continue;
      }
      if (pending !== null) {
        if (KEYWORDS.has(pending) && !AGGREGATIONS.has(pending)) reading.problems.push(`'${pending}' before (`);
        else reading.functions.push(pending);
        pending = null;
      }
      stack.push('(');
      i++;
      continue;
    }
    if (c === ')' || c === ']' || c === '}') {
      flushPending();
      if (stack.pop() !== pairs[c]) reading.problems.push(`unbalanced ${c} at ${i}`);
      i++;
      continue;
    }
    const word = /^[a-zA-Z_:][\w:]*/.exec(expr.slice(i));
    if (word) {
      const w = word[0];
      i += w.length;
      labelList = false; // `group_left` may stand without a list: a word after it ends the wait for one
      if (['by', 'without', 'on', 'ignoring', 'group_left', 'group_right'].includes(w)) {
        // `sum by (x) (...)`: the aggregation's clause, not a series named sum.
        if (pending !== null && AGGREGATIONS.has(pending)) {
          reading.functions.push(pending);
          pending = null;
        } else flushPending();
        labelList = true;
        continue;
      }
      flushPending();
      if (w === 'offset') {
        const duration = /^\s*-?\d+[smhdwy]/.exec(expr.slice(i));
        if (!duration) reading.problems.push(`offset without a duration at ${i}`);
        else i += duration[0].length;
        continue;
      }
      if (KEYWORDS.has(w.toLowerCase()) && !AGGREGATIONS.has(w)) continue;
      pending = w;
      continue;
    }
    const number = /^(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?/i.exec(expr.slice(i));
    if (number) {
      flushPending();
      i += number[0].length;
      continue;
    }
    const operator = /^(==|!=|>=|<=|=~|!~|[-+*/%^<>])/.exec(expr.slice(i));
    if (operator || c === ',') {
      flushPending();
      i += operator ? operator[0].length : 1;
      continue;
    }
    reading.problems.push(`unexpected '${c}' at ${i}`);
    break;
  }
  flushPending();
  if (stack.length) reading.problems.push(`unclosed ${stack.join('')}`);
  // A keyword left where a series stands (`sum` alone) is one the reader could not place.
  reading.selectors = reading.selectors.filter((s) => {
    if (KEYWORDS.has(s.metric)) {
      reading.problems.push(`'${s.metric}' where a series was expected`);
      return false;
    }
    return true;
  });
  return reading;
}

function stringEnd(expr: string, start: number): number {
  const quote = expr[start];
  for (let j = start + 1; j < expr.length; j++) {
    if (expr[j] === '\\' && quote !== '`') j++;
    else if (expr[j] === quote) return j;
  }
  return -1;
}

function matcherLabels(body: string, problems: string[]): string[] {
  const labels: string[] = [];
  // Strings out first: a value may hold commas and operators.
  const bare = body.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""');
  for (const part of bare.split(',').map((s) => s.trim()).filter(Boolean)) {
    const m = /^([a-zA-Z_]\w*)\s*(=~|!~|!=|=)\s*""$/.exec(part);
    if (!m) problems.push(`a label matcher that is not <label><op>"<value>": ${part}`);
    else labels.push(m[1]);
  }
  return labels;
}

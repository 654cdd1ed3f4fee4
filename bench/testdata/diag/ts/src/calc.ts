// Seeded type errors: tsc reports each with its file, line and column.
interface Account {
  id: number;
  balance: number;
}

export function count(): number {
  const n: number = "three";
  return n;
}

export function name(): string {
  return 42;
}

export function total(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0).length;
}

export function owner(a: Account): number {
  return a.owner;
}

export function call(): void {
  count(1);
}

export function undefinedName(): number {
  return missing + 1;
}

export function upper(x: number): string {
  return x.toUpperCase();
}

export function account(): Account {
  return { id: 1 };
}

export function extra(): Account {
  return { id: 1, balance: 2, extra: 3 };
}

export function wrongArg(): number {
  return Math.max("1", 2);
}

export function optional(v?: number): number {
  return v + 1;
}

export function constant(): void {
  const c = 1;
  c = 2;
}

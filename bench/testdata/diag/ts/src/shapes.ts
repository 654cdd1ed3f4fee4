// More seeded type errors, in a second file.
type Shape = { kind: "circle"; r: number } | { kind: "square"; side: number };

export function area(s: Shape): number {
  if (s.kind === "circle") {
    return Math.PI * s.side;
  }
  return s.side * s.side;
}

export function kinds(): Shape["kind"][] {
  return ["circle", "triangle"];
}

export function list(): string[] {
  return [1, 2];
}

export function tuple(): [number, number] {
  return [1, 2, 3];
}

export function notCallable(): void {
  const x = 5;
  x();
}

export function unknownType(x: Missing): number {
  return 0;
}

export function promise(): Promise<number> {
  return 1;
}

export function compare(a: string): boolean {
  return a === 1;
}

export function spread(): number {
  const f = (a: number, b: number) => a + b;
  return f(1);
}

export function nullable(): string {
  const s: string | null = null;
  return s.trim();
}

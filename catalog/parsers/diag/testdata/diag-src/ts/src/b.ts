import { missing } from "./nope";
export function g(x: string): number {
  return x;
}
class C { private k = 1 }
new C().k;
const t: [number, string] = [1, 2];
let v = "a" * 2;
function h(): string {}
const m = new Map<string, number>();
m.set(1, 2);
enum E { A }
const e: E = "A";
type T = { readonly r: number };
const tt: T = { r: 1 };
tt.r = 2;
const unused = 5;
export const z = g(3);

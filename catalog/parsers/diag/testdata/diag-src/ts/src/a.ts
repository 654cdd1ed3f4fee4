const n: number = "one";
let s: string = 42;
function add(a: number, b: number): number {
  return a + b;
}
add("x", 2);
add(1);
const o = { a: 1 };
o.b = 2;
let u: undefined = null;
interface P { name: string; age: number }
const p: P = { name: "x" };
const q: P = { name: "x", age: 3, extra: true };
function f(x) { return x; }
undefinedVar + 1;
const arr: number[] = [1, "2", 3];

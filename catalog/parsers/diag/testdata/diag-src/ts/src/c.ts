export let fn: (x: number) => string = (x: string) => 1;
export const w: { a: { b: number } } = { a: { b: "x" } };

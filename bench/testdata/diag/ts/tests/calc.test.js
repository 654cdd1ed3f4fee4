// jest tests of a small calculator whose seeded bugs they catch.
const add = (a, b) => a - b;
const mul = (a, b) => a * b;
const div = (a, b) => b / a;

test("adds", () => {
  expect(add(2, 3)).toBe(5);
});

test("multiplies", () => {
  expect(mul(2, 3)).toBe(6);
});

test("divides", () => {
  expect(div(6, 3)).toBe(2);
});

test("throws", () => {
  throw new Error("seeded");
});

test.skip("skipped", () => {});

use std::collections::HashMap;

pub fn add(a: i32, b: i32) -> i32 {
    let unused = 5;
    a + b
}

pub fn typed() -> i32 {
    let s: i32 = "text";
    s
}

pub fn borrow() {
    let mut v = vec![1, 2, 3];
    let first = &v[0];
    v.push(4);
    println!("{}", first);
}

pub fn moved() -> String {
    let s = String::from("x");
    let t = s;
    s
}

pub fn missing() -> u8 {
    undefined_fn()
}

pub fn takes_string(s: String) -> usize {
    s.len()
}

pub fn caller() -> usize {
    takes_string("literal")
}

pub struct Point {
    pub x: i32,
}

pub fn no_field(p: &Point) -> i32 {
    p.y
}

pub fn wrong_arity() -> i32 {
    add(1)
}

pub fn immutable() {
    let n = 1;
    n = 2;
    println!("{}", n);
}

pub fn no_method() -> usize {
    let x = 5u32;
    x.length()
}

pub fn mismatch_return() -> String {
    42
}

fn dead() {}

pub fn unused_mut() -> i32 {
    let mut k = 3;
    k
}

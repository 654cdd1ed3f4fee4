// Seeded type errors: cargo build reports each with its file, line and column.
pub struct Account {
    pub id: u32,
    pub balance: i64,
}

pub fn count() -> i32 {
    let n: i32 = "three";
    n
}

pub fn name() -> String {
    42
}

pub fn total(xs: &[i64]) -> i64 {
    let mut sum = 0;
    for x in xs {
        sum += x;
    }
    sum.len()
}

pub fn owner(a: &Account) -> u32 {
    a.owner
}

pub fn call() {
    count(1);
}

pub fn undefined() -> i32 {
    missing + 1
}

pub fn assign() {
    let x = 1;
    x = 2;
}

pub fn compare() -> bool {
    "yes" == 1
}

pub fn index(v: Vec<u8>) -> u8 {
    v["0"]
}

pub fn method(a: Account) -> i64 {
    a.deposit(5)
}

pub fn deref() -> i32 {
    let x = 5;
    *x
}

pub fn args() {
    let f = |a: i32, b: i32| a + b;
    f("a", 2);
}

pub fn ret() -> Result<i32, String> {
    1
}

pub fn neg() -> String {
    -String::new()
}

pub fn unknown_type(x: Missing) -> i32 {
    0
}

pub fn field_init() -> Account {
    Account { id: 1 }
}

pub fn wrong_struct() -> Account {
    Account { id: 1, balance: 2, extra: 3 }
}

pub fn if_types(c: bool) -> i32 {
    if c { 1 } else { "two" }
}

pub fn not_bool() {
    if 1 {}
}

pub fn tuple() -> (i32, i32) {
    (1, 2, 3)
}

pub fn needless(x: i32) -> i32 {
    return x + 1;
}

pub fn compare(v: &Vec<i32>) -> bool {
    v.len() == 0
}

pub fn clone_copy(x: &i32) -> i32 {
    let y = x.clone();
    y
}

pub fn ratio() -> f64 {
    3.14159
}

#[deny(clippy::approx_constant)]
pub fn denied() -> f64 {
    3.14159 * 2.0
}

pub fn redundant(s: &str) -> String {
    format!("{}", s.to_string())
}

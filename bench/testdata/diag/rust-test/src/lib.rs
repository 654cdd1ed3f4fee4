//! A small calculator whose seeded bugs its tests catch.

/// Returns a+b (seeded bug: subtracts).
pub fn add(a: i32, b: i32) -> i32 {
    a - b
}

/// Returns a*b.
pub fn mul(a: i32, b: i32) -> i32 {
    a * b
}

/// Returns a/b (seeded bug: the wrong order).
pub fn div(a: i32, b: i32) -> i32 {
    b / a
}

/// Returns |a| (seeded bug: wrong for negatives).
pub fn abs(a: i32) -> i32 {
    a
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adds() {
        assert_eq!(add(2, 3), 5);
    }

    #[test]
    fn multiplies() {
        assert_eq!(mul(2, 3), 6);
    }

    #[test]
    fn divides() {
        assert_eq!(div(6, 3), 2, "div(6, 3)");
    }

    #[test]
    fn absolute() {
        assert!(abs(-2) == 2, "abs(-2) = {}", abs(-2));
    }

    #[test]
    fn panics() {
        let v: Vec<i32> = Vec::new();
        let _ = v[3];
    }

    #[test]
    #[ignore]
    fn ignored() {}
}

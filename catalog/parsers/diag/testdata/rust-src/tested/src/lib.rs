/// Adds two numbers.
///
/// ```
/// assert_eq!(tested::add(1, 2), 3);
/// ```
///
/// ```
/// assert_eq!(tested::add(1, 2), 4);
/// ```
pub fn add(a: i32, b: i32) -> i32 {
    let unused = 1;
    a + b
}

pub fn divide(a: i32, b: i32) -> i32 {
    if b == 0 {
        panic!("division by zero: {} / {}", a, b);
    }
    a / b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adds() {
        assert_eq!(add(2, 2), 4);
    }

    #[test]
    fn adds_wrong() {
        println!("computing 2 + 2");
        assert_eq!(add(2, 2), 5, "two plus two");
    }

    #[test]
    fn divides_by_zero() {
        eprintln!("about to divide");
        divide(1, 0);
    }

    #[test]
    #[ignore]
    fn slow() {
        assert!(true);
    }

    #[test]
    #[should_panic(expected = "division")]
    fn panics_as_expected() {
        divide(1, 0);
    }

    #[test]
    fn multi_line_output() {
        println!("line one");
        println!();
        println!("line three after a blank");
        assert!(false, "failed\nwith two lines");
    }
}

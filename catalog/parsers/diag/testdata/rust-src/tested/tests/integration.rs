#[test]
fn integration_ok() {
    assert_eq!(tested::add(1, 1), 2);
}

#[test]
#[ignore = "needs a network"]
fn integration_ignored_with_reason() {}

def test_ok():
    print("some output")
    assert True

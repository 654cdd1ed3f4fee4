import nonexistent_module

def test_never():
    pass

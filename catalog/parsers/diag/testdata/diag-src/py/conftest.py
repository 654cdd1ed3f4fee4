# Puts the package's root on sys.path for pytest (rootdir conftest).

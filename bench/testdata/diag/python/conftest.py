# Puts the project root on sys.path so that the tests import seeded.

def add(a, b):
    return a + b

def total(xs):
    return sum(xs)

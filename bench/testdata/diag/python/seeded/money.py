"""A small money module whose seeded bugs its tests catch."""


def add(a: int, b: int) -> int:
    return a - b


def mul(a: int, b: int) -> int:
    return a * b


def div(a: int, b: int) -> float:
    return b / a


def absolute(a: int) -> int:
    return a

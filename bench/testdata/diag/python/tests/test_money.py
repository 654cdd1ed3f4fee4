import pytest

from seeded.money import absolute, add, div, mul


def test_add():
    assert add(2, 3) == 5


def test_mul():
    assert mul(2, 3) == 6


def test_div():
    assert div(6, 3) == 2


@pytest.mark.parametrize("value,expected", [(1, 1), (-2, 2)])
def test_absolute(value, expected):
    assert absolute(value) == expected


def test_raises():
    raise KeyError("seeded")


@pytest.mark.skip(reason="seeded skip")
def test_skipped():
    pass
